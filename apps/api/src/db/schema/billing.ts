/**
 * Billing (shared/BILLING.md): recurring payments, invoices with their frozen documents, payment
 * attempts (transactions), payment methods and the billing run's bookkeeping. Every row carries its
 * company; every reference is a composite same-company key. Amounts are `money()` minor units; the
 * invoices and attempts also carry their currency (a document states the currency it is written in).
 */
import type { Address } from '@rentloop/domain/addresses';
import {
  INVOICE_SETTLEMENTS,
  INVOICE_TYPES,
  PAYMENT_GATEWAYS,
  PROVIDER_TRANSACTION_STATUSES,
} from '@rentloop/domain/enums';
import { INVOICE_STATUSES, TAX_RULES } from '@rentloop/domain/invoices';
import {
  DECLINE_CLASSES,
  DECLINE_REASONS,
  TRANSACTION_KINDS,
  TRANSACTION_STATES,
} from '@rentloop/domain/payments';
import { RECURRING_PAYMENT_STATUSES } from '@rentloop/domain/recurring-payments';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  bytea,
  companySearchIndex,
  createdAt,
  idColumn,
  money,
  refColumn,
  tsOrNull,
  updatedAt,
} from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { orders, subscriptions } from './orders.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * One billing period of a subscription, created ahead by the `recurring-payments.create` job. The unique
 * (subscription, period start) makes a re-run of that job a no-op. Its invoice is found through
 * `invoices.recurring_payment_id` (unique), so the two never disagree.
 */
