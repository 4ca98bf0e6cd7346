/**
 * One customer's figures (`GET insights/customers/{id}`, the support desk on the customer page): counted
 * and summed by the database from the customer's own orders, subscriptions and invoices, never stored.
 */
import type { CustomerInsights } from '@rentloop/domain/customers';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { invoices, orders, subscriptions } from '../../db/schema/index.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { getCustomer } from './service.ts';

// Subscriptions that still run (billed, or about to be): the "active" figure counts these.
const RUNNING = sql`('active', 'paused', 'cancellation requested', 'pending activation')`;

export async function customerFigures(ctx: Ctx, customerId: number): Promise<CustomerInsights> {
  await getCustomer(ctx, customerId); // 404 for a customer of another company, or none
  const { db, companyId } = ctx;
  const currency = await companyCurrency(ctx);
  const [[o], [s], [i]] = await Promise.all([
    db
      .select({
        orders: sql<number>`(count(*) filter (where ${orders.status} <> 'draft'))::int`,
        open_orders: sql<number>`(count(*) filter (where ${orders.status} = 'open'))::int`,
        quotes: sql<number>`(count(*) filter (where ${orders.status} = 'draft'))::int`,
        last_order_at: sql<
          string | null
        >`max(${orders.created_at}) filter (where ${orders.status} <> 'draft')`,
      })
      .from(orders)
      .where(and(eq(orders.company_id, companyId), eq(orders.customer_id, customerId))),
    db
      .select({
        subscriptions: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${subscriptions.status} in ${RUNNING}))::int`,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, companyId), eq(subscriptions.customer_id, customerId))),
    // Sums of bigint minor units are numeric: read as text, never through a float. A cancellation is a
    // credit never collected (corrections.ts), so settled documents are payments in and refunds out; an
    // invoice with a cancellation owes nothing any more.
    db
      .select({
        invoices: sql<number>`(count(*) filter (where ${invoices.status} = 'issued'))::int`,
        paid: sql<string>`coalesce(sum(${invoices.gross}) filter (where ${invoices.status} = 'issued'
          and ${invoices.currency} = ${currency} and ${invoices.payment_status} = 'settled'), 0)::text`,
        open: sql<string>`coalesce(sum(${invoices.gross}) filter (where ${invoices.status} = 'issued'
          and ${invoices.currency} = ${currency} and ${invoices.payment_status} <> 'settled'
          and ${invoices.gross} > 0 and not exists (select 1 from invoices c
            where c.company_id = ${invoices.company_id} and c.original_invoice_id = ${invoices.id}
            and c.type = 'cancellation')), 0)::text`,
      })
      .from(invoices)
      .where(and(eq(invoices.company_id, companyId), eq(invoices.customer_id, customerId))),
  ]);
  return {
    currency,
    orders: o?.orders ?? 0,
    open_orders: o?.open_orders ?? 0,
    quotes: o?.quotes ?? 0,
    subscriptions: s?.subscriptions ?? 0,
    active_subscriptions: s?.active ?? 0,
    invoices: i?.invoices ?? 0,
    revenue_paid: toDecimal(BigInt(i?.paid ?? '0'), currency)!,
    open_amount: toDecimal(BigInt(i?.open ?? '0'), currency)!,
    last_order_at: o?.last_order_at ? new Date(o.last_order_at).toISOString() : null,
  };
}
