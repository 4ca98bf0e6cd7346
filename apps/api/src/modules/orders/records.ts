/**
 * Reading orders and quotes: the lists (orders, quotes, consumables; db/define-list.ts) and one order
 * with its items, amounts as decimal strings of the company's currency.
 */
import type { OrderDetail } from '@rentloop/domain/order-details';
import type { ORDER_SORTS, OrderFilters, OrderItem, OrderListRow } from '@rentloop/domain/orders';
import type { ProductTracking } from '@rentloop/domain/product-tracking';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { companyYear } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { companySearch, narrowSearchIn, ORDER_SEARCH } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, orderItems, orderSearch, orders, subscriptions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { resolvePrefix } from '../../numbering.ts';
import { dunningOfOrder } from '../dunning/read.ts';
import { subscriptionsAssets } from '../product-tracking/records.ts';
import { getSettings } from '../settings/sections.ts';

type Sort = (typeof ORDER_SORTS)[number];
type Row = typeof orders.$inferSelect;

// The columns a list row is made of (toOrderRow's, but the total): the addresses, amounts and notes are
// not read. A list row carries the list's exact count as `total` (db/define-list.ts): the order's total is
// read as `order_total` there.
const listColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  payment_status: orders.payment_status,
  tag: orders.tag,
  tag_date: orders.tag_date,
  customer_id: orders.customer_id,
  customer_name: orders.customer_name,
  customer_email: orders.customer_email,
  consumable: orders.consumable,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
};
type OrderRowFields = Pick<Row, keyof typeof listColumns>;
const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

const money = (v: bigint, currency: string) => toDecimal(v, currency) as string;
// The outer row's columns by their qualified names: inside a selected column drizzle writes a column of
// the listed table unqualified, which the subquery would read as order_items' own.
export const itemsCountColumn = sql<number>`(select count(*) from ${orderItems} where ${orderItems.company_id} = ${sql.raw('"orders"."company_id"')} and ${orderItems.order_id} = ${sql.raw('"orders"."id"')})`;

