/**
 * The subscription CSV import's rows (POST subscriptions/import): the columns, the statuses a row may
 * start in, and `parseSubscriptionImportRow`, which checks and converts one row, naming every problem
 * with its row and column. The file as a whole (limits, wire schemas) is subscription-import.ts.
 */
import { z } from 'zod';
import { businessDate, emailText, safeText } from './api.ts';
import { isDate } from './billing-periods.ts';
import { percentInputSchema } from './catalog.ts';
import { FREQUENCIES, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema } from './money.ts';
import { subscriptionInterval, subscriptionQuantity, subscriptionTermMonths } from './subscriptions.ts';

export const SUBSCRIPTION_IMPORT_COLUMNS = [
  'customer_email',
  'sku',
  'quantity',
  'price',
  'tax_percent',
  'frequency',
  'interval',
  'start_date',
  'minimum_term_months',
  'auto_renew',
  'status',
] as const;
export type SubscriptionImportColumn = (typeof SUBSCRIPTION_IMPORT_COLUMNS)[number];

export const SUBSCRIPTION_IMPORT_TEXTS = {
  wholeNumber: MESSAGES.onlyNumbers,
  yesNo: 'Must be true or false (yes/no, 1/0).',
  dateFormat: 'Must be a date like 2026-01-31.',
  oneOf: (values: readonly string[]) => `Must be one of: ${values.join(', ')}.`,
  statusNotImportable: (status: string) =>
    `A subscription cannot be imported as "${status}": import it as ${SUBSCRIPTION_IMPORT_STATUSES.join(', ')}.`,
} as const;

/**
 * The statuses an imported subscription may start in: the running ones a subscription reaches from
 * `pending activation` through its transition table without a process under way. A final status
 * (ended, cancelled, bought out, lost/stolen) or a pending return, buyout or replacement describes
 * something that happened to an existing subscription, not a record to start: refused with the row.
 */
export const SUBSCRIPTION_IMPORT_STATUSES = [
  'active',
  'paused',
  'pending activation',
  'cancellation requested',
] as const satisfies readonly SubscriptionStatus[];

/** A cell: trimmed; empty is absent (so a column's default applies). */
const cell = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' || text === null ? undefined : text;
};
/** A required cell: "Required field." when empty, then the cell's own rule. */
const requiredCell = <T extends z.ZodType>(schema: T) =>
  z.preprocess(cell, z.custom<unknown>((v) => v !== undefined, MESSAGES.required).pipe(schema));
/** An optional cell: empty reads as `fallback` (the column's default, as text). */
const orDefault = (fallback: string) => (value: unknown) => cell(value) ?? fallback;
const wholeNumber = (schema: z.ZodNumber, fallback?: string) =>
  z.preprocess(
    fallback === undefined ? cell : orDefault(fallback),
    z
      .string({ error: MESSAGES.required })
      .regex(/^\d{1,9}$/, SUBSCRIPTION_IMPORT_TEXTS.wholeNumber)
      .transform(Number)
      .pipe(schema),
  );
const oneOf = <T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) =>
  z.preprocess(
    (v) => {
      const text = fallback === undefined ? cell(v) : orDefault(fallback)(v);
      return typeof text === 'string' ? text.toLowerCase() : text;
    },
    z.enum(values, { error: SUBSCRIPTION_IMPORT_TEXTS.oneOf(values) }),
  );
const YES = ['true', 'yes', '1', 'y'];
const NO = ['false', 'no', '0', 'n'];

const importRowSchema = z.object({
  customer_email: requiredCell(emailText()),
  sku: requiredCell(safeText().max(100)),
  quantity: wholeNumber(subscriptionQuantity, '1'),
  price: requiredCell(amountInputSchema),
  tax_percent: requiredCell(percentInputSchema),
  frequency: requiredCell(oneOf(FREQUENCIES)),
  interval: wholeNumber(subscriptionInterval, '1'),
  start_date: requiredCell(
    z.string().refine(isDate, SUBSCRIPTION_IMPORT_TEXTS.dateFormat).pipe(businessDate()),
  ),
  minimum_term_months: wholeNumber(subscriptionTermMonths, '0'),
  auto_renew: z.preprocess(
    orDefault('true'),
    z
      .string()
      .transform((v) => v.toLowerCase())
      .refine((v) => YES.includes(v) || NO.includes(v), SUBSCRIPTION_IMPORT_TEXTS.yesNo)
      .transform((v) => YES.includes(v)),
  ),
  status: oneOf(SUBSCRIPTION_STATUSES, 'active').refine(
    (s) => (SUBSCRIPTION_IMPORT_STATUSES as readonly string[]).includes(s),
    { error: (issue) => SUBSCRIPTION_IMPORT_TEXTS.statusNotImportable(String(issue.input)) },
  ),
});
export type SubscriptionImportRow = z.output<typeof importRowSchema>;

export interface SubscriptionImportError {
  /** The row's number as the person sees it in the file (the caller counts the header). */
  row: number;
  column: SubscriptionImportColumn | null;
  message: string;
}

/**
 * One CSV record (column name → cell text) checked and converted: every problem of the row at once,
 * each naming its row and column. Unknown columns are ignored; the customer and the SKU are looked up
 * by the server.
 */
export function parseSubscriptionImportRow(
  record: Readonly<Record<string, string | undefined>>,
  rowNumber: number,
): { ok: true; value: SubscriptionImportRow } | { ok: false; errors: SubscriptionImportError[] } {
  const input = Object.fromEntries(SUBSCRIPTION_IMPORT_COLUMNS.map((c) => [c, record[c]]));
  const result = importRowSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const column = issue.path[0];
      return {
        row: rowNumber,
        column: SUBSCRIPTION_IMPORT_COLUMNS.includes(column as SubscriptionImportColumn)
          ? (column as SubscriptionImportColumn)
          : null,
        message: issue.message,
      };
    }),
  };
}
