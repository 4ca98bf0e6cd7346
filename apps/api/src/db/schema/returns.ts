/**
 * Returns (packages/domain returns.ts): a rented unit coming back, from pending to closed with an outcome.
 * It refers to its asset, subscription and customer by (company_id, id), so it never points into another
 * company; an asset has at most one open return (the partial unique index decides between two at once).
 * The serial number, product and customer name are copied when it opens, for the list and its search.
 */
import { RETURN_OUTCOMES, RETURN_SOURCES, RETURN_STATUSES } from '@rentloop/domain/returns';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companySearchIndex, createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { subscriptions } from './orders.ts';
import { productTracking } from './product-tracking.ts';

export const returns = pgTable(
  'returns',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product_tracking_id: refColumn('product_tracking_id').notNull(),
    subscription_id: refColumn('subscription_id'),
    customer_id: refColumn('customer_id'),
    serial_number: text('serial_number').notNull(),
    product_name: text('product_name').notNull(),
    subscription_number: text('subscription_number'),
    customer_name: text('customer_name'),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('pending'),
    outcome: text('outcome', { enum: RETURN_OUTCOMES }),
    source: text('source', { enum: RETURN_SOURCES }).notNull(),
    carrier: text('carrier'),
    tracking_number: text('tracking_number'),
    note: text('note'),
    received_on: date('received_on', { mode: 'string' }),
    received_by: text('received_by'),
    condition_note: text('condition_note'),
    inspected_at: tsOrNull('inspected_at'),
    inspected_by: text('inspected_by'),
    complete: boolean('complete'),
    missing: text('missing'),
    damaged: boolean('damaged'),
    damage: text('damage'),
    inspection_note: text('inspection_note'),
    closed_at: tsOrNull('closed_at'),
    closed_by: text('closed_by'),
    close_note: text('close_note'),
    created_by: text('created_by'),
    /** What the list search matches (serial, product, customer, tracking number), lower-cased. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${returns.serial_number} || ' ' || ${returns.product_name} || ' ' || coalesce(${returns.customer_name}, '') || ' ' || coalesce(${returns.tracking_number}, ''))`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('returns_company_id_key').on(t.company_id, t.id),
    uniqueIndex('returns_open_asset_key')
      .on(t.company_id, t.product_tracking_id)
      .where(sql`${t.status} <> 'closed'`),
    ...(['status', 'serial_number', 'received_on', 'closed_at', 'created_at'] as const).map((k) =>
      index(`returns_company_${k}_idx`).on(t.company_id, t[k], t.id),
    ),
    index('returns_company_outcome_idx').on(t.company_id, t.outcome, t.id),
    index('returns_company_asset_idx').on(t.company_id, t.product_tracking_id, t.id),
    index('returns_company_subscription_idx').on(t.company_id, t.subscription_id, t.id),
    companySearchIndex('returns_search_keys_idx', t.company_id, t.search_text),
    foreignKey({
      name: 'returns_asset_fk',
      columns: [t.company_id, t.product_tracking_id],
      foreignColumns: [productTracking.company_id, productTracking.id],
    }),
    foreignKey({
      name: 'returns_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }),
    foreignKey({
      name: 'returns_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
  ],
);
