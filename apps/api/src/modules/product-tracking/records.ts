/**
 * Reading assets (product tracking): the list (db/define-list.ts), one asset with its history, and the
 * asset a subscription holds. Every query carries the company: another company's asset is not found.
 */
import type {
  PRODUCT_TRACKING_SORTS,
  ProductTracking,
  ProductTrackingDetail,
  ProductTrackingFilters,
  ProductTrackingHistory,
} from '@rentloop/domain/product-tracking';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { companySearch } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, productTracking, productTrackingHistory, subscriptions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { companyCurrency, toDecimal } from '../../money.ts';

type Sort = (typeof PRODUCT_TRACKING_SORTS)[number];
type Row = typeof productTracking.$inferSelect;

const t = productTracking;
const { search_text: _s, company_id: _c, ...columns } = getTableColumns(t);

/** The wire record of a row; the cost in the company's currency. */
export const toAsset = (row: Omit<Row, 'search_text' | 'company_id'>, currency: string): ProductTracking => ({
  id: row.id,
  serial_number: row.serial_number,
  variant_id: row.variant_id,
  bundle_id: row.bundle_id,
  products: row.products.map(Number),
  product_name: row.product_name,
  variant_name: row.variant_name,
  status: row.status,
  location: row.location,
  condition_note: row.condition_note,
  purchase_date: row.purchase_date,
  purchase_cost: toDecimal(row.purchase_cost, currency),
  subscription_id: row.subscription_id,
  status_changed_at: row.status_changed_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  profit: row.figures_stale ? null : toDecimal(row.profit, currency),
  utilisation: row.figures_stale ? null : hundredths(row.utilisation),
});

/** Hundredths of a percent as the insights page writes a percentage ("12.34"). */
const hundredths = (v: number | null) =>
  v === null ? null : `${Math.trunc(v / 100)}.${String(Math.abs(v % 100)).padStart(2, '0')}`;

/** The list's filters as its statements take them: the day range is a moment (from the clock). */
type ListFilters = Omit<ProductTrackingFilters, 'status_changed_within'> & { status_changed_since?: string };

const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

export const assetList = defineList<
  Sort,
  ListFilters,
  Omit<Row, 'search_text' | 'company_id'> & { currency: string },
  ProductTracking
>({
  name: 'product_tracking',
  table: t,
  id: t.id,
  scopes: { company: sql`${t.company_id} = ${ph('companyId')}` },
  columns: { ...columns, currency: currencyColumn },
  sorts: {
    id: t.id,
    serial_number: t.serial_number,
    product_name: t.product_name,
    status: t.status,
    purchase_date: t.purchase_date,
    purchase_cost: t.purchase_cost,
    status_changed_at: t.status_changed_at,
    created_at: t.created_at,
    updated_at: t.updated_at,
    profit: t.profit,
    utilisation: t.utilisation,
  },
  filters: {
    status: (v) => sql`${t.status} = ${v}`,
    variant_id: (v) => sql`${t.variant_id} = ${v}`,
    product_id: (v) => sql`${t.products} @> ARRAY[${v}]::bigint[]`,
    bundle_id: (v) => sql`${t.bundle_id} = ${v}`,
    subscription_id: (v) => sql`${t.subscription_id} = ${v}`,
    status_changed_since: (v) => sql`${t.status_changed_at} >= ${v}::timestamptz`,
  },
  search: (pattern) => companySearch(t.company_id, t.search_text, pattern),
  total: { entity: 'product_tracking', scope: 'company' },
  map: ({ currency, ...row }) => toAsset(row, currency),
});

const DAY_MS = 86_400_000;

/** The list's filters as the API takes them: "changed in the last N days" counted back from the clock. */
export function assetListParams(
  ctx: Ctx,
  p: ListParams<Sort, ProductTrackingFilters>,
): ListParams<Sort, ListFilters> {
  const { status_changed_within: days, ...filters } = p.filters;
  if (days === undefined) return { ...p, filters };
  const since = new Date(ctx.clock.now().getTime() - days * DAY_MS).toISOString();
  return { ...p, filters: { ...filters, status_changed_since: since } };
}

