import type { Address } from '@rentloop/domain/addresses';
import {
  ACCOUNT_PAYMENT_STATES,
  FREQUENCIES,
  ORDER_STATUSES,
  ORDER_SUB_STATUSES,
  PRICE_MODES,
  REPLACEMENT_KINDS,
  SUBSCRIPTION_STATUSES,
} from '@rentloop/domain/enums';
import { SUBSCRIPTION_END_REASONS } from '@rentloop/domain/subscription-end';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Kinds of order line: a rented unit (becomes a subscription), a purchase, a consumable. */
export const ORDER_ITEM_KIND_VALUES = ['rental', 'purchase', 'consumable'] as const;

/**
 * Gapless document numbers (shared/BILLING.md, "Gapless numbers per company"): one row per company and
 * series ("order:ORD-2026-"), its `next_value` taken with an upsert in the transaction that numbers the
 * document. The row stays locked until that transaction ends, so a rolled-back order leaves no gap and
 * two concurrent ones never share a number.
 */
export const numberSeries = pgTable(
  'number_series',
  {
    company_id: companyRef(),
    series: text('series').notNull(),
    next_value: bigint('next_value', { mode: 'number' }).notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.series] })],
);

/**
 * An order or a quote (a draft order: status `draft`, no number until it is finalised). It keeps
 * snapshots of what it was placed with (shared/BILLING.md, "Snapshots"): the customer's name, email and
 * addresses, the shipping method's name, the voucher's code, and on each item the prices and tax rates.
 * Totals are minor units of the company's currency, the sums of the items' own amounts plus shipping.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    company_id: companyRef(),
    /** Given when the order is placed or the quote finalised (gapless per series), null for a quote. */
    number: text('number'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    payment_status: text('payment_status', { enum: ACCOUNT_PAYMENT_STATES }).notNull(),
    /** The sub-status (the spec's "tag"), when one is set, and the day it applies from. */
    tag: text('tag', { enum: ORDER_SUB_STATUSES }),
    tag_date: date('tag_date', { mode: 'string' }),
    customer_id: refColumn('customer_id').notNull(),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email').notNull(),
    billing_address: jsonb('billing_address').$type<Address>(),
    shipping_address: jsonb('shipping_address').$type<Address>(),
    shipping_method_id: refColumn('shipping_method_id'),
    shipping_method_name: text('shipping_method_name'),
    voucher_id: refColumn('voucher_id'),
    voucher_code: text('voucher_code'),
    /** A consumable order (refills, supplies) is listed apart from the others. */
    consumable: boolean('consumable').notNull().default(false),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    shipping_net: money('shipping_net').notNull(),
    shipping_tax: money('shipping_tax').notNull(),
    shipping_tax_percent: numeric('shipping_tax_percent', { precision: 7, scale: 4 }),
    shipping_discount: money('shipping_discount').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    note: text('note'),
    /** The order this one was cloned from, or the subscription a draft was made for. */
    original_order_id: refColumn('original_order_id'),
    source_subscription_id: refColumn('source_subscription_id'),
    finalised_at: tsOrNull('finalised_at'),
    cancelled_at: tsOrNull('cancelled_at'),
    cancellation_reason: text('cancellation_reason'),
    cancellation_message: text('cancellation_message'),
    cancellation_refunded: boolean('cancellation_refunded'),
    /** What the list search matches (number, customer name and email), lower-cased; searched in order_search. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${orders.number}, '') || ' ' || ${orders.customer_name} || ' ' || ${orders.customer_email})`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_company_number_key').on(t.company_id, t.number),
    uniqueIndex('orders_company_id_key').on(t.company_id, t.id),
    // The orders list (everything but quotes) and the quotes list are two scopes of one table, each with
    // an index per sort: (company_id, consumable, <sort>, id), partial on the scope.
    ...(
      ['id', 'number', 'status', 'payment_status', 'tag', 'total', 'created_at', 'updated_at'] as const
    ).map((k) =>
      index(`orders_company_${k}_idx`)
        .on(t.company_id, t.consumable, t[k], t.id)
        .where(sql`status <> 'draft'`),
    ),
    ...(['id', 'total', 'created_at', 'updated_at'] as const).map((k) =>
      index(`orders_drafts_${k}_idx`).on(t.company_id, t.consumable, t[k], t.id).where(sql`status = 'draft'`),
    ),
    index('orders_company_customer_idx').on(t.company_id, t.customer_id, t.id),
    foreignKey({
      name: 'orders_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
  ],
);

/**
 * A line of an order, with the prices and tax rate it was placed with. A rental line's amounts are those
 * of one billing period; its subscriptions are made when the order is placed.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    company_id: companyRef(),
    order_id: refColumn('order_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ORDER_ITEM_KIND_VALUES }).notNull(),
    // The catalog's ids, kept as plain numbers: an order outlives a product removed from the catalog,
    // and the names beside them are the snapshot the order shows.
    product_id: refColumn('product_id').notNull(),
    variant_id: refColumn('variant_id').notNull(),
    product_name: text('product_name').notNull(),
    variant_name: text('variant_name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unit_price: money('unit_price').notNull(),
    tax_percent: numeric('tax_percent', { precision: 7, scale: 4 }).notNull(),
    amount: money('amount').notNull(),
    discount: money('discount').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
    billing_interval: text('billing_interval'),
    frequency: text('frequency', { enum: FREQUENCIES }),
    interval: integer('interval'),
    minimum_term_months: integer('minimum_term_months'),
    buyout_price: money('buyout_price'),
    tracking_number: text('tracking_number'),
    serial_number: text('serial_number'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_items_company_id_key').on(t.company_id, t.id),
    index('order_items_order_idx').on(t.order_id, t.position),
    index('order_items_company_product_idx').on(t.company_id, t.product_id, t.order_id),
    foreignKey({
      name: 'order_items_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }).onDelete('cascade'),
  ],
);

/** The tag history of an order (spec: "Order history"): every tag it was given, and when. */
export const orderTagHistory = pgTable(
  'order_tag_history',
  {
    id: idColumn(),
    company_id: companyRef(),
    order_id: refColumn('order_id').notNull(),
    tag: text('tag', { enum: ORDER_SUB_STATUSES }),
    tag_date: date('tag_date', { mode: 'string' }),
    user_id: refColumn('user_id'),
    created_at: createdAt(),
  },
  (t) => [
    index('order_tag_history_order_idx').on(t.company_id, t.order_id, t.id),
    foreignKey({
      name: 'order_tag_history_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A subscription: one per rented line of an order (quantity units of one variant), billed per period
 * from `start_date` (shared/BILLING.md, "Periods"). Its status changes only through its transition
 * table (packages/domain subscriptions.ts).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    company_id: companyRef(),
    /** The order's number and the unit's place on it ("ORD-1042-2"), given when the order is placed. */
    number: text('number'),
    order_id: refColumn('order_id').notNull(),
    order_item_id: refColumn('order_item_id'),
    order_number: text('order_number'),
    customer_id: refColumn('customer_id').notNull(),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email').notNull(),
    product_id: refColumn('product_id').notNull(),
    variant_id: refColumn('variant_id').notNull(),
    product_name: text('product_name').notNull(),
    variant_name: text('variant_name').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull(),
    interval: integer('interval').notNull(),
    price: money('price').notNull(),
    tax_percent: numeric('tax_percent', { precision: 7, scale: 4 }).notNull(),
    quantity: integer('quantity').notNull(),
    price_mode: text('price_mode', { enum: PRICE_MODES }).notNull(),
    term_mode: text('term_mode', { enum: PRICE_MODES }),
    minimum_term_months: integer('minimum_term_months').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    minimum_term_end: date('minimum_term_end', { mode: 'string' }).notNull(),
    next_billing_date: date('next_billing_date', { mode: 'string' }),
    auto_renew: boolean('auto_renew').notNull(),
    buyout_price: money('buyout_price'),
    ended_at: tsOrNull('ended_at'),
    end_reason: text('end_reason'),
    /** Why it ended or will end, as churn is counted (packages/domain subscription-end.ts). */
    end_reason_code: text('end_reason_code', { enum: SUBSCRIPTION_END_REASONS }),
    /**
     * The day the business jobs end it (an end asked for at the end of the term, migration 0048): it runs
     * and bills until then; cleared by the end itself, a withdrawal or any other final status.
     */
    end_scheduled_on: date('end_scheduled_on', { mode: 'string' }),
    /**
     * When it was bought out through process-buyout (status `ended`, action `bought_out`, decision in
     * docs/decisions.md): what tells a bought-out end from any other, so it is never reactivated.
     */
    bought_out_at: tsOrNull('bought_out_at'),
    /**
     * Why it waits for a replacement (`pending replacement`), set with that status and cleared when the
     * replacement goes out: what becomes of the unit it still holds (REPLACEMENT_KINDS, replacement.ts).
     */
    replacement_kind: text('replacement_kind', { enum: REPLACEMENT_KINDS }),
    /** What the list search matches (customer, product, order number), lower-cased; searched in subscription_search. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${subscriptions.customer_name} || ' ' || ${subscriptions.customer_email} || ' ' || ${subscriptions.product_name} || ' ' || coalesce(${subscriptions.number}, ''))`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_company_id_key').on(t.company_id, t.id),
    ...(
      ['id', 'status', 'start_date', 'next_billing_date', 'price', 'created_at', 'updated_at'] as const
    ).map((k) => index(`subscriptions_company_${k}_idx`).on(t.company_id, t[k], t.id)),
    index('subscriptions_company_order_idx').on(t.company_id, t.order_id),
    index('subscriptions_company_end_scheduled_idx')
      .on(t.company_id, t.end_scheduled_on)
      .where(sql`${t.end_scheduled_on} is not null`),
    index('subscriptions_company_customer_idx').on(t.company_id, t.customer_id, t.id),
    foreignKey({
      name: 'subscriptions_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }),
    foreignKey({
      name: 'subscriptions_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
  ],
);
