/**
 * The order items as a list (db/define-list.ts), for the data export's "order items" (decision 78): one
 * row per line of a placed order, with its order's number, status and customer. It takes the orders
 * list's filters and search, each applied to the line's order (so the same filters give the lines of the
 * same orders), except `product_id`, which keeps the lines of that product: a line export asked for one
 * product wants that product's lines, not every line of the orders that also hold it.
 */
import type { ORDER_ITEM_SORTS, OrderFilters, OrderItemListRow } from '@rentloop/domain/orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { narrowSearchIn, ORDER_SEARCH } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, orderItems, orders } from '../../db/schema/index.ts';
import { toDecimal } from '../../money.ts';

type Sort = (typeof ORDER_ITEM_SORTS)[number];

// The line's own columns by their qualified names: inside the subquery over `orders` they must not be
// read as the order's (both tables have company_id, created_at).
const lineCompany = sql.raw('"order_items"."company_id"');
const lineOrder = sql.raw('"order_items"."order_id"');

/** The line's order satisfies `condition` (a primary-key probe of orders per line). */
const ofOrder = (condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.company_id} = ${lineCompany}
        AND ${orders.id} = ${lineOrder} AND ${condition})`;

// As the orders list's scopes (orders/records.ts): placed orders, never quotes; consumables apart.
const companyLines = (consumable: boolean) =>
  sql`${orderItems.company_id} = ${ph('companyId')} AND ${ofOrder(
    sql`${orders.consumable} = ${consumable} AND ${orders.status} <> 'draft'`,
  )}`;

const columns = {
  id: orderItems.id,
  order_id: orderItems.order_id,
  order_number: orders.number,
  order_status: orders.status,
  customer_id: orders.customer_id,
  customer_name: orders.customer_name,
  customer_email: orders.customer_email,
  product_id: orderItems.product_id,
  product_name: orderItems.product_name,
  variant_id: orderItems.variant_id,
  variant_name: orderItems.variant_name,
  sku: orderItems.sku,
  kind: orderItems.kind,
  quantity: orderItems.quantity,
  unit_price: orderItems.unit_price,
  tax_percent: orderItems.tax_percent,
  discount: orderItems.discount,
  net: orderItems.net,
  tax: orderItems.tax,
  gross: orderItems.gross,
  billing_interval: orderItems.billing_interval,
  currency: sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`,
  created_at: orderItems.created_at,
};
type Money = 'unit_price' | 'discount' | 'net' | 'tax' | 'gross';
type Row = Omit<OrderItemListRow, Money> & Record<Money, bigint>;

export const orderItemList = defineList<Sort, OrderFilters, Row, OrderItemListRow>({
  name: 'order_items',
  table: orderItems,
  id: orderItems.id,
  scopes: { company: companyLines(false), consumable: companyLines(true) },
  columns,
  joins: [
    {
      table: orders,
      on: and(eq(orders.company_id, orderItems.company_id), eq(orders.id, orderItems.order_id))!,
      type: 'inner',
    },
  ],
  sorts: { id: orderItems.id, order_id: orderItems.order_id, created_at: orderItems.created_at },
  filters: {
    status: (v) => ofOrder(sql`${orders.status} = ${v}`),
    payment_status: (v) => ofOrder(sql`${orders.payment_status} = ${v}`),
    tag: (v) => ofOrder(sql`${orders.tag} = ${v}`),
    customer_id: (v) => ofOrder(sql`${orders.customer_id} = ${v}`),
    created_from: (v) => ofOrder(sql`${orders.created_at} >= ${v}::date`),
    created_to: (v) => ofOrder(sql`${orders.created_at} < (${v}::date + 1)`),
    consumable: (v) => ofOrder(sql`${orders.consumable} = ${v}`),
    product_id: (v) => sql`${orderItems.product_id} = ${v}`,
  },
  search: (pattern) => narrowSearchIn(orderItems.order_id, ORDER_SEARCH, pattern),
  map: ({ unit_price, discount, net, tax, gross, ...row }) => ({
    ...row,
    id: Number(row.id),
    order_id: Number(row.order_id),
    customer_id: Number(row.customer_id),
    product_id: Number(row.product_id),
    variant_id: Number(row.variant_id),
    unit_price: toDecimal(unit_price, row.currency) as string,
    discount: toDecimal(discount, row.currency) as string,
    net: toDecimal(net, row.currency) as string,
    tax: toDecimal(tax, row.currency) as string,
    gross: toDecimal(gross, row.currency) as string,
  }),
});
