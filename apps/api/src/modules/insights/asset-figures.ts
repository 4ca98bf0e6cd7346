/**
 * The assets list's kept figures (decision 83): `profit` and the pieces of `utilisation` on each
 * product_tracking row, equal to what the asset's insights page computes (asset-pnl.ts), so the list can
 * sort by them from an index `(company_id, <figure>, id)`.
 *
 * - Triggers (migration 0069) mark a unit `figures_stale` in the transaction that changes what its
 *   figures depend on: an invoice issued or its (payment) status changed, a repair closed, a status
 *   change of any unit of its subscriptions, its purchase date or cost; a new unit starts stale.
 * - `refreshAssetFigures` computes the company's stale units again before a request's transaction commits
 *   (http/transactions.ts), so a write is exact for its user. A job's transaction (jobs/context.ts) does
 *   not compute them: `queueAssetFigures` enqueues one `asset-figures` job for the company in it
 *   (asset-figures-job.ts; decision 91, done at stop 43), so the billing run's batches do not hold their
 *   rows while units are computed. Both read a flag the marking raised in the transaction (migration
 *   0076), so a write that made nothing stale touches no table. A unit the job passed over (another
 *   transaction held it) brings the job back two seconds later, until none is left. The business day
 *   refreshes whatever is stale (a catch-all for a writer outside them). A unit that never went out and has no closed
 *   repair is refreshed by one set-based statement (an import of 100,000 units); the others by the
 *   page's own computation, one unit at a time.
 * - Utilisation depends on today: the pieces (days rented in closed stints, the open stint's first day,
 *   owned since, left the fleet on) change only with events; the kept percentage is SQL
 *   `asset_utilisation(pieces, today)`, written on each refresh and rolled forward by the business day
 *   (`rollAssetUtilisation`) for the units whose figure changed with the date.
 */
import { daysBetween } from '@rentloop/domain/billing-periods';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { companyTimeAt } from '../../company-time.ts';
import type { Ctx, Transact } from '../../context.ts';
import { txExecutor } from '../../db/client.ts';
import { productTracking } from '../../db/schema/index.ts';
import { getSettings } from '../settings/sections.ts';
import { pnlOf } from './asset-pnl.ts';

const t = productTracking;

