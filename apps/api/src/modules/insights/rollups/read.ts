/**
 * The graphs' figures from the rollups (decision 89): the same figures as the scanning queries
 * (graph-figures.ts, mrr-figures.ts, cohorts.ts), read from a company's summed values. Past months are
 * read as one row per metric and month (every bucket boundary before the current month is a month's
 * end), the current month and later day by day (the stat cards' "today").
 */
import { addDays } from '@rentloop/domain/billing-periods';
import type { GraphPeriod } from '@rentloop/domain/graphs';
import { unitsToMinor } from '@rentloop/domain/mrr-movements';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../../context.ts';
import type { InvoiceFigures, Range, SubscriptionFigures } from '../graph-figures.ts';
import type { BucketMovements } from '../mrr-figures.ts';
import { MRR_SCALE, type Rollup } from './facts.ts';
import { catchUp, readerOf } from './fold.ts';

type Rows = { rows: Record<string, unknown>[] };

/** One metric's values by day, summed as they come (prefix sums), for range and "up to" sums. */
class Metric {
  days: string[] = [];
  sums: bigint[] = [];
  push(day: string, v: bigint) {
    this.days.push(day);
    this.sums.push((this.sums.at(-1) ?? 0n) + v);
  }
  /** Sum of the values up to and including `d`. */
  upTo(d: string): bigint {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! <= d) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0n : this.sums[lo - 1]!;
  }
}

export class RollupValues {
  private metrics = new Map<string, Metric>();
  constructor(rows: Record<string, unknown>[]) {
    for (const r of rows) {
      const name = String(r.metric);
      const m = this.metrics.get(name) ?? new Metric();
      this.metrics.set(name, m);
      m.push(String(r.day), BigInt(String(r.value)));
    }
  }
  names(): string[] {
    return [...this.metrics.keys()];
  }
  upTo(metric: string, d: string): bigint {
    return this.metrics.get(metric)?.upTo(d) ?? 0n;
  }
  inRange(metric: string, from: string, to: string): bigint {
    return this.upTo(metric, to) - this.upTo(metric, addDays(from, -1));
  }
}

/**
 * The company's rollup when it can answer: ready (backfilled) and folded in the time zone and currency
 * the company has now; caught up with every committed event first. Null: the caller scans the records
 * (a backfill still under way, a time zone or currency changed since: the job starts the rollup again;
 * a fold that failed).
 */
export async function readyRollup(ctx: Ctx, tz: string, currency: string): Promise<Rollup | null> {
  // The state and whether any event is past the cursor, in one query (most reads find none).
  const result = (await ctx.db.execute(
    sql`select s.phase, s.time_zone, s.currency, exists (select 1 from events e
        where e.company_id = s.company_id
          and (e.tx_id, e.id) > (coalesce(c.tx_id, '0'::xid8), coalesce(c.event_id, 0))) as pending
      from insights_rollup_state s left join event_cursors c on c.reader = ${readerOf(ctx.companyId)}
     where s.company_id = ${ctx.companyId}`,
  )) as unknown as Rows;
  const state = result.rows[0];
  if (state?.phase !== 'ready' || state.time_zone !== tz || state.currency !== currency) return null;
  const r: Rollup = { companyId: ctx.companyId, tz, currency };
  if (!state.pending) return r;
  try {
    await catchUp(ctx.db, r, (fn) => ctx.db.transaction((tx) => fn(tx)));
  } catch {
    // A fold that fails (a time zone the database refuses, say) never fails the read: it scans. The job
    // meets the same failure and leaves the company's rollup where it was.
    return null;
  }
  return r;
}

/**
 * The values of the metrics: before the current month its month rows (`M:<metric>`, on each month's last
 * day: every bucket boundary before the current month is a month's end), from it on its day rows. One
 * query, index ranges only.
 */
