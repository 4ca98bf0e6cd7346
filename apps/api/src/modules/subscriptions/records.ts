/** Reading subscriptions: the list (db/define-list.ts) and one subscription, amounts as decimal strings. */
import type {
  SUBSCRIPTION_SORTS,
  Subscription,
  SubscriptionDetail,
  SubscriptionFilters,
} from '@rentloop/domain/subscriptions';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { companySearch, narrowSearchIn, SUBSCRIPTION_SEARCH } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, subscriptionSearch, subscriptions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { dunningOfSubscription } from '../dunning/read.ts';

type Sort = (typeof SUBSCRIPTION_SORTS)[number];
type Row = Omit<typeof subscriptions.$inferSelect, 'search_text'>;

const { search_text: _s, ...columns } = getTableColumns(subscriptions);
/**
 * Running on day `d` for the lists, as the Insights graphs count "running" (insights/graph-figures.ts):
 * started by then, not pending activation, not ended on or before it. `s` is the subscriptions table's
 * SQL name (or an alias); the end's day is read in UTC, as every list reads a timestamp's day.
 */
export const runningOnDay = (s: SQL, d: unknown) =>
  sql`(${s}.start_date <= ${d}::date and ${s}.status <> 'pending activation'
    and (${s}.ended_at is null or ${s}.ended_at >= ${d}::date + 1))`;

const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

export function toSubscription(row: Row, currency: string): Subscription {
  return {
    id: Number(row.id),
    number: row.number,
    order_id: Number(row.order_id),
    order_item_id: row.order_item_id === null ? null : Number(row.order_item_id),
    order_number: row.order_number,
    customer_id: Number(row.customer_id),
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    product_id: Number(row.product_id),
    product_name: row.product_name,
    variant_id: Number(row.variant_id),
    variant_name: row.variant_name,
    status: row.status,
    frequency: row.frequency,
    interval: row.interval,
    price: toDecimal(row.price, currency) as string,
    tax_percent: row.tax_percent,
    quantity: row.quantity,
    price_mode: row.price_mode,
    term_mode: row.term_mode,
    minimum_term_months: row.minimum_term_months,
    start_date: row.start_date,
    minimum_term_end: row.minimum_term_end,
    next_billing_date: row.next_billing_date,
    ended_at: row.ended_at,
    end_reason: row.end_reason,
    end_reason_code: row.end_reason_code,
    end_scheduled_on: row.end_scheduled_on,
    bought_out_at: row.bought_out_at,
    replacement_kind: row.replacement_kind,
    auto_renew: row.auto_renew,
    buyout_price: toDecimal(row.buyout_price, currency),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const subscriptionList = defineList<
  Sort,
  SubscriptionFilters,
  Row & { currency: string },
  Subscription
>({
  name: 'subscriptions',
  table: subscriptions,
  id: subscriptions.id,
  scopes: { company: sql`${subscriptions.company_id} = ${ph('companyId')}` },
  columns: { ...columns, currency: currencyColumn },
  sorts: {
    id: subscriptions.id,
    status: subscriptions.status,
    start_date: subscriptions.start_date,
    next_billing_date: subscriptions.next_billing_date,
    price: subscriptions.price,
    created_at: subscriptions.created_at,
    updated_at: subscriptions.updated_at,
  },
  filters: {
    status: (v) => sql`${subscriptions.status} = ${v}`,
    product_id: (v) => sql`${subscriptions.product_id} = ${v}`,
    customer_id: (v) => sql`${subscriptions.customer_id} = ${v}`,
    order_id: (v) => sql`${subscriptions.order_id} = ${v}`,
    next_billing_from: (v) => sql`${subscriptions.next_billing_date} >= ${v}::date`,
    next_billing_to: (v) => sql`${subscriptions.next_billing_date} <= ${v}::date`,
    ended_from: (v) => sql`${subscriptions.ended_at} >= ${v}::date`,
    ended_to: (v) => sql`${subscriptions.ended_at} < ${v}::date + 1`,
    auto_renew: (v) => sql`${subscriptions.auto_renew} = ${v}`,
    running_on: (v) => runningOnDay(sql`${subscriptions}`, v),
  },
  search: (pattern) => narrowSearchIn(subscriptions.id, SUBSCRIPTION_SEARCH, pattern),
  narrowSearch: {
    table: subscriptionSearch,
    id: subscriptionSearch.subscription_id,
    scopes: { company: sql`${subscriptionSearch.company_id} = ${ph('companyId')}` },
    search: (pattern) =>
      companySearch(subscriptionSearch.company_id, subscriptionSearch.search_text, pattern),
  },
  total: { entity: 'subscriptions', scope: 'company' },
  map: ({ currency, ...row }) => toSubscription(row, currency),
});

export const listSubscriptions = (ctx: Ctx, p: ListParams<Sort, SubscriptionFilters>) =>
  subscriptionList.list(ctx, p);

export async function subscriptionRow(ctx: Ctx, id: number, opts: { lock?: boolean } = {}): Promise<Row> {
  const query = ctx.db
    .select(columns)
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.company_id, ctx.companyId)));
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row as Row;
}

/** One subscription with its dunning (404 for another company's). */
export async function getSubscription(ctx: Ctx, id: number): Promise<SubscriptionDetail> {
  const subscription = toSubscription(await subscriptionRow(ctx, id), await companyCurrency(ctx));
  return { ...subscription, dunning: await dunningOfSubscription(ctx, id) };
}
