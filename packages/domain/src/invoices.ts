/**
 * Invoices (spec 01 §3 "Invoice", §4 "Invoice payment status", §7 "Invoices", §8; shared/BILLING.md
 * "Invoices"). An invoice is a `draft` until issued; issuing numbers it (gapless per company and series),
 * computes its tax with `invoiceTax` (invoice-tax.ts), renders its HTML and freezes its legal content.
 * After that only its payment status, `recovered_at` and its links change (a database trigger refuses
 * the rest); corrections are new documents pointing at it (`original_invoice`).
 *
 * Payment status is the spec's invoice settlement. `INVOICE_PAYMENT_TRANSITIONS`: a charge starts an
 * attempt (`pending payment` while it runs, and after it on the offline gateway), its answer settles or
 * fails the invoice, staff settle it by hand with a transaction id. `recovered_at` is set when an
 * invoice whose payment failed is settled later (dunning's success measure).
 */
import { z } from 'zod';
import { addressFieldsSchema } from './addresses.ts';
import { booleanFilter, isoDate, safeText } from './api.ts';
import { INVOICE_SETTLEMENTS, INVOICE_TYPES, type InvoiceSettlement, PAYMENT_GATEWAYS } from './enums.ts';
import { CORRECTION_TEXTS } from './invoice-corrections.ts';
import { TAX_RULES } from './invoice-tax.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

export { TAX_RULES, type TaxRule } from './invoice-tax.ts';

/** The document's own life: numbered and frozen once issued. */
export const INVOICE_STATUSES = ['draft', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The series an invoice is numbered in (corrections may get their own later: a setting). */
export const INVOICE_SERIES = ['invoice'] as const;

// ---- records ----

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  /** Net or gross as the invoice's `tax_rule` says. */
  unit_price: amountSchema,
  discount: amountSchema,
  tax_percent: z.string(),
  net: amountSchema,
  tax: amountSchema,
  gross: amountSchema,
  order_item_id: z.number().int().nullable(),
  subscription_id: z.number().int().nullable(),
  /** A rental's billing period this line charges (inclusive dates), else null. */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** One VAT breakdown entry (EN 16931 BG-23): taxable amount, rate, tax. */
export const invoiceTaxBreakdownSchema = z.object({
  tax_percent: z.string(),
  net: amountSchema,
  tax: amountSchema,
  gross: amountSchema,
});

/** The seller's legal details as the `invoice` settings held them at issue. */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  details: z.record(z.string(), z.unknown()),
});

/** The buyer as the order (or customer) held them at issue. */
export const invoiceBuyerSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: addressFieldsSchema.nullable(),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  type: z.enum(INVOICE_TYPES),
  /** Null until issued. */
  number: z.string().nullable(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  currency: z.string(),
  /** The language the document is written in (the customer's). */
  language: z.string(),
  customer_id: z.number().int(),
  customer: invoiceBuyerSchema,
  seller: invoiceSellerSchema,
  lines: z.array(invoiceLineSchema),
  tax_rule: z.enum(TAX_RULES),
  tax_breakdown: z.array(invoiceTaxBreakdownSchema),
  net: amountSchema,
  tax: amountSchema,
  gross: amountSchema,
  payment_status: z.enum(INVOICE_SETTLEMENTS),
  recovered_at: z.string().nullable(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  order_id: z.number().int().nullable(),
  subscription_id: z.number().int().nullable(),
  recurring_payment_id: z.number().int().nullable(),
  /** The invoice a correction corrects (spec field name); null on an ordinary invoice. */
  original_invoice: z.number().int().nullable(),
  /** The cancellation invoice of this invoice once cancelled (invoice-corrections.ts), else null. */
  cancellation_invoice: z.number().int().nullable(),
  /** That cancellation's frozen HTML (spec field name), else null. */
  cancellation_html: z.string().nullable(),
  /** The latest payment attempt, if any. */
  transaction_id: z.number().int().nullable(),
  /** What its refund invoices gave back so far (their succeeded refund attempts). */
  refunded_amount: amountSchema,
  html: z.string().nullable(),
  /** True when the PDF is stored (GET invoices/pdf?id= serves it). */
  has_pdf: z.boolean(),
  pdf_sha256: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** A row of GET paginated-invoices. */
export const invoiceListRowSchema = invoiceSchema
  .pick({
    id: true,
    status: true,
    type: true,
    number: true,
    issue_date: true,
    due_date: true,
    currency: true,
    customer_id: true,
    net: true,
    tax: true,
    gross: true,
    payment_status: true,
    recovered_at: true,
    gateway: true,
    order_id: true,
    subscription_id: true,
    recurring_payment_id: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ customer_name: z.string() });
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

// ---- inputs ----

/** POST invoices/{id}/settle: the reference of the money received (a bank transfer's, a receipt's). */
export const invoiceSettleSchema = z.object({
  transaction_id: safeText().trim().min(1, MESSAGES.required).max(200),
});
export type InvoiceSettleInput = z.infer<typeof invoiceSettleSchema>;

/** POST invoices/{id}/charge: no body needed; a message is kept on the event. */
export const invoiceChargeSchema = z
  .object({ message: safeText().trim().max(2000).optional() })
  .optional()
  .transform((v) => v ?? {});

/** GET invoices?{query}={id}: exactly one key. */
export const INVOICE_QUERY_KEYS = [
  'order_id',
  'subscription_id',
  'recurring_payment_id',
  'transaction_id',
] as const;
export type InvoiceQueryKey = (typeof INVOICE_QUERY_KEYS)[number];
export const invoiceQuerySchema = z
  .object(
    Object.fromEntries(INVOICE_QUERY_KEYS.map((k) => [k, z.coerce.number().int().positive().optional()])),
  )
  .transform((q, ctx) => {
    const given = INVOICE_QUERY_KEYS.filter((k) => q[k] !== undefined);
    const key = given[0];
    if (given.length !== 1 || !key) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invoiceQueryRequired, path: ['order_id'] });
      return z.NEVER;
    }
    return { key, id: q[key] as number };
  });

