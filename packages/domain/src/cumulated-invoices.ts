/**
 * Cumulated invoices (spec 01 §3 "Invoice", §7 "Cumulated invoices"; shared/BILLING.md "Invoices"): a
 * setting per customer with two modes, never both for one period.
 *
 * - `statement`: at the end of each month a statement lists the customer's invoices of that month. It is
 *   not an invoice: it states no VAT of its own and is numbered in its own gapless series (ST-{YYYY}-n).
 * - `collective`: the customer's recurring charges of a month are not invoiced one by one; the billing run
 *   collects each into the month's open collective period, and at the month's end one real invoice (type
 *   `cumulated invoice`, one VAT breakdown) is issued for all of them and charged once.
 *
 * A period is one row per customer and month whatever its mode (unique), which is what makes "never both"
 * hold: a month that collected charges gets no statement, and the other way round.
 */
import { z } from 'zod';
import { amountSchema } from './money.ts';

export const CUMULATED_INVOICE_MODES = ['off', 'statement', 'collective'] as const;
export type CumulatedInvoiceMode = (typeof CUMULATED_INVOICE_MODES)[number];
export const CUMULATED_PERIOD_MODES = ['statement', 'collective'] as const;
export type CumulatedPeriodMode = (typeof CUMULATED_PERIOD_MODES)[number];

/**
 * `open`: a collective period still collecting; `invoiced`: its invoice issued, the charge not started
 * yet; `closed`: done (a statement is closed when it is made).
 */
export const CUMULATED_STATUSES = ['open', 'invoiced', 'closed'] as const;
export type CumulatedStatus = (typeof CUMULATED_STATUSES)[number];

/** The labels staff see for the customer setting. */
export const CUMULATED_MODE_LABELS: Record<CumulatedInvoiceMode, string> = {
  off: 'Off: one invoice per charge',
  statement: 'Monthly statement of the invoices',
  collective: 'Monthly collective invoice',
};

/** One invoice a statement lists (amounts as issued, VAT included: the statement adds none). */
export const statementEntrySchema = z.object({
  invoice_id: z.number().int(),
  number: z.string(),
  type: z.string(),
  issue_date: z.string(),
  gross: amountSchema,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;
/** As stored (jsonb has no bigint): the gross in minor units as a decimal integer string. */
export type StoredStatementEntry = Omit<StatementEntry, 'gross'> & { gross: string };

export const cumulatedInvoiceSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  mode: z.enum(CUMULATED_PERIOD_MODES),
  /** The period, inclusive dates in the company's time zone (a calendar month). */
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(CUMULATED_STATUSES),
  /** A statement's own number (ST-…); a collective period's is its invoice's. */
  number: z.string().nullable(),
  /** The collective invoice once issued, else null (always null for a statement). */
  invoice_id: z.number().int().nullable(),
  /** What a statement lists. */
  entries: z.array(statementEntrySchema),
  /** The recurring payments a collective period collected. */
  recurring_payment_ids: z.array(z.number().int()),
  /** A statement: the sum of the invoices it lists; a collective period: of the charges it collected. */
  total: amountSchema,
  currency: z.string(),
  /** Why the collective invoice's charge could not be started, else null (staff charge it on the invoice). */
  charge_error: z.string().nullable(),
  has_pdf: z.boolean(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
});
export type CumulatedInvoice = z.infer<typeof cumulatedInvoiceSchema>;

/** One document with its stored HTML (GET cumulated-invoices/{id}, GET cumulative-invoices?…). */
export const cumulatedInvoiceDetailSchema = cumulatedInvoiceSchema.extend({ html: z.string().nullable() });
export type CumulatedInvoiceDetail = z.infer<typeof cumulatedInvoiceDetailSchema>;

/** GET cumulated-invoices: the list, optionally one customer's or one mode's. */
export const cumulatedListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  customer_id: z.coerce.number().int().positive().optional(),
  mode: z.enum(CUMULATED_PERIOD_MODES).optional(),
});

/** The keys GET cumulative-invoices?{query}={id} looks a document up by. */
export const CUMULATED_QUERY_KEYS = ['id', 'invoice_id', 'recurring_payment_id', 'customer_id'] as const;
export type CumulatedQueryKey = (typeof CUMULATED_QUERY_KEYS)[number];

export const cumulatedQuerySchema = z
  .object(
    Object.fromEntries(CUMULATED_QUERY_KEYS.map((k) => [k, z.coerce.number().int().positive().optional()])),
  )
  .transform((q, ctx) => {
    const given = CUMULATED_QUERY_KEYS.filter((k) => q[k] !== undefined);
    const key = given[0];
    if (given.length !== 1 || !key) {
      ctx.addIssue({
        code: 'custom',
        message: `Give exactly one of ${CUMULATED_QUERY_KEYS.join(', ')}.`,
        path: ['id'],
      });
      return z.NEVER;
    }
    return { key, id: q[key] as number };
  });

/** The first and last day of the calendar month of `date` (YYYY-MM-DD). */
export function monthOf(date: string): { start: string; end: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The calendar month before the one of `date`. */
export function previousMonthOf(date: string): { start: string; end: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const prev = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  return monthOf(prev);
}
