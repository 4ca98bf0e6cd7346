/**
 * The exact totals of the append-only trails (history logs, events, email history): what the lists read
 * and what the counts-fold job keeps short. See `trailCounts` in db/schema/counts.ts for why they are not
 * kept like entity_counts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { trailCountChanges, trailCounts } from './schema/index.ts';

/** Which rows of a trail a list scope counts: the company's, the company's and the platform's, or all. */
export type TrailScope = 'company' | 'company+platform' | 'all';

/**
 * The total of `entity` for `scope`, as SQL (a scalar subquery; the company is `companyId`): the folded
 * totals plus the changes not folded yet, both read in the statement's snapshot, so exact.
 */
export function trailTotal(entity: string, scope: TrailScope, companyId: SQL | unknown): SQL<number> {
  const keys = (column: SQL) =>
    scope === 'all'
      ? sql`true`
      : scope === 'company'
        ? sql`${column} = ${companyId}`
        : sql`${column} in (${companyId}, 0)`;
  return sql<number>`(select coalesce(sum(n), 0)::int8 from (
      select ${trailCounts.total} as n from ${trailCounts}
       where ${trailCounts.entity} = ${entity} and ${keys(sql`${trailCounts.company_key}`)}
      union all
      select ${trailCountChanges.delta} from ${trailCountChanges}
       where ${trailCountChanges.entity} = ${entity} and ${keys(sql`${trailCountChanges.company_key}`)}
    ) as trail_total)`;
}

/**
 * Moves every change this transaction sees into the totals, in one statement: a reader sees either the
 * changes or the totals they were added to, never both or neither. A change committed meanwhile stays
 * for the next fold; two folds at once queue on the rows the first deletes. Returns the changes folded.
 */
export async function foldTrailCounts(db: Tx): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      delete from ${trailCountChanges} returning company_key, entity, delta
    ), sums as (
      select company_key, entity, sum(delta)::int8 as delta, count(*) as changes from moved group by 1, 2
    ), folded as (
      insert into ${trailCounts} as c (company_key, entity, total)
      select company_key, entity, delta from sums
      on conflict (company_key, entity) do update set total = c.total + excluded.total
      returning 1
    )
    select coalesce((select sum(changes) from sums), 0)::int8 as changes, (select count(*) from folded) as totals`);
  const rows = (result as unknown as { rows: { changes: string | number }[] }).rows;
  return Number(rows[0]?.changes ?? 0);
}
