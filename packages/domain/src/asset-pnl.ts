/**
 * An asset's profit and loss (issue 26 part 5, `GET /api/{company}/insights/assets/{id}`, decision 58):
 * small pure functions over the records the service reads (the asset's status history, the status
 * histories of the other units its subscriptions had, the lines of those subscriptions' issued invoices,
 * its closed repairs). Amounts are bigint minor units; dates are the company's calendar dates
 * `YYYY-MM-DD`; a span of days is half-open (`from` counts, `to` does not).
 *
 * Attribution of an invoice line (decision 58):
 * - a line naming a subscription and a period (`period_start..period_end`, both inclusive) is shared
 *   by the units that subscription had during the period, in proportion to the days each had it there
 *   (largest remainder, so the shares add up to the line exactly; a negative line, a cancellation or a
 *   refund, is split as its positive and negated, so it undoes exactly what its original gave each
 *   unit). Days in the period on which the subscription had no unit (before the first went out) are
 *   not a unit's: the units present share the whole line;
 * - a line naming a subscription without a period (a buyout, the initial invoice's share) goes whole
 *   to the unit the subscription had on the issue date, else the last one it had before, else the
 *   first one it had after (the initial invoice is issued before the unit is shipped).
 * A line whose subscription never had a unit in its period, nor at all, is no asset's.
 */
import { z } from 'zod';
import { addDays, daysBetween } from './billing-periods.ts';
import { ASSET_STATUSES, type AssetStatus } from './enums.ts';
import { amountSchema, roundHalfUp } from './money.ts';

/** One entry of a unit's status history, on the company's calendar. */
export interface PnlHistoryEntry {
  date: string;
  to: AssetStatus;
  subscriptionId: number | null;
}

/** A unit with a subscription's customer: from the day it went out to the day it left them (null: still there). */
export interface Stint {
  assetId: number;
  subscriptionId: number;
  from: string;
  to: string | null;
}

/** An invoice line as the profit and loss reads it (net, without VAT: the tax is the state's). */
export interface PnlLine {
  invoiceId: number;
  issueDate: string;
  /** The invoice's payment status is settled: the money came in (or, on a negative line, went back). */
  settled: boolean;
  subscriptionId: number;
  periodStart: string | null;
  periodEnd: string | null;
  net: bigint;
}

/** Where a unit is not the company's any more (bought out, stolen, removed from the fleet). */
export const OUT_OF_FLEET: readonly AssetStatus[] = ['bought out', 'stolen', 'removed'];
/** Where the unit's remaining cost is lost: stolen (or lost by the customer), broken, removed. */
export const WRITTEN_OFF: readonly AssetStatus[] = ['stolen', 'broken', 'removed'];

/** The spans a unit spent rented out, each with its subscription, from its history (oldest first). */
export function stintsOf(assetId: number, history: readonly PnlHistoryEntry[]): Stint[] {
  const stints: Stint[] = [];
  let open: Stint | null = null;
  for (const e of history) {
    if (open) {
      open.to = e.date;
      stints.push(open);
      open = null;
    }
    if (e.to === 'rented out' && e.subscriptionId !== null)
      open = { assetId, subscriptionId: e.subscriptionId, from: e.date, to: null };
  }
  if (open) stints.push(open);
  return stints;
}

/** Days of `[from, to)` inside `[start, end)`; `to` null runs past `end`. */
function overlap(from: string, to: string | null, start: string, end: string): number {
  const a = from > start ? from : start;
  const b = (to ?? end) < end ? (to ?? end) : end;
  return a < b ? daysBetween(a, b) : 0;
}

/**
 * `amount` shared by `weights` (non-negative, some positive): floor shares, the left-over units to
 * the largest remainders (the earlier on a tie). A negative amount is its positive's split, negated.
 */
