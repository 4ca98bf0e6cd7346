import { z } from 'zod';
import { addressFieldsSchema, addressSchema } from './addresses.ts';
import { booleanFilter, emailText, isoDate, safeText, updateSchemaOf } from './api.ts';
import { CUMULATED_INVOICE_MODES } from './cumulated-invoices.ts';
import { amountSchema } from './money.ts';

/** Languages a customer can be written to in (the spec's content languages, as ISO 639-1 codes). */
export const CUSTOMER_LANGUAGES = ['da', 'de', 'el', 'en', 'es', 'fr', 'it', 'nl', 'no', 'sl', 'sv'] as const;

export const customerSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.enum(CUSTOMER_LANGUAGES),
  company_name: z.string().nullable(),
  vat_number: z.string().nullable(),
  /** Cumulated invoices (cumulated-invoices.ts): off, a monthly statement or a monthly collective invoice. */
  cumulated_invoice: z.enum(CUMULATED_INVOICE_MODES),
  /**
   * The customer opted out of record mails (order confirmation, quote, subscription summary, payment
   * receipt): staff's `email/send-*` answer 409 unless `override=true`; payment reminders still go out.
   */
  record_mail_opt_out: z.boolean(),
  // What is stored is shown as it is: the country rules check input, not output (a stored address that a
  // newer rule would refuse must not break the list), and running them per row cost ~0.5 ms a page.
  billing_address: addressFieldsSchema.nullable(),
  shipping_address: addressFieldsSchema.nullable(),
  /** When the customer was archived (out of the default list), or null. */
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * `GET customers/{id}`: the customer, and why it may not be deleted (what refers to it), or null when
 * it may. Nothing refers to customers yet; orders and subscriptions will.
 */
export const customerDetailSchema = customerSchema.extend({ delete_refused: z.string().nullable() });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** What staff may write when creating a customer. */
export const customerInputSchema = z.object({
  name: safeText().trim().min(1, 'Required field.').max(200),
  email: emailText(),
  phone: optionalText(40),
  language: z.enum(CUSTOMER_LANGUAGES).default('en'),
  company_name: optionalText(200),
  vat_number: optionalText(40),
  cumulated_invoice: z.enum(CUMULATED_INVOICE_MODES).default('off'),
  record_mail_opt_out: z.boolean().default(false),
  billing_address: addressSchema.nullable().optional(),
  shipping_address: addressSchema.nullable().optional(),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

/** An update sends only the fields it changes. */
export const customerUpdateSchema = updateSchemaOf(customerInputSchema);
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

/** Columns the customer list may be sorted by. */
export const CUSTOMER_SORTS = ['id', 'name', 'email', 'created_at', 'updated_at'] as const;

/** Filters the customer list understands (`filters={"language":"fr","country":"ca"}`). */
export const customerFiltersSchema = z.object({
  language: z.enum(CUSTOMER_LANGUAGES).optional(),
  country: safeText().trim().toLowerCase().length(2).optional(),
  created_from: isoDate().optional(),
  created_to: isoDate().optional(),
  /** With a subscription running on this day (as the subscriptions list's running_on): the
   * active-customers graph's drill-down. */
  subscribed_on: isoDate().optional(),
  /** First order (quotes not counted) on or after / on or before this day (UTC): the cohort grid's
   * drill-down. */
  first_order_from: isoDate().optional(),
  first_order_to: isoDate().optional(),
  /** true: the archived customers instead of the active ones (the default). */
  archived: booleanFilter(),
});
export type CustomerFilters = z.infer<typeof customerFiltersSchema>;

/**
 * `GET /api/{company}/insights/customers/{id}`: one customer's figures for the support desk, counted and
 * summed from their records. Money is in the company's currency (invoices in another are left out):
 * `revenue_paid` is what the customer's settled invoices came to (refunds paid out subtract),
 * `open_amount` what their issued, not settled and not cancelled invoices still ask for. The figures after
 * `last_order_at` come from the Insights graphs' own functions, narrowed to the customer (docs/insights.md
 * "Customer insights").
 */
export const customerInsightsSchema = z.object({
  currency: z.string(),
  orders: z.number().int(),
  open_orders: z.number().int(),
  quotes: z.number().int(),
  subscriptions: z.number().int(),
  active_subscriptions: z.number().int(),
  invoices: z.number().int(),
  revenue_paid: amountSchema,
  open_amount: amountSchema,
  last_order_at: z.string().nullable(),
  overdue_amount: amountSchema.describe(
    'Of `open_amount`, what is past its due date (due before the company’s today).',
  ),
  mrr: amountSchema.describe(
    'The customer’s MRR today: their running subscriptions’ period amounts brought to a month, exactly as the MRR stat card sums them.',
  ),
  failed_payments: z
    .number()
    .int()
    .describe('Charge attempts that failed, as the failed-payment-attempts graph counts them.'),
  recovered_invoices: z
    .number()
    .int()
    .describe('Invoices charged successfully after a failed attempt (the recovered-invoices graph).'),
  recovered_amount: amountSchema.describe('The `gross` of those invoices.'),
  first_order_at: z.string().nullable().describe('When the first order (quotes not counted) was placed.'),
  first_order_date: z
    .string()
    .nullable()
    .describe('The first order’s date in the company’s time zone (`YYYY-MM-DD`); null without orders.'),
  lifetime_days: z
    .number()
    .int()
    .nullable()
    .describe(
      'Days from the first order to today, or to the day the last subscription ended when none runs any more; null without orders.',
    ),
});
export type CustomerInsights = z.infer<typeof customerInsightsSchema>;

/** What archiving, restoring and deleting a customer answer (not in the spec's catalogue). */
export const CUSTOMER_TEXTS = {
  archived: 'Customer archived.',
  restored: 'Customer restored.',
  deleted: 'Customer deleted.',
  alreadyArchived: 'This customer is already archived.',
  notArchived: 'This customer is not archived.',
  hasOrders: (n: number) =>
    `This customer has ${n === 1 ? 'an order' : `${n} orders`} (quotes included): archive the customer instead.`,
} as const;