/** POST /api/{company}/order/generate-offline-invoice. */
export const generateOfflineInvoiceSchema = z.object({ order_id: z.coerce.number().int().positive() });

/** GET invoices/pdf?id=. */
export const invoicePdfQuerySchema = z.object({ id: z.coerce.number().int().positive() });

// ---- lists ----

export const INVOICE_SORTS = [
  'id',
  'number',
  'issue_date',
  'due_date',
  'gross',
  'payment_status',
  'created_at',
] as const;

const listId = z.coerce.number().int().positive().optional();
export const invoiceFiltersSchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  type: z.enum(INVOICE_TYPES).optional(),
  payment_status: z.enum(INVOICE_SETTLEMENTS).optional(),
  gateway: z.enum(PAYMENT_GATEWAYS).optional(),
  customer_id: listId,
  order_id: listId,
  subscription_id: listId,
  recurring_payment_id: listId,
  issued_from: isoDate().optional(),
  issued_to: isoDate().optional(),
  due_from: isoDate().optional(),
  due_to: isoDate().optional(),
  /** Charged successfully after a failed attempt on or after / on or before this day (UTC): the
   * recovered-invoices graph's drill-down. */
  recovered_from: isoDate().optional(),
  recovered_to: isoDate().optional(),
  /** true: issued, with a positive total, not settled and not cancelled by an issued cancellation, as
   * the unpaid-invoices graph counts them (false: the others); its drill-down with issued_from/_to. */
  unpaid: booleanFilter(),
});
export type InvoiceFilters = z.infer<typeof invoiceFiltersSchema>;

// ---- transitions ----

export const INVOICE_PAYMENT_ACTIONS = ['charge', 'pay', 'fail', 'settle', 'return'] as const;
export type InvoicePaymentAction = (typeof INVOICE_PAYMENT_ACTIONS)[number];

/** What the guards read: the invoice is issued; how many of its attempts are still open. */
export interface InvoiceGuardInput {
  issued: boolean;
  open_attempts: number;
  /** A cancellation points at it (invoice-corrections.ts): no longer collected. */
  cancelled?: boolean;
  /** It is a cancellation (a credit the customer is owed): never charged. */
  credit?: boolean;
}

const issuedAndIdle = ({ issued, open_attempts, cancelled, credit }: InvoiceGuardInput) =>
  !issued
    ? MESSAGES.invoiceNotIssued
    : credit
      ? CORRECTION_TEXTS.cancellationNotCharged
      : cancelled
        ? CORRECTION_TEXTS.invoiceCancelledNotCollectable
        : open_attempts > 0
          ? MESSAGES.invoicePaymentInProgress
          : null;

/**
 * The invoice's payment status machine (spec 01 §4): read one row as "from these statuses, action
 * leads to status". `charge` is what staff (or the billing run) start; `pay` and `fail` are the
 * gateway's answer; the offline gateway's answer ("pending") leaves the invoice `pending payment`
 * until staff `settle` it.
 */
export const INVOICE_PAYMENT_TRANSITIONS: TransitionTable<
  InvoiceSettlement,
  InvoicePaymentAction,
  InvoiceGuardInput
> = [
  {
    from: ['not settled', 'failed'],
    action: 'charge',
    to: 'pending payment',
    guard: issuedAndIdle,
    message: MESSAGES.invoiceNotChargeable,
    event: 'invoice.charge_started',
  },
  {
    from: ['pending payment'],
    action: 'pay',
    to: 'settled',
    message: MESSAGES.invoiceNotSettleable,
    event: 'invoice.settled',
  },
  {
    from: ['pending payment'],
    action: 'fail',
    to: 'failed',
    message: MESSAGES.invoiceNotChargeable,
    event: 'invoice.payment_failed',
  },
  {
    from: ['not settled', 'pending payment', 'failed'],
    action: 'settle',
    to: 'settled',
    guard: issuedAndIdle,
    message: MESSAGES.invoiceNotSettleable,
    event: 'invoice.settled',
  },
  /** Its payment was returned by the bank after it was settled (a returned direct debit): unpaid again. */
  {
    from: ['settled'],
    action: 'return',
    to: 'failed',
    message: MESSAGES.invoiceNotChargeable,
    event: 'invoice.payment_failed',
  },
];

/**
 * GET invoices/{id}/actions: the payment actions, the corrections (cancel; edit a replacement draft), and
 * `debt_collection` (hand it to the debt collection agency: `POST debtist/invoice/{id}/claim`).
 */
export const INVOICE_ACTIONS = [...INVOICE_PAYMENT_ACTIONS, 'cancel', 'edit', 'debt_collection'] as const;
export const invoiceActionsSchema = actionsSchema(z.enum(INVOICE_SETTLEMENTS), z.enum(INVOICE_ACTIONS));