export const listAssets = (ctx: Ctx, p: ListParams<Sort, ProductTrackingFilters>) =>
  assetList.list(ctx, assetListParams(ctx, p));

/** The asset's row (locked with `lock`); 404 when the company has none of that id. */
export async function assetRow(ctx: Ctx, id: number, lock = false): Promise<Row> {
  const q = ctx.db
    .select()
    .from(t)
    .where(and(eq(t.company_id, ctx.companyId), eq(t.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound();
  return row;
}

export async function assetHistory(ctx: Ctx, id: number): Promise<ProductTrackingHistory[]> {
  const h = productTrackingHistory;
  const rows = await ctx.db
    .select({
      id: h.id,
      from_status: h.from_status,
      to_status: h.to_status,
      action: h.action,
      reason: h.reason,
      subscription_id: h.subscription_id,
      user_id: h.user_id,
      user_name: h.user_name,
      created_at: h.created_at,
    })
    .from(h)
    .where(and(eq(h.company_id, ctx.companyId), eq(h.product_tracking_id, id)))
    .orderBy(desc(h.id));
  return rows;
}

/** GET product-tracking/{id}: the asset and its history, newest first. */
export async function getAsset(ctx: Ctx, id: number): Promise<ProductTrackingDetail> {
  const row = await assetRow(ctx, id);
  return { ...toAsset(row, await companyCurrency(ctx)), history: await assetHistory(ctx, id) };
}

/**
 * GET subscriptions/{id}/product-tracking: the asset the subscription holds (rented out), else the last
 * one it had (returned, bought out, stolen), else null; 404 when the company has no such subscription.
 */
export async function subscriptionAsset(ctx: Ctx, subscriptionId: number): Promise<ProductTracking | null> {
  const [sub] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, subscriptionId)));
  if (!sub) throw notFound();
  return (await subscriptionsAssets(ctx, [subscriptionId])).get(subscriptionId) ?? null;
}

/**
 * The unit each of these subscriptions holds (rented out to it: at most one, a unique index), else the
 * last one it had: an asset names its subscription while rented out, and its history names every
 * subscription it served, so a returned unit is found there. For the subscription's and the order's pages.
 */
export async function subscriptionsAssets(ctx: Ctx, ids: number[]): Promise<Map<number, ProductTracking>> {
  const held = new Map<number, ProductTracking>();
  if (!ids.length) return held;
  const h = productTrackingHistory;
  const [now, past] = await Promise.all([
    ctx.db
      .select({ asset: t.id, subscription: t.subscription_id })
      .from(t)
      .where(and(eq(t.company_id, ctx.companyId), inArray(t.subscription_id, ids))),
    ctx.db
      .selectDistinct({ asset: h.product_tracking_id, subscription: h.subscription_id })
      .from(h)
      .where(and(eq(h.company_id, ctx.companyId), inArray(h.subscription_id, ids))),
  ]);
  const pairs = [...now, ...past];
  if (!pairs.length) return held;
  const rows = await ctx.db
    .select()
    .from(t)
    .where(
      and(eq(t.company_id, ctx.companyId), inArray(t.id, [...new Set(pairs.map((p) => Number(p.asset)))])),
    );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const currency = await companyCurrency(ctx);
  // The unit rented out to the subscription first, then the one whose status changed last, then the newest.
  type Row = (typeof rows)[number];
  const heldBy = (row: Row, subscription: number) =>
    row.status === 'rented out' && Number(row.subscription_id) === subscription ? 1 : 0;
  const before = (a: Row, b: Row, subscription: number) =>
    heldBy(a, subscription) - heldBy(b, subscription) ||
    Date.parse(a.status_changed_at) - Date.parse(b.status_changed_at) ||
    Number(a.id) - Number(b.id);
  const best = new Map<number, Row>();
  for (const pair of pairs) {
    const subscription = Number(pair.subscription);
    const row = byId.get(Number(pair.asset));
    if (!row) continue;
    const current = best.get(subscription);
    if (!current || before(row, current, subscription) > 0) best.set(subscription, row);
  }
  for (const [subscription, row] of best) held.set(subscription, toAsset(row, currency));
  return held;
}
