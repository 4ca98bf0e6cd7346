import {
  CUMULATED_PERIOD_MODES,
  CUMULATED_STATUSES,
  type StoredStatementEntry,
} from '@rentloop/domain/cumulated-invoices';
import { TAX_RULES } from '@rentloop/domain/invoices';
import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices, recurringPayments } from './billing.ts';
import { bytea, createdAt, idColumn, money, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';

/**
 * A customer's cumulated period (packages/domain cumulated-invoices.ts): one row per customer and month
 * whatever its mode, so one month is never both a statement and a collective invoice. A statement's row
 * is written whole at the month's end (its own gapless number, the invoices it lists, its HTML, then its
 * PDF); a collective period's row is opened by the first charge it collects and gets its invoice at the
 * month's end. Audited (history logs) like the invoices.
 */
export const cumulatedInvoices = pgTable(
  'cumulated_invoices',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id').notNull(),
    mode: text('mode', { enum: CUMULATED_PERIOD_MODES }).notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    status: text('status', { enum: CUMULATED_STATUSES }).notNull(),
    /** A statement's series and counter value (gapless, like invoices'); null for a collective period. */
    series: text('series'),
    seq: bigint('seq', { mode: 'number' }),
    number: text('number'),
    /** A collective period's pricing rule: every charge it collects was priced the same way. */
    tax_rule: text('tax_rule', { enum: TAX_RULES }),
    invoice_id: refColumn('invoice_id'),
    entries: jsonb('entries').$type<StoredStatementEntry[]>().notNull().default([]),
    total: money('total').notNull().default(sql`0`),
    currency: text('currency').notNull(),
    html: text('html'),
    pdf: bytea('pdf'),
    charge_error: text('charge_error'),
    closed_at: tsOrNull('closed_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('cumulated_invoices_company_id_key').on(t.company_id, t.id),
    // Never both modes for one period: one row per customer and month.
    uniqueIndex('cumulated_invoices_customer_period_key').on(t.company_id, t.customer_id, t.period_start),
    uniqueIndex('cumulated_invoices_company_number_key').on(t.company_id, t.number),
    uniqueIndex('cumulated_invoices_invoice_key').on(t.company_id, t.invoice_id),
    index('cumulated_invoices_status_idx').on(t.company_id, t.status, t.period_end),
    foreignKey({
      name: 'cumulated_invoices_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
    foreignKey({
      name: 'cumulated_invoices_invoice_fk',
      columns: [t.company_id, t.invoice_id],
      foreignColumns: [invoices.company_id, invoices.id],
    }),
  ],
);

/**
 * A recurring payment collected into a collective period instead of being invoiced alone: at most once
 * (unique per payment), with the amount it was collected at.
 */
export const cumulatedItems = pgTable(
  'cumulated_items',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    cumulated_invoice_id: refColumn('cumulated_invoice_id').notNull(),
    recurring_payment_id: refColumn('recurring_payment_id').notNull(),
    amount: money('amount').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('cumulated_items_payment_key').on(t.company_id, t.recurring_payment_id),
    index('cumulated_items_period_idx').on(t.company_id, t.cumulated_invoice_id, t.id),
    foreignKey({
      name: 'cumulated_items_period_fk',
      columns: [t.company_id, t.cumulated_invoice_id],
      foreignColumns: [cumulatedInvoices.company_id, cumulatedInvoices.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cumulated_items_payment_fk',
      columns: [t.company_id, t.recurring_payment_id],
      foreignColumns: [recurringPayments.company_id, recurringPayments.id],
    }).onDelete('cascade'),
  ],
);
