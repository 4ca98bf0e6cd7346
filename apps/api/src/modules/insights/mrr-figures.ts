/**
 * MRR per customer on given days, and its movements between them (issue 28 part 2; docs/insights.md "MRR
 * movements"). The database sums each customer's running subscriptions by frequency and interval; the
 * arithmetic (a month as a fraction of a year, exact, rounded once) is `@rentloop/domain/mrr-movements`.
 * "Running on day d" is the graphs' own definition (graph-figures.ts).
 */
import type { Frequency } from '@rentloop/domain/enums';
import {
  type CustomerMrrChange,
  type MrrMovements,
  monthlyUnits,
  mrrMovements,
  mrrScale,
} from '@rentloop/domain/mrr-movements';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Range } from './graph-figures.ts';

type Rows = { rows: Record<string, unknown>[] };

const endDay = (tz: string) => sql`(s.ended_at at time zone ${tz})::date`;

/** Each bucket's movements from the day before it starts to its last day, in units of 1/`scale` minor. */
export interface BucketMovements {
  scale: bigint;
  buckets: MrrMovements[];
}

export async function mrrMovementsByBucket(ctx: Ctx, ranges: Range[], tz: string): Promise<BucketMovements> {
  // Day k*2 is the day before bucket k, day k*2+1 its last day.
  const days = ranges.flatMap((r, k) => [
    sql`(${2 * k}::int, (${r.from}::date - 1))`,
    sql`(${2 * k + 1}::int, ${r.to}::date)`,
  ]);
  const result = (await ctx.db.execute(
    sql`select d.i, s.customer_id, s.frequency, s.interval, sum(s.price * s.quantity)::text as amount
      from (values ${sql.join(days, sql`, `)}) as d(i, day)
      join subscriptions s on s.company_id = ${ctx.companyId}
        and s.start_date <= d.day and s.status <> 'pending activation'
        and (s.ended_at is null or ${endDay(tz)} > d.day)
     group by d.i, s.customer_id, s.frequency, s.interval`,
  )) as unknown as Rows;
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

  const scale = mrrScale(result.rows.map((r) => Number(r.interval)));
  // perDay[i]: customer -> MRR on day i (scaled units).
  const perDay = Array.from({ length: ranges.length * 2 }, () => new Map<number, bigint>());
  for (const r of result.rows) {
    const units = monthlyUnits(BigInt(String(r.amount)), r.frequency as Frequency, Number(r.interval), scale);
    const m = perDay[Number(r.i)]!;
    const customer = Number(r.customer_id);
    m.set(customer, (m.get(customer) ?? 0n) + units);
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