/** The list's view of an order: no items, no amounts but the total. */
export function toOrderRow(
  row: OrderRowFields,
  total: bigint,
  currency: string,
  itemsCount: number,
): OrderListRow {
  return {
    id: Number(row.id),
    number: row.number,
    status: row.status,
    payment_status: row.payment_status,
    tag: row.tag,
    tag_date: row.tag_date,
    customer_id: Number(row.customer_id),
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    consumable: row.consumable,
    currency,
    total: money(total, currency),
    items_count: itemsCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const companyOrders = (consumable: boolean, draft: boolean): SQL =>
  sql`${orders.company_id} = ${ph('companyId')} AND ${orders.consumable} = ${consumable} AND ${orders.status} ${sql.raw(draft ? '=' : '<>')} 'draft'`;

/** `companyOrders` on the narrow search table. */
const companySearchRows = (consumable: boolean, draft: boolean): SQL =>
  sql`${orderSearch.company_id} = ${ph('companyId')} AND ${orderSearch.consumable} = ${consumable} AND ${orderSearch.draft} = ${draft}`;

/** Orders (placed: open, fulfilled, cancelled) and quotes (drafts) are two lists over one table. */
function orderListOf(name: string, draft: boolean) {
  return defineList<
    Sort,
    OrderFilters,
    OrderRowFields & { order_total: bigint; currency: string; items_count: number },
    OrderListRow
  >({
    name,
    table: orders,
    id: orders.id,
    scopes: { company: companyOrders(false, draft), consumable: companyOrders(true, draft) },
    columns: {
      ...listColumns,
      order_total: orders.total,
      currency: currencyColumn,
      items_count: itemsCountColumn,
    },
    sorts: {
      id: orders.id,
      number: orders.number,
      status: orders.status,
      payment_status: orders.payment_status,
      tag: orders.tag,
      total: orders.total,
      created_at: orders.created_at,
      updated_at: orders.updated_at,
    },
    filters: {
      status: (v) => sql`${orders.status} = ${v}`,
      payment_status: (v) => sql`${orders.payment_status} = ${v}`,
      tag: (v) => sql`${orders.tag} = ${v}`,
      customer_id: (v) => sql`${orders.customer_id} = ${v}`,
      created_from: (v) => sql`${orders.created_at} >= ${v}::date`,
      created_to: (v) => sql`${orders.created_at} < (${v}::date + 1)`,
      consumable: (v) => sql`${orders.consumable} = ${v}`,
      product_id: (v) =>
        sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.company_id} = ${orders.company_id}
              AND ${orderItems.order_id} = ${orders.id} AND ${orderItems.product_id} = ${v})`,
    },
    search: (pattern) => narrowSearchIn(orders.id, ORDER_SEARCH, pattern),
    narrowSearch: {
      table: orderSearch,
      id: orderSearch.order_id,
      scopes: { company: companySearchRows(false, draft), consumable: companySearchRows(true, draft) },
      search: (pattern) =>
        companySearch(orderSearch.company_id, orderSearch.search_text, pattern, { common: true }),
    },
    total: { entity: draft ? 'draft_orders' : 'orders', scope: 'company' },
    // The row itself, not a copy without the extra fields (an export maps a million of them).
    map: (row) => toOrderRow(row, BigInt(row.order_total), row.currency, Number(row.items_count)),
  });
}

export const orderList = orderListOf('orders', false);
export const draftOrderList = orderListOf('draft_orders', true);

/** The prefix of the order numbers given now: the order settings' `number_prefix`, its `{YYYY}` this year. */
export async function orderNumberPrefix(ctx: Ctx): Promise<string> {
  const { number_prefix } = await getSettings(ctx, 'order');
  return resolvePrefix(number_prefix, await companyYear(ctx));
}

export async function listOrders(ctx: Ctx, p: ListParams<Sort, OrderFilters>, opts: { draft: boolean }) {
  const { consumable, ...filters } = p.filters;
  // The number prefix's keys are in every order's search text: a search leaves them out (decision 102).
  const searchCommon = p.search ? (await orderNumberPrefix(ctx)).toLowerCase() : null;
  return (opts.draft ? draftOrderList : orderList).list(
    ctx,
    { ...p, filters, searchCommon },
    consumable ? 'consumable' : 'company',
  );
}

/** The order's row, or 404; `draft: true` finds quotes only (an order is no quote), `lock` locks it. */
export async function orderRow(
  ctx: Ctx,
  id: number,
  opts: { draft?: boolean; lock?: boolean } = {},
): Promise<Row> {
  const query = ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.company_id, ctx.companyId)));
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row || (opts.draft && row.status !== 'draft')) throw notFound();
  return row;
}

export async function itemsCount(ctx: Ctx, id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, id)));
  return Number(row?.n ?? 0);
}

function toItem(i: typeof orderItems.$inferSelect, currency: string): OrderItem {
  return {
    id: Number(i.id),
    order_id: Number(i.order_id),
    position: i.position,
    kind: i.kind,
    product_id: Number(i.product_id),
    variant_id: Number(i.variant_id),
    product_name: i.product_name,
    variant_name: i.variant_name,
    sku: i.sku,
    quantity: i.quantity,
    unit_price: money(i.unit_price, currency),
    tax_percent: i.tax_percent,
    amount: money(i.amount, currency),
    discount: money(i.discount, currency),
    net: money(i.net, currency),
    tax: money(i.tax, currency),
    gross: money(i.gross, currency),
    billing_interval: i.billing_interval,
    frequency: i.frequency,
    interval: i.interval,
    minimum_term_months: i.minimum_term_months,
    tracking_number: i.tracking_number,
    serial_number: i.serial_number,
  } as OrderItem;
}

/**
 * The order's amounts, one basis per field (docs/decisions.md, "Order amounts"). The row keeps the
 * totals and the shipping line; the items' sums are the totals less shipping, since every total is
 * the sum of its items and shipping (`orderTotals`).
 */
function orderAmounts(
  row: Pick<
    Row,
    'net' | 'tax' | 'total' | 'shipping_net' | 'shipping_tax' | 'discount' | 'shipping_discount'
  >,
  m: (v: bigint) => string,
) {
  const shippingGross = row.shipping_net + row.shipping_tax;
  return {
    items_net: m(row.net - row.shipping_net),
    items_tax: m(row.tax - row.shipping_tax),
    items_gross: m(row.total - shippingGross),
    shipping_net: m(row.shipping_net),
    shipping_tax: m(row.shipping_tax),
    shipping_gross: m(shippingGross),
    net: m(row.net),
    tax: m(row.tax),
    total: m(row.total),
    discount: m(row.discount),
    shipping_discount: m(row.shipping_discount),
  };
}

/** The order page names a subscription's unit by serial and status, linking to the asset. */
const unitOf = (asset: ProductTracking | undefined) =>
  asset ? { id: asset.id, serial_number: asset.serial_number, status: asset.status } : null;

/** One order or quote of the company, with its items and its subscriptions' ids; 404 otherwise. */
export async function getOrder(ctx: Ctx, id: number, opts: { draft?: boolean } = {}): Promise<OrderDetail> {
  const row = await orderRow(ctx, id, opts);
  const currency = await companyCurrency(ctx);
  const [items, subs] = await Promise.all([
    ctx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, id)))
      .orderBy(asc(orderItems.position)),
    ctx.db
      .select({
        id: subscriptions.id,
        number: subscriptions.number,
        status: subscriptions.status,
        product_name: subscriptions.product_name,
        order_item_id: subscriptions.order_item_id,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.order_id, id)))
      .orderBy(asc(subscriptions.id)),
  ]);
  const assets = await subscriptionsAssets(
    ctx,
    subs.map((s) => Number(s.id)),
  );
  const m = (v: bigint) => money(v, currency);
  return {
    ...toOrderRow(row, row.total, currency, items.length),
    ...orderAmounts(row, m),
    billing_address: row.billing_address,
    shipping_address: row.shipping_address,
    shipping_method_id: row.shipping_method_id === null ? null : Number(row.shipping_method_id),
    shipping_method_name: row.shipping_method_name,
    shipping_tax_percent: row.shipping_tax_percent,
    voucher_code: row.voucher_code,
    note: row.note,
    original_order_id: row.original_order_id === null ? null : Number(row.original_order_id),
    source_subscription_id: row.source_subscription_id === null ? null : Number(row.source_subscription_id),
    finalised_at: row.finalised_at,
    cancelled_at: row.cancelled_at,
    cancellation_reason: row.cancellation_reason,
    cancellation_message: row.cancellation_message,
    cancellation_refunded: row.cancellation_refunded,
    items: items.map((i) => toItem(i, currency)),
    subscription_ids: subs.map((s) => Number(s.id)),
    subscriptions: subs.map((s) => ({
      ...s,
      id: Number(s.id),
      order_item_id: s.order_item_id === null ? null : Number(s.order_item_id),
      asset: unitOf(assets.get(Number(s.id))),
    })),
    dunning: await dunningOfOrder(ctx, id),
  };
}
