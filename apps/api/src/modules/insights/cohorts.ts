/**
 * The cohort grid (issue 28 part 2; docs/insights.md "Cohorts"): customers by the month of their first
 * order, and how many of each still had a running subscription at the end of each later month. Two
 * reads: each customer's first order day, and who had a subscription running on each month's last day
 * (the graphs' definition of running, graph-figures.ts).
 */
import { type CohortGrid, graphBuckets, ratio2 } from '@rentloop/domain/graphs';
import { sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { companyCurrency } from '../../money.ts';
import { getSettings } from '../settings/sections.ts';
import { loadValues, readyRollup } from './rollups/read.ts';

type Rows = { rows: Record<string, unknown>[] };

/** The grid from the rollups (decision 89): cohort sizes and cells are summed values. */
async function rolledGrid(ctx: Ctx, today: string, months: ReturnType<typeof graphBuckets>) {
  const v = await loadValues(ctx, today, ['coh', ...months.map((m) => `cohr:${m.from}`)]);
  return months.map((m, k) => {
    const customers = Number(v.inRange('coh', m.from, m.to));
    const retained = months.map((_, n) =>
      k + n < months.length
        ? Number(v.inRange(`cohr:${m.from}`, months[k + n]!.from, months[k + n]!.to))
        : null,
    );
    return {
      month: m.label,
      customers,
      retained,
      shares: retained.map((r) => (r === null ? null : ratio2(BigInt(r), BigInt(customers), 100n))),
    };
  });
}

export async function cohortGrid(ctx: Ctx, opts: { scan?: boolean } = {}): Promise<CohortGrid> {
  const [{ time_zone: tz }, today, currency] = await Promise.all([
    getSettings(ctx, 'general'),
    companyToday(ctx),
    companyCurrency(ctx),
  ]);
  const months = graphBuckets('monthly', today);
  const offsets = months.map((_, n) => n);
  if (!opts.scan && (await readyRollup(ctx, tz, currency)))
    return { as_of: today, offsets, cohorts: await rolledGrid(ctx, today, months) };
  const firsts = (await ctx.db.execute(
    sql`select o.customer_id, to_char(min((o.created_at at time zone ${tz})::date), 'YYYY-MM') as month
      from orders o
     where o.company_id = ${ctx.companyId} and o.status <> 'draft'
     group by o.customer_id
    having min((o.created_at at time zone ${tz})::date) >= ${months[0]!.from}::date`,
  )) as unknown as Rows;
  const ends = months.map((m, i) => sql`(${i}::int, ${m.to}::date)`);
  const running = (await ctx.db.execute(
    sql`select distinct d.i, s.customer_id
      from (values ${sql.join(ends, sql`, `)}) as d(i, day)
      join subscriptions s on s.company_id = ${ctx.companyId}
        and s.start_date <= d.day and s.status <> 'pending activation'
        and (s.ended_at is null or (s.ended_at at time zone ${tz})::date > d.day)`,
  )) as unknown as Rows;
  const subscribedAt = months.map(() => new Set<number>());
  for (const r of running.rows) subscribedAt[Number(r.i)]!.add(Number(r.customer_id));
  const byMonth = new Map<string, number[]>();
  for (const r of firsts.rows) {
    const list = byMonth.get(String(r.month)) ?? [];
    list.push(Number(r.customer_id));
    byMonth.set(String(r.month), list);
  }
  return {
    as_of: today,
    offsets,
    cohorts: months.map((m, k) => {
      const members = byMonth.get(m.label) ?? [];
      const retained = offsets.map((n) =>
        k + n < months.length ? members.filter((c) => subscribedAt[k + n]!.has(c)).length : null,
      );
      return {
        month: m.label,
        customers: members.length,
        retained,
        shares: retained.map((r) => (r === null ? null : ratio2(BigInt(r), BigInt(members.length), 100n))),
      };
    }),
  };
}