export const recurringPayments = pgTable(
  'recurring_payments',
  {
    id: idColumn(),
    company_id: companyRef(),
    subscription_id: refColumn('subscription_id').notNull(),
    order_id: refColumn('order_id').notNull(),
    customer_id: refColumn('customer_id').notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    /** The period's gross amount as the subscription prices it when the row is made. */
    amount: money('amount').notNull(),
    status: text('status', { enum: RECURRING_PAYMENT_STATUSES }).notNull(),
    park_reason: text('park_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('recurring_payments_company_id_key').on(t.company_id, t.id),
    uniqueIndex('recurring_payments_subscription_period_key').on(t.subscription_id, t.period_start),
    // The sorts' indexes; by id the unique (company_id, id) key serves (decision 93).
    ...(['due_date', 'period_start', 'amount', 'status', 'created_at'] as const).map((k) =>
      index(`recurring_payments_company_${k}_idx`).on(t.company_id, t[k], t.id),
    ),
    index('recurring_payments_company_subscription_idx').on(t.company_id, t.subscription_id, t.id),
    index('recurring_payments_company_customer_idx').on(t.company_id, t.customer_id, t.id),
    // The billing run's claim: the due, still scheduled rows of a company, oldest first.
    index('recurring_payments_due_idx').on(t.company_id, t.due_date, t.id).where(sql`status = 'scheduled'`),
    foreignKey({
      name: 'recurring_payments_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'recurring_payments_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }),
    foreignKey({
      name: 'recurring_payments_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
  ],
);

/** An invoice line as stored (amounts in minor units as decimal integer strings: jsonb has no bigint). */
export interface StoredInvoiceLine {
  position: number;
  description: string;
  quantity: number;
  unit_amount: string;
  discount: string;
  tax_percent: string;
  net: string;
  tax: string;
  gross: string;
  order_item_id: number | null;
  subscription_id: number | null;
  period_start: string | null;
  period_end: string | null;
  /** On a refund invoice: the position of the original's line this line refunds. */
  original_position?: number;
}
export interface StoredBreakdownEntry {
  tax_percent: string;
  net: string;
  tax: string;
  gross: string;
}
export interface InvoiceBuyer {
  name: string;
  email: string;
  address: Address | null;
}
export interface InvoiceSeller {
  name: string;
  details: Record<string, unknown>;
}

/**
 * An invoice. A draft has no number; issuing sets `series`, `seq`, `number`, the dates, the snapshots,
 * lines, breakdown and totals, and `status = 'issued'`, after which a trigger (migration 0039) refuses
 * any change to them: only `payment_status`, `recovered_at`, `gateway` and the links change. The lines
 * are jsonb on the row, not a table: they are written once with the document, never queried on their
 * own, and the whole legal content is one row the trigger guards (docs/decisions.md).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    company_id: companyRef(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    type: text('type', { enum: INVOICE_TYPES }).notNull(),
    series: text('series').notNull(),
    /** The counter value this invoice took in its series (gapless), null while a draft. */
    seq: bigint('seq', { mode: 'number' }),
    number: text('number'),
    issue_date: date('issue_date', { mode: 'string' }),
    due_date: date('due_date', { mode: 'string' }),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    customer_id: refColumn('customer_id').notNull(),
    customer: jsonb('customer').$type<InvoiceBuyer>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    tax_rule: text('tax_rule', { enum: TAX_RULES }).notNull(),
    tax_breakdown: jsonb('tax_breakdown').$type<StoredBreakdownEntry[]>().notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
    payment_status: text('payment_status', { enum: INVOICE_SETTLEMENTS }).notNull(),
    recovered_at: tsOrNull('recovered_at'),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    order_id: refColumn('order_id'),
    subscription_id: refColumn('subscription_id'),
    recurring_payment_id: refColumn('recurring_payment_id'),
    original_invoice_id: refColumn('original_invoice_id'),
    issued_at: tsOrNull('issued_at'),
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${invoices.number}, '') || ' ' || coalesce(${invoices.customer} ->> 'name', '') || ' ' || coalesce(${invoices.customer} ->> 'email', ''))`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_company_id_key').on(t.company_id, t.id),
    uniqueIndex('invoices_company_number_key').on(t.company_id, t.number),
    uniqueIndex('invoices_company_series_seq_key').on(t.company_id, t.series, t.seq),
    // One invoice per recurring payment, one initial invoice per order (re-runs find the existing one).
    uniqueIndex('invoices_recurring_payment_key')
      .on(t.company_id, t.recurring_payment_id)
      .where(sql`type = 'recurring payment'`),
    uniqueIndex('invoices_initial_order_key').on(t.company_id, t.order_id).where(sql`type = 'initial'`),
    // At most one cancellation, and one replacement, per original (corrections, migration 0042).
    uniqueIndex('invoices_cancellation_original_key')
      .on(t.company_id, t.original_invoice_id)
      .where(sql`type = 'cancellation'`),
    uniqueIndex('invoices_replacement_original_key')
      .on(t.company_id, t.original_invoice_id)
      .where(sql`type = 'replacement'`),
    // The sorts' indexes; by id the unique (company_id, id) key serves (decision 93).
    ...(['number', 'issue_date', 'due_date', 'gross', 'payment_status', 'created_at'] as const).map((k) =>
      index(`invoices_company_${k}_idx`).on(t.company_id, t[k], t.id),
    ),
    index('invoices_company_customer_idx').on(t.company_id, t.customer_id, t.id),
    index('invoices_company_order_idx').on(t.company_id, t.order_id, t.id),
    index('invoices_company_subscription_idx').on(t.company_id, t.subscription_id, t.id),
    // GET invoices?recurring_payment_id= (no type filter, so the partial unique index above is no use).
    index('invoices_company_recurring_payment_idx').on(t.company_id, t.recurring_payment_id, t.id),
    index('invoices_company_original_idx').on(t.company_id, t.original_invoice_id),
    companySearchIndex('invoices_search_keys_idx', t.company_id, t.search_text),
    foreignKey({
      name: 'invoices_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
    foreignKey({
      name: 'invoices_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }),
    foreignKey({
      name: 'invoices_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }),
    foreignKey({
      name: 'invoices_recurring_payment_fk',
      columns: [t.company_id, t.recurring_payment_id],
      foreignColumns: [recurringPayments.company_id, recurringPayments.id],
    }),
    foreignKey({
      name: 'invoices_original_fk',
      columns: [t.company_id, t.original_invoice_id],
      foreignColumns: [t.company_id, t.id],
    }),
  ],
);

/**
 * The rendered document of an issued invoice: its HTML, and its PDF and SHA-256 once the renderer made
 * them. Apart from `invoices` so the audit trail (which copies a row's columns) does not copy every
 * document's bytes; the content is frozen by its own trigger (HTML never changes, the PDF is set once).
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    company_id: companyRef(),
    invoice_id: refColumn('invoice_id').notNull(),
    html: text('html').notNull(),
    pdf: bytea('pdf'),
    pdf_sha256: text('pdf_sha256'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.invoice_id] }),
    foreignKey({
      name: 'invoice_documents_invoice_fk',
      columns: [t.company_id, t.invoice_id],
      foreignColumns: [invoices.company_id, invoices.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A payment attempt (a charge or a refund at a gateway). Committed `processing` with its provider key
 * before the gateway is called; closed by the answer. At most one open attempt per invoice (partial
 * unique index): a second concurrent charge cannot even be written.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: idColumn(),
    company_id: companyRef(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    invoice_id: refColumn('invoice_id'),
    order_id: refColumn('order_id'),
    customer_id: refColumn('customer_id').notNull(),
    attempt_no: integer('attempt_no').notNull(),
    provider_key: text('provider_key').notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    state: text('state', { enum: TRANSACTION_STATES }).notNull(),
    provider_status: text('provider_status', { enum: PROVIDER_TRANSACTION_STATUSES }),
    provider_reference: text('provider_reference'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    decline_code: text('decline_code'),
    decline_advice_code: text('decline_advice_code'),
    decline_class: text('decline_class', { enum: DECLINE_CLASSES }),
    decline_reason: text('decline_reason', { enum: DECLINE_REASONS }),
    decline_message: text('decline_message'),
    raw: jsonb('raw'),
    /** Reconciliation of an `unknown` attempt: how often it was looked up, and when next (5 min, 1 h, 1 day). */
    reconcile_tries: integer('reconcile_tries').notNull().default(0),
    reconcile_after: tsOrNull('reconcile_after'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('transactions_company_id_key').on(t.company_id, t.id),
    uniqueIndex('transactions_provider_key').on(t.company_id, t.provider_key),
    uniqueIndex('transactions_invoice_attempt_key').on(t.company_id, t.invoice_id, t.kind, t.attempt_no),
    uniqueIndex('transactions_one_open_per_invoice')
      .on(t.company_id, t.invoice_id, t.kind)
      .where(sql`state IN ('created', 'processing', 'unknown')`),
    // The sorts' indexes; by id the unique (company_id, id) key serves (decision 93).
    ...(['created_at', 'updated_at', 'amount', 'state', 'gateway'] as const).map((k) =>
      index(`transactions_company_${k}_idx`).on(t.company_id, t[k], t.id),
    ),
    index('transactions_company_invoice_idx').on(t.company_id, t.invoice_id, t.id),
    index('transactions_company_order_idx').on(t.company_id, t.order_id, t.id),
    index('transactions_unknown_idx').on(t.company_id, t.updated_at).where(sql`state = 'unknown'`),
    foreignKey({
      name: 'transactions_invoice_fk',
      columns: [t.company_id, t.invoice_id],
      foreignColumns: [invoices.company_id, invoices.id],
    }),
    foreignKey({
      name: 'transactions_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }),
    foreignKey({
      name: 'transactions_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
  ],
);

/** A customer's reusable payment method at a gateway: references only, never a card number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: idColumn(),
    company_id: companyRef(),
    customer_id: refColumn('customer_id').notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    customer_reference: text('customer_reference'),
    method_reference: text('method_reference'),
    label: text('label').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_company_id_key').on(t.company_id, t.id),
    index('payment_methods_company_customer_idx').on(t.company_id, t.customer_id, t.id),
    foreignKey({
      name: 'payment_methods_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The billing run of a company's business date: one row, so a re-run of a date finds it; its counts are
 * recomputed from the rows (never incremented), so a crashed run's row is right after the next one.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: idColumn(),
    company_id: companyRef(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    due: integer('due').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    parked: integer('parked').notNull().default(0),
    started_at: createdAt(),
    finished_at: tsOrNull('finished_at'),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('billing_runs_company_date_key').on(t.company_id, t.business_date)],
);
