/**
 * `GET /api/{company}/insights/assets/{id}`: one asset's profit and loss, read from the records and
 * computed by the pure functions of `@rentloop/domain/asset-pnl` (decision 58). This file only reads:
 * the asset, its history, the histories of the other units its subscriptions had (a line of a period
 * in which a subscription swapped units is shared by days), the issued invoices naming those
 * subscriptions or their order items (the initial invoice), and the asset's closed repairs. Every
 * query carries the company, so another company's asset is a 404.
 */
import {
  type AssetInsights,
  assetPnl,
  type PnlHistoryEntry,
  type PnlLine,
  type Stint,
  shareByWeights,
  stintsOf,
} from '@rentloop/domain/asset-pnl';
import { localDate } from '@rentloop/domain/billing-periods';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { companyTimeAt } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { invoices, productTrackingHistory, repairs, subscriptions } from '../../db/schema/index.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { assetRow } from '../product-tracking/records.ts';
import { getSettings } from '../settings/sections.ts';

const h = productTrackingHistory;

/** The histories of `assetIds`, oldest first, on the company's calendar. */
async function histories(ctx: Ctx, assetIds: number[], timeZone: string) {
  const rows = await ctx.db
    .select({ asset: h.product_tracking_id, at: h.created_at, to: h.to_status, sub: h.subscription_id })
    .from(h)
    .where(and(eq(h.company_id, ctx.companyId), inArray(h.product_tracking_id, assetIds)))
    .orderBy(asc(h.product_tracking_id), asc(h.id));
  const byAsset = new Map<number, PnlHistoryEntry[]>();
  for (const r of rows) {
    const list = byAsset.get(r.asset) ?? [];
    list.push({ date: localDate(new Date(r.at), timeZone), to: r.to, subscriptionId: r.sub });
    byAsset.set(r.asset, list);
  }
  return byAsset;
}

/** The ids of the units that went out to any of `subscriptionIds`. */
async function unitsOf(ctx: Ctx, subscriptionIds: number[]): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ id: h.product_tracking_id })
    .from(h)
    .where(
      and(
        eq(h.company_id, ctx.companyId),
        eq(h.to_status, 'rented out'),
        inArray(h.subscription_id, subscriptionIds),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The lines of the issued invoices that concern `subscriptionIds`, each naming one subscription: a
 * line names it itself (a period's charge), or names an order item whose subscriptions share it by
 * their quantity (the initial invoice and its corrections), or the invoice names it (a buyout).
 */
async function linesOf(ctx: Ctx, subscriptionIds: number[]): Promise<PnlLine[]> {
  const subs = await ctx.db
    .select({ id: subscriptions.id, order: subscriptions.order_id, item: subscriptions.order_item_id })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), inArray(subscriptions.id, subscriptionIds)));
  const orderIds = [...new Set(subs.map((s) => s.order))];
  const itemIds = [...new Set(subs.flatMap((s) => (s.item === null ? [] : [s.item])))];
  // Every subscription of those order items (also ones that never had this unit): an item's line is theirs.
  const siblings = itemIds.length
    ? await ctx.db
        .select({ id: subscriptions.id, item: subscriptions.order_item_id, quantity: subscriptions.quantity })
        .from(subscriptions)
        .where(
          and(eq(subscriptions.company_id, ctx.companyId), inArray(subscriptions.order_item_id, itemIds)),
        )
        .orderBy(asc(subscriptions.id))
    : [];
  const rows = await ctx.db
    .select({
      id: invoices.id,
      issue_date: invoices.issue_date,
      payment_status: invoices.payment_status,
      subscription_id: invoices.subscription_id,
      lines: invoices.lines,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.status, 'issued'),
        or(inArray(invoices.subscription_id, subscriptionIds), inArray(invoices.order_id, orderIds)),
      ),
    );
  const wanted = new Set(subscriptionIds);
  const out: PnlLine[] = [];
  for (const inv of rows) {
    const base = {
      invoiceId: inv.id,
      issueDate: inv.issue_date as string,
      settled: inv.payment_status === 'settled',
    };
    for (const l of inv.lines) {
      const net = BigInt(l.net);
      const period = { periodStart: l.period_start, periodEnd: l.period_end };
      const item = l.order_item_id === null ? [] : siblings.filter((s) => s.item === l.order_item_id);
      if (l.subscription_id !== null) {
        if (wanted.has(l.subscription_id))
          out.push({ ...base, ...period, subscriptionId: l.subscription_id, net });
      } else if (item.length > 0) {
        const shares = shareByWeights(
          net,
          item.map((s) => BigInt(Math.max(1, s.quantity))),
        );
        item.forEach((s, i) => {
          if (wanted.has(s.id))
            out.push({ ...base, ...period, subscriptionId: s.id, net: shares[i] as bigint });
        });
      } else if (
        l.order_item_id === null &&
        inv.subscription_id !== null &&
        wanted.has(inv.subscription_id)
      ) {
        out.push({ ...base, ...period, subscriptionId: inv.subscription_id, net });
      }
    }
  }
  return out;
}

