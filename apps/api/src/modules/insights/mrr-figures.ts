/**
 * MRR per customer on given days, and its movements between them (issue 28 part 2; docs/insights.md "MRR
 * movements"). The database sums each customer's running subscriptions by frequency and interval; the
 * arithmetic (a month as a fraction of a year, exact, rounded once) is `@rentloop/domain/mrr-movements`.
 * "Running on day d" is the graphs' own definition (graph-figures.ts).
 */
import { addDays } from '@rentloop/domain/billing-periods';
import type { Frequency } from '@rentloop/domain/enums';
import {
  type CustomerMrrChange,
  type MrrMovements,
  monthlyUnits,
  mrrMovements,
  mrrScale,
  unitsToMinor,
} from '@rentloop/domain/mrr-movements';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { endDay, type Range, runningOn } from './graph-figures.ts';

type Rows = { rows: Record<string, unknown>[] };

/** One customer's subscriptions of one frequency and interval running on day `i`: their period amounts summed. */
interface RunningAmount {
  i: number;
  customer: number;
  frequency: Frequency;
  interval: number;
  amount: bigint;
}

/**
 * What runs on each of `days` (company dates), per customer, frequency and interval: the one query behind
 * every MRR figure (the stat card, the movements, a customer's MRR on the customer page). `customerId`
 * narrows it to one customer.
 */
async function runningAmounts(
  ctx: Ctx,
  days: string[],
  tz: string,
  customerId?: number,
): Promise<RunningAmount[]> {
  const values = days.map((d, i) => sql`(${i}::int, ${d}::date)`);
  const one = customerId === undefined ? sql`` : sql` and s.customer_id = ${customerId}`;
  const result = (await ctx.db.execute(
    sql`select d.i, s.customer_id, s.frequency, s.interval, sum(s.price * s.quantity)::text as amount
      from (values ${sql.join(values, sql`, `)}) as d(i, day)
      join subscriptions s on s.company_id = ${ctx.companyId}${one} and ${runningOn(sql`d.day`, tz)}
     group by d.i, s.customer_id, s.frequency, s.interval`,
  )) as unknown as Rows;
  return result.rows.map((r) => ({
    i: Number(r.i),
    customer: Number(r.customer_id),
    frequency: r.frequency as Frequency,
    interval: Number(r.interval),
    amount: BigInt(String(r.amount)),
  }));
}

/**
 * MRR on day `d` (minor units): each running subscription's period amount brought to a month, summed
 * exactly and rounded once, half up. The whole company's (the stat card), or one customer's.
 */
export async function mrrOn(ctx: Ctx, d: string, tz: string, customerId?: number): Promise<bigint> {
  const rows = await runningAmounts(ctx, [d], tz, customerId);
  const scale = mrrScale(rows.map((r) => r.interval));
  let units = 0n;
  for (const r of rows) units += monthlyUnits(r.amount, r.frequency, r.interval, scale);
  return unitsToMinor(units, scale);
}

/** Each bucket's movements from the day before it starts to its last day, in units of 1/`scale` minor. */
export interface BucketMovements {
  scale: bigint;
  buckets: MrrMovements[];
}

export async function mrrMovementsByBucket(ctx: Ctx, ranges: Range[], tz: string): Promise<BucketMovements> {
  // Day k*2 is the day before bucket k, day k*2+1 its last day.
  const rows = await runningAmounts(
    ctx,
    ranges.flatMap((r) => [addDays(r.from, -1), r.to]),
    tz,
  );
  // The first day each customer had a subscription running (one that ran at least a day): before a
  // bucket, they come back (reactivation); from it on, they are new.
  const firsts = (await ctx.db.execute(
    sql`select s.customer_id, min(s.start_date)::text as first
      from subscriptions s
     where s.company_id = ${ctx.companyId} and s.status <> 'pending activation'
       and (s.ended_at is null or ${endDay(tz)} > s.start_date)
     group by s.customer_id`,
  )) as unknown as Rows;
  const firstDay = new Map(firsts.rows.map((r) => [Number(r.customer_id), String(r.first)]));

  const scale = mrrScale(rows.map((r) => r.interval));
  // perDay[i]: customer -> MRR on day i (scaled units).
  const perDay = Array.from({ length: ranges.length * 2 }, () => new Map<number, bigint>());
  for (const r of rows) {
    const m = perDay[r.i]!;
    m.set(r.customer, (m.get(r.customer) ?? 0n) + monthlyUnits(r.amount, r.frequency, r.interval, scale));
  }
  const buckets = ranges.map((r, k) => {
    const before = perDay[2 * k]!;
    const after = perDay[2 * k + 1]!;
    const changes: CustomerMrrChange[] = [];
    for (const customer of new Set([...before.keys(), ...after.keys()])) {
      const first = firstDay.get(customer);
      changes.push({
        before: before.get(customer) ?? 0n,
        after: after.get(customer) ?? 0n,
        subscribedBefore: first !== undefined && first < r.from,
      });
    }
    return mrrMovements(changes);
  });
  return { scale, buckets };
}