export function shareByWeights(amount: bigint, weights: readonly bigint[]): bigint[] {
  if (amount < 0n) return shareByWeights(-amount, weights).map((s) => -s);
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum <= 0n || weights.some((w) => w < 0n))
    throw new RangeError('Weights must be non-negative, some positive.');
  const shares = weights.map((w) => (amount * w) / sum);
  let left = amount - shares.reduce((s, a) => s + a, 0n);
  const order = weights.map((w, i) => ({ i, r: (amount * w) % sum }));
  order.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * What `assetId` gets of a line, given the stints of every unit the line's subscription had. See the
 * file's comment for the rule.
 */
export function lineShare(line: PnlLine, stints: readonly Stint[], assetId: number): bigint {
  const mine = stints.filter((s) => s.subscriptionId === line.subscriptionId);
  if (mine.length === 0) return 0n;
  if (line.periodStart !== null && line.periodEnd !== null) {
    const end = addDays(line.periodEnd, 1);
    const days = new Map<number, number>();
    for (const s of mine) {
      // A unit still out is counted to the period's end: the share of a line changes only when a unit
      // moves, never with the passing of days (decision 58, the list's kept figures rely on it).
      const d = overlap(s.from, s.to, line.periodStart, end);
      if (d > 0) days.set(s.assetId, (days.get(s.assetId) ?? 0) + d);
    }
    if (days.size === 0) return 0n;
    const ids = [...days.keys()].sort((a, b) => a - b);
    const shares = shareByWeights(
      line.net,
      ids.map((id) => BigInt(days.get(id) as number)),
    );
    return shares[ids.indexOf(assetId)] ?? 0n;
  }
  return holderOn(mine, line.issueDate) === assetId ? line.net : 0n;
}

/** The unit a subscription had on `date`, else the last it had before, else the first after. */
function holderOn(stints: readonly Stint[], date: string): number {
  const byStart = [...stints].sort((a, b) =>
    a.from === b.from ? a.assetId - b.assetId : a.from < b.from ? -1 : 1,
  );
  const before = byStart.filter((s) => s.from <= date);
  return (before.length > 0 ? before[before.length - 1] : byStart[0])!.assetId;
}

/** Days from `since` to `until` (negative spans are none). */
const span = (since: string, until: string) => Math.max(0, daysBetween(since, until));

