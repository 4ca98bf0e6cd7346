/**
 * One customer's figures (`GET insights/customers/{id}`, the support desk on the customer page): counted
 * and summed by the database from the customer's own orders, subscriptions and invoices, never stored.
 * MRR, failed payments and recoveries are the Insights graphs' own functions narrowed to the customer
 * (one bucket from ever to today), so the page and the dashboard cannot disagree (docs/insights.md
 * "Customer insights").
 */
import { daysBetween } from '@rentloop/domain/billing-periods';
import type { CustomerInsights } from '@rentloop/domain/customers';
import { and, eq, sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { endDay, failedAttempts, invoiceFigures, runningOn, SINCE_EVER } from '../insights/graph-figures.ts';
import { mrrOn } from '../insights/mrr-figures.ts';
import { getSettings } from '../settings/sections.ts';
import { getCustomer } from './service.ts';

// Subscriptions that still run (billed, or about to be): the "active" figure counts these.
const RUNNING = sql`('active', 'paused', 'cancellation requested', 'pending activation')`;

interface SubscriptionRow {
  subscriptions: number;
  active: number;
  runs: boolean;
  last_end: string | null;
}

export async function customerFigures(ctx: Ctx, customerId: number): Promise<CustomerInsights> {
  await getCustomer(ctx, customerId); // 404 for a customer of another company, or none
  const { db, companyId } = ctx;
  const [currency, { time_zone: tz }, today] = await Promise.all([
    companyCurrency(ctx),
    getSettings(ctx, 'general'),
    companyToday(ctx),
  ]);
  const toDate = [{ from: SINCE_EVER, to: today }];
  const [[o], [s], [i], mrr, failed, [graphed]] = await Promise.all([
    db
      .select({
        orders: sql<number>`(count(*) filter (where ${orders.status} <> 'draft'))::int`,
        open_orders: sql<number>`(count(*) filter (where ${orders.status} = 'open'))::int`,
        quotes: sql<number>`(count(*) filter (where ${orders.status} = 'draft'))::int`,
        last_order_at: sql<
          string | null
        >`max(${orders.created_at}) filter (where ${orders.status} <> 'draft')`,
        first_order_at: sql<
          string | null
        >`min(${orders.created_at}) filter (where ${orders.status} <> 'draft')`,
        since: sql<string | null>`(min(${orders.created_at} at time zone ${tz})
          filter (where ${orders.status} <> 'draft'))::date::text`,
      })
      .from(orders)
      .where(and(eq(orders.company_id, companyId), eq(orders.customer_id, customerId))),
    // Lifetime runs to today while a subscription runs (the graphs' "running"), else to the last end.
    db
      .execute(
        sql`select count(*)::int as subscriptions,
          (count(*) filter (where s.status in ${RUNNING}))::int as active,
          coalesce(bool_or(${runningOn(sql`${today}::date`, tz)}), false) as runs,
          max(${endDay(tz)})::text as last_end
        from subscriptions s where s.company_id = ${companyId} and s.customer_id = ${customerId}`,
      )
      .then((r) => (r as unknown as { rows: SubscriptionRow[] }).rows),
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
        overdue: sql<string>`coalesce(sum(${invoices.gross}) filter (where ${invoices.status} = 'issued'
          and ${invoices.currency} = ${currency} and ${invoices.payment_status} <> 'settled'
          and ${invoices.gross} > 0 and ${invoices.due_date} < ${today}::date and not exists (select 1 from invoices c
            where c.company_id = ${invoices.company_id} and c.original_invoice_id = ${invoices.id}
            and c.type = 'cancellation')), 0)::text`,
      })
      .from(invoices)
      .where(and(eq(invoices.company_id, companyId), eq(invoices.customer_id, customerId))),
    mrrOn(ctx, today, tz, customerId),
    failedAttempts(ctx, toDate, tz, customerId),
    invoiceFigures(ctx, toDate, tz, currency, customerId),
  ]);
  const since = o?.since ?? null;
  const lifetimeEnd = s?.runs === true || !s?.last_end ? today : s.last_end;
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    currency,
    orders: o?.orders ?? 0,
    open_orders: o?.open_orders ?? 0,
    quotes: o?.quotes ?? 0,
    subscriptions: Number(s?.subscriptions ?? 0),
    active_subscriptions: Number(s?.active ?? 0),
    invoices: i?.invoices ?? 0,
    revenue_paid: toDecimal(BigInt(i?.paid ?? '0'), currency)!,
    open_amount: toDecimal(BigInt(i?.open ?? '0'), currency)!,
    last_order_at: iso(o?.last_order_at),
    overdue_amount: toDecimal(BigInt(i?.overdue ?? '0'), currency)!,
    mrr: toDecimal(mrr, currency)!,
    failed_payments: failed.reduce((n, r) => n + r.count, 0),
    recovered_invoices: graphed?.recoveredCount ?? 0,
    recovered_amount: toDecimal(graphed?.recoveredAmount ?? 0n, currency)!,
    first_order_at: iso(o?.first_order_at),
    first_order_date: since,
    lifetime_days: since === null ? null : Math.max(0, daysBetween(since, lifetimeEnd)),
  };
}