type AssetRow = Awaited<ReturnType<typeof assetRow>>;

/**
 * The profit and loss of `asset` on the company's day `today`, and the unit's own stints: what the page
 * answers and what the list's kept figures are made of (asset-figures.ts).
 */
export async function pnlOf(ctx: Ctx, asset: AssetRow, timeZone: string, today: string) {
  const id = asset.id;
  const own = (await histories(ctx, [id], timeZone)).get(id) ?? [];
  const subscriptionIds = [
    ...new Set(
      own.flatMap((e) => (e.to === 'rented out' && e.subscriptionId !== null ? [e.subscriptionId] : [])),
    ),
  ];
  let stints: Stint[] = [];
  let lines: PnlLine[] = [];
  if (subscriptionIds.length > 0) {
    const units = await unitsOf(ctx, subscriptionIds);
    const all = await histories(ctx, units, timeZone);
    stints = [...all].flatMap(([unit, history]) => stintsOf(unit, history));
    lines = await linesOf(ctx, subscriptionIds);
  }
  const closed = await ctx.db
    .select({ at: repairs.closed_at, cost: repairs.total_cost })
    .from(repairs)
    .where(
      and(
        eq(repairs.company_id, ctx.companyId),
        eq(repairs.product_tracking_id, id),
        eq(repairs.status, 'closed'),
      ),
    );
  const ownedSince = asset.purchase_date ?? localDate(new Date(asset.created_at), timeZone);
  const pnl = assetPnl({
    assetId: id,
    today,
    status: asset.status,
    ownedSince,
    purchaseCost: asset.purchase_cost,
    history: own,
    stints,
    lines,
    repairs: closed.map((r) => ({
      date: localDate(new Date(r.at as string), timeZone),
      cost: r.cost ?? 0n,
    })),
  });
  return { pnl, ownedSince, ownStints: stintsOf(id, own) };
}

export async function assetInsights(ctx: Ctx, id: number): Promise<AssetInsights> {
  const asset = await assetRow(ctx, id);
  const currency = await companyCurrency(ctx);
  const { time_zone } = await getSettings(ctx, 'general');
  const today = companyTimeAt(ctx.clock.now(), time_zone).today;
  const { pnl, ownedSince } = await pnlOf(ctx, asset, time_zone, today);
  const amount = (v: bigint) => toDecimal(v, currency) as string;
  return {
    asset_id: id,
    currency,
    status: asset.status,
    owned_since: ownedSince,
    left_fleet_on: pnl.leftFleetOn,
    purchase_cost: toDecimal(pnl.purchaseCost, currency),
    revenue_invoiced: amount(pnl.revenueInvoiced),
    revenue_collected: amount(pnl.revenueCollected),
    repair_costs: amount(pnl.repairCosts),
    profit: amount(pnl.profit),
    days_owned: pnl.daysOwned,
    days_rented: pnl.daysRented,
    utilisation: pnl.utilisation,
    payback_date: pnl.paybackDate,
    payback_remaining: toDecimal(pnl.paybackRemaining, currency),
    loss: toDecimal(pnl.loss, currency),
  };
}