export async function loadValues(ctx: Ctx, today: string, metrics: string[]): Promise<RollupValues> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const list = (names: string[]) =>
    sql`array[${sql.join(
      names.map((m) => sql`${m}`),
      sql`, `,
    )}]::text[]`;
  const result = (await ctx.db.execute(
    sql`select case when v.metric like 'M:%' then substr(v.metric, 3) else v.metric end as metric,
        v.day::text as day, v.value::text as value
      from insights_rollup_values v
     where v.company_id = ${ctx.companyId}
       and ((v.metric = any(${list(metrics.map((m) => `M:${m}`))}) and v.day < ${monthStart}::date)
         or (v.metric = any(${list(metrics)}) and v.day >= ${monthStart}::date))`,
  )) as unknown as Rows;
  result.rows.sort((x, y) =>
    x.metric === y.metric
      ? String(x.day) < String(y.day)
        ? -1
        : 1
      : String(x.metric) < String(y.metric)
        ? -1
        : 1,
  );
  return new RollupValues(result.rows);
}

export const SUBSCRIPTION_METRICS = ['run', 'crun', 'start', 'churn', 'life'];
export const INVOICE_METRICS = ['rev', 'cinv', 'unpc', 'unpa', 'recc', 'reca'];

export function subscriptionFiguresOf(v: RollupValues, ranges: Range[]): SubscriptionFigures[] {
  return ranges.map(({ from, to }) => ({
    active: Number(v.upTo('run', to)),
    customers: Number(v.upTo('crun', to)),
    exposed: Number(v.upTo('run', addDays(from, -1)) + v.inRange('start', from, to)),
    churned: Number(v.inRange('churn', from, to)),
    lifetimeDays: v.inRange('life', from, to),
  }));
}

export function invoiceFiguresOf(v: RollupValues, ranges: Range[]): InvoiceFigures[] {
  return ranges.map(({ from, to }) => ({
    revenue: v.inRange('rev', from, to),
    revenueToDate: v.upTo('rev', to),
    customersToDate: Number(v.upTo('cinv', to)),
    unpaidCount: Number(v.inRange('unpc', from, to)),
    unpaidAmount: v.inRange('unpa', from, to),
    recoveredCount: Number(v.inRange('recc', from, to)),
    recoveredAmount: v.inRange('reca', from, to),
  }));
}

export function failedAttemptsOf(v: RollupValues, ranges: Range[]) {
  const out: { i: number; reason: string; count: number }[] = [];
  for (const name of v.names().filter((n) => n.startsWith('fail:')))
    ranges.forEach(({ from, to }, i) => {
      const count = Number(v.inRange(name, from, to));
      if (count !== 0) out.push({ i, reason: name.slice(5), count });
    });
  return out;
}

export const newCustomersOf = (v: RollupValues, ranges: Range[]) =>
  ranges.map(({ from, to }) => Number(v.inRange('newc', from, to)));

export const unpaidOnOf = (v: RollupValues, d: string) => v.upTo('unpd', d);

export const mrrOnOf = (v: RollupValues, d: string) => unitsToMinor(v.upTo('mrr', d), MRR_SCALE);

/**
 * A bucket's kind of period (month, quarter or year), by where it starts and ends: the current one ends
 * today, so a bucket starting in January is a year's unless it ends in that month or quarter.
 */
const kindOf = (period: GraphPeriod) => (period === 'monthly' ? 'm' : period === 'quarterly' ? 'q' : 'y');

export function mrrMovementsOf(v: RollupValues, ranges: Range[], period: GraphPeriod): BucketMovements {
  const buckets = ranges.map((range) => {
    const k = kindOf(period);
    const at = (what: string) => v.inRange(`mv:${k}:${what}`, range.from, range.to);
    const before = v.upTo('mrr', addDays(range.from, -1));
    const after = v.upTo('mrr', range.to);
    const m = {
      before,
      after,
      new: at('new'),
      reactivation: at('reactivation'),
      expansion: at('expansion'),
      contraction: at('contraction'),
      churned: at('churned'),
    };
    return {
      ...m,
      retained: after - m.new - m.reactivation,
      retainedGross: before - m.contraction - m.churned,
    };
  });
  return { scale: MRR_SCALE, buckets };
}