/** A statement's rows, on node-postgres and PGlite alike. */
const rowsOf = async (ctx: Ctx, query: SQL) =>
  ((await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A refresh reads this many stale units per statement. */
const BATCH = 500;

/** The transaction-local setting a unit's trigger raises when its figures become stale (migration 0076). */
const STALE_FLAG = 'rentloop.assets_stale';

async function companyDay(ctx: Ctx) {
  const { time_zone } = await getSettings(ctx, 'general');
  return { timeZone: time_zone, today: companyTimeAt(ctx.clock.now(), time_zone).today };
}

/** The percentage on `today` from the kept pieces (the one definition of the kept figure). */
const utilisationOn = (today: string) =>
  sql`asset_utilisation(${t.owned_since}, ${t.rented_days_closed}, ${t.rented_since}, ${t.left_fleet_on}, ${today}::date)`;

/** Units that never had a subscription and have no closed repair: their figures in one statement. */
async function refreshPlain(ctx: Ctx, timeZone: string, today: string, skip: SQL): Promise<number> {
  const rows = await rowsOf(
    ctx,
    sql`
    WITH plain AS (
      SELECT p.id, p.company_id,
             coalesce(p.purchase_date, (p.created_at AT TIME ZONE ${timeZone})::date) AS owned,
             (SELECT CASE WHEN h.to_status IN ('bought out', 'stolen', 'removed')
                          THEN (h.created_at AT TIME ZONE ${timeZone})::date END
                FROM product_tracking_history h
               WHERE h.company_id = p.company_id AND h.product_tracking_id = p.id
               ORDER BY h.id DESC LIMIT 1) AS left_on
        FROM product_tracking p
       WHERE p.company_id = ${ctx.companyId} AND p.figures_stale
         AND NOT EXISTS (SELECT 1 FROM product_tracking_history h
                          WHERE h.company_id = p.company_id AND h.product_tracking_id = p.id
                            AND h.subscription_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM repairs r
                          WHERE r.company_id = p.company_id AND r.product_tracking_id = p.id
                            AND r.status = 'closed')
       ${skip}
    )
    UPDATE product_tracking p
       SET profit = -coalesce(p.purchase_cost, 0), rented_days_closed = 0, rented_since = NULL,
           owned_since = plain.owned, left_fleet_on = plain.left_on,
           utilisation = asset_utilisation(plain.owned, 0, NULL, plain.left_on, ${today}::date),
           figures_stale = false
      FROM plain
     WHERE p.company_id = plain.company_id AND p.id = plain.id
    RETURNING p.id`,
  );
  return rows.length;
}

/** The other stale units, by the page's computation, `BATCH` at a time. */
async function refreshComputed(
  ctx: Ctx,
  timeZone: string,
  today: string,
  skipLocked: boolean,
): Promise<number> {
  let done = 0;
  // Walks the stale units by id, so a unit the update could not clear is never read twice.
  for (let after = 0; ; ) {
    const query = ctx.db
      .select()
      .from(t)
      .where(and(eq(t.company_id, ctx.companyId), eq(t.figures_stale, true), gt(t.id, after)))
      .orderBy(asc(t.id))
      .limit(BATCH);
    const stale = await (skipLocked ? query.for('no key update', { skipLocked: true }) : query);
    if (stale.length === 0) return done;
    after = stale[stale.length - 1]!.id;
    const values: SQL[] = [];
    for (const asset of stale) {
      const { pnl, ownedSince, ownStints } = await pnlOf(ctx, asset, timeZone, today);
      // The page's `span`: a closed stint's days, never negative.
      const closed = ownStints.reduce(
        (n, s) => n + (s.to === null ? 0 : Math.max(0, daysBetween(s.from, s.to))),
        0,
      );
      const open = ownStints.find((s) => s.to === null)?.from ?? null;
      values.push(
        sql`(${asset.id}::bigint, ${pnl.profit.toString()}::bigint, ${closed}::integer, ${open}::date, ${ownedSince}::date, ${pnl.leftFleetOn}::date)`,
      );
    }
    await ctx.db.execute(sql`
      UPDATE product_tracking p
         SET profit = v.profit, rented_days_closed = v.closed, rented_since = v.open,
             owned_since = v.owned, left_fleet_on = v.left_on,
             utilisation = asset_utilisation(v.owned, v.closed, v.open, v.left_on, ${today}::date),
             figures_stale = false
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, profit, closed, open, owned, left_on)
       WHERE p.company_id = ${ctx.companyId} AND p.id = v.id`);
    done += values.length;
  }
}

/**
 * The company's stale units computed again, whoever left them stale; answers how many. `skipLocked` (the
 * `asset-figures` job, outside the transaction that marked them): a unit another transaction holds is
 * passed over, so the job never waits on, nor deadlocks with, a billing batch; the job then comes back for
 * it (`staleLeft`, asset-figures-job.ts).
 */
export async function refreshStale(ctx: Ctx, skipLocked = false): Promise<number> {
  if (!(await staleLeft(ctx))) return 0;
  const { timeZone, today } = await companyDay(ctx);
  // NO KEY UPDATE, the lock the figures' update takes: a unit a transaction only references (a history row
  // or an invoice line inserted with it as a foreign key holds KEY SHARE) is computed, not passed over.
  const skip = skipLocked ? sql`FOR NO KEY UPDATE OF p SKIP LOCKED` : sql``;
  return (
    (await refreshPlain(ctx, timeZone, today, skip)) +
    (await refreshComputed(ctx, timeZone, today, skipLocked))
  );
}

/** Whether any of the company's units is still stale (one the job passed over, or one marked since). */
export async function staleLeft(ctx: Ctx): Promise<boolean> {
  const any = await rowsOf(
    ctx,
    sql`SELECT 1 FROM product_tracking WHERE company_id = ${ctx.companyId} AND figures_stale LIMIT 1`,
  );
  return any.length > 0;
}

/**
 * The end of a request or job transaction: the stale units computed again when this transaction made any
 * stale (the flag of migration 0076, raised by the unit's trigger; decision 91), else nothing but reading
 * one setting. The flag is lowered after the refresh, so a second call in the same transaction is as cheap.
 */
export async function refreshAssetFigures(ctx: Ctx): Promise<number> {
  const [flag] = await rowsOf(ctx, sql`SELECT current_setting(${STALE_FLAG}, true) = 'on' AS stale`);
  if (flag?.stale !== true) return 0;
  const refreshed = await refreshStale(ctx);
  await ctx.db.execute(sql`SELECT set_config(${STALE_FLAG}, '', true)`);
  return refreshed;
}

/** The queue of the company's refresh after a job (asset-figures-job.ts), one waiting job per company. */
export const ASSET_FIGURES_JOB = 'asset-figures';

/**
 * The end of a job transaction (decision 91): when it made units stale, one `asset-figures` job for the
 * company is enqueued in it (so it exists exactly when the marks commit; the singleton key and the queue's
 * `short` policy keep one waiting job per company, a job already running lets a new one wait) and the flag is
 * lowered. Without a queue (a job run directly, as in some tests) the units are computed here, as a request
 * does. Answers whether a job was enqueued.
 */
export async function queueAssetFigures(ctx: Ctx): Promise<boolean> {
  const boss = ctx.deps.boss;
  if (!boss) {
    await refreshAssetFigures(ctx);
    return false;
  }
  const [flag] = await rowsOf(ctx, sql`SELECT current_setting(${STALE_FLAG}, true) = 'on' AS stale`);
  if (flag?.stale !== true) return false;
  await sendAssetFigures(ctx, boss);
  await ctx.db.execute(sql`SELECT set_config(${STALE_FLAG}, '', true)`);
  return true;
}

/** Seconds before the job comes back for units it passed over (held by another transaction). */
export const ASSET_FIGURES_RETRY_SECONDS = 2;

/**
 * The company's `asset-figures` job, enqueued in the transaction `ctx` (it exists when that commits); one
 * waiting per company (its singleton key). `startAfter`: the job coming back for units it passed over.
 */
export async function sendAssetFigures(ctx: Ctx, boss: PgBoss, startAfter?: number): Promise<void> {
  await boss.send(
    ASSET_FIGURES_JOB,
    { companyId: ctx.companyId },
    {
      singletonKey: `company:${ctx.companyId}`,
      db: txExecutor(ctx.db) as PgBoss.Db,
      // A time, not a number of seconds: through a transaction (`txExecutor`) each use of pg-boss's start
      // parameter is a parameter of its own, and the one cast to a timestamp must parse as one.
      ...(startAfter === undefined ? {} : { startAfter: new Date(Date.now() + startAfter * 1000) }),
    },
  );
}

/**
 * The business day's part: the stale units (a writer outside the request and job transactions), then the
 * utilisation of every unit in the fleet whose figure moved with the date, one statement.
 */
export async function rollAssetUtilisation(ctx: Ctx, transact: Transact): Promise<number> {
  return transact(async (tx) => {
    const refreshed = await refreshStale(tx);
    const { today } = await companyDay(tx);
    const rolled = await rowsOf(
      tx,
      sql`UPDATE product_tracking SET utilisation = ${utilisationOn(today)}
           WHERE company_id = ${ctx.companyId} AND left_fleet_on IS NULL
             AND utilisation IS DISTINCT FROM ${utilisationOn(today)}
          RETURNING id`,
    );
    return refreshed + rolled.length;
  });
}