/** A percentage with two decimals, half-up, of `part / whole` (null when `whole` is 0). */
export function percent(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const hundredths = roundHalfUp(BigInt(part) * 10_000n, BigInt(whole));
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export interface AssetPnlInput {
  assetId: number;
  today: string;
  status: AssetStatus;
  /** The purchase date, else the day the unit was tracked. */
  ownedSince: string;
  purchaseCost: bigint | null;
  /** This unit's history, oldest first. */
  history: readonly PnlHistoryEntry[];
  /** Stints of every unit the unit's subscriptions had (this unit's included). */
  stints: readonly Stint[];
  lines: readonly PnlLine[];
  repairs: readonly { date: string; cost: bigint }[];
}

export interface AssetPnl {
  purchaseCost: bigint | null;
  revenueInvoiced: bigint;
  revenueCollected: bigint;
  repairCosts: bigint;
  /** Collected − repairs − purchase. */
  profit: bigint;
  daysOwned: number;
  daysRented: number;
  utilisation: string | null;
  /** The day collected revenue net of repairs first covered the purchase cost (null: not yet). */
  paybackDate: string | null;
  /** What is still to be earned to pay the unit back (0 once paid back; null: no purchase cost). */
  paybackRemaining: bigint | null;
  /** The unrecovered cost when the unit is stolen, broken or removed (null otherwise). */
  loss: bigint | null;
  /** The day it left the fleet (bought out, stolen, removed), null while it is the company's. */
  leftFleetOn: string | null;
}

/** The whole profit and loss of one unit. */
export function assetPnl(input: AssetPnlInput): AssetPnl {
  const { today, history } = input;
  const last = history[history.length - 1];
  const leftFleetOn = last && OUT_OF_FLEET.includes(last.to) ? last.date : null;
  const until = leftFleetOn ?? today;
  const daysOwned = span(input.ownedSince, until);
  // Days rented count up to today inclusive of the day it went out, never past the day it left the fleet.
  const daysRented = stintsOf(input.assetId, history).reduce((n, s) => n + span(s.from, s.to ?? until), 0);
  const shares = input.lines.map((l) => ({ line: l, share: lineShare(l, input.stints, input.assetId) }));
  const revenueInvoiced = shares.reduce((s, x) => s + x.share, 0n);
  const collected = shares.filter((x) => x.line.settled);
  const revenueCollected = collected.reduce((s, x) => s + x.share, 0n);
  const repairCosts = input.repairs.reduce((s, r) => s + r.cost, 0n);
  // An unknown purchase cost counts as none in the profit; the answer says it is unknown (null).
  const purchaseCost = input.purchaseCost ?? 0n;
  const profit = revenueCollected - repairCosts - purchaseCost;
  const known = input.purchaseCost !== null;
  return {
    purchaseCost: input.purchaseCost,
    revenueInvoiced,
    revenueCollected,
    repairCosts,
    profit,
    daysOwned,
    daysRented,
    // A purchase date after the first rental (a typing error) must not make it more than 100 %.
    utilisation: percent(Math.min(daysRented, daysOwned), daysOwned),
    paybackDate: !known
      ? null
      : paybackDate(
          input.ownedSince,
          purchaseCost,
          collected.map((x) => ({ date: x.line.issueDate, amount: x.share })),
          input.repairs,
        ),
    paybackRemaining: !known ? null : profit < 0n ? -profit : 0n,
    loss: WRITTEN_OFF.includes(input.status) ? (profit < 0n ? -profit : 0n) : null,
    leftFleetOn,
  };
}

/**
 * The first day on which collected revenue (dated by its invoice's issue date) minus repairs (dated
 * by their closing) reached the purchase cost, and stayed there to this day (a later repair or refund
 * that takes it below again moves it); null when it has not. No cost at all: paid back when owned.
 */
export function paybackDate(
  ownedSince: string,
  purchaseCost: bigint,
  collected: readonly { date: string; amount: bigint }[],
  repairs: readonly { date: string; cost: bigint }[],
): string | null {
  const events = [
    ...collected.map((c) => ({ date: c.date, delta: c.amount })),
    ...repairs.map((r) => ({ date: r.date, delta: -r.cost })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let balance = -purchaseCost;
  let since: string | null = balance >= 0n ? ownedSince : null;
  let i = 0;
  while (i < events.length) {
    const date = events[i]!.date;
    while (i < events.length && events[i]!.date === date) balance += events[i++]!.delta;
    if (balance >= 0n) since ??= date;
    else since = null;
  }
  return since;
}

// ---- the answer ----

/** `GET /api/{company}/insights/assets/{id}`: amounts in the company's currency, net of VAT. */
export const assetInsightsSchema = z.object({
  asset_id: z.number().int(),
  currency: z.string(),
  status: z.enum(ASSET_STATUSES),
  /** The purchase date, else the day the unit was tracked: where days owned start. */
  owned_since: z.string(),
  /** The day it was bought out, stolen or removed; null while it is in the fleet. */
  left_fleet_on: z.string().nullable(),
  purchase_cost: amountSchema.nullable(),
  revenue_invoiced: amountSchema,
  revenue_collected: amountSchema,
  repair_costs: amountSchema,
  /** Revenue collected − repair costs − purchase cost. */
  profit: amountSchema,
  days_owned: z.number().int(),
  days_rented: z.number().int(),
  /** Days rented out of days owned, a percentage with two decimals; null before its first day. */
  utilisation: z.string().nullable(),
  payback_date: z.string().nullable(),
  /** Still to be collected to pay back the purchase cost (0.00 once paid back); null without a cost. */
  payback_remaining: amountSchema.nullable(),
  /** The unrecovered cost of a stolen (or lost), broken or removed unit; null for any other status. */
  loss: amountSchema.nullable(),
});
export type AssetInsights = z.infer<typeof assetInsightsSchema>;
