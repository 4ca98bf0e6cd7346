/**
 * The Insights rollups' job (decision 89), every minute (a `crons` row): for each company, starts its
 * rollup when it has none (or its time zone or currency changed since: the days and sums were folded in
 * the old ones), runs its backfill in batches of their own transactions (resumable: the progress is in
 * the state row, a run that stops resumes at the next batch), and folds a ready one's new events. A
 * company whose fold fails (a time zone PostgreSQL refuses) is left as it was and the others go on;
 * its graphs scan meanwhile. Nothing here runs in any transaction that writes the records.
 *
 * Which companies have work is read in one statement (`companiesToVisit`): a run over many companies
 * where few had an event since the last minute visits only those few, not every company in turn.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { defineJob, type JobContext } from '../../../jobs/queue.ts';
import { valuesOf } from '../../settings/sections.ts';
import { backfillStep, catchUp, READER_PREFIX, startRollup } from './fold.ts';

interface Visit {
  id: number;
  currency: string;
  /** The company's time zone now (its general settings). */
  tz: string;
  /** Its rollup must start (again): none yet, or folded in another time zone or currency. */
  start: boolean;
  /** Its rollup is still backfilling (or is about to start). */
  backfill: boolean;
}

/**
 * The companies the run has work for, in one statement: each company's currency, stored general settings,
 * rollup state, and whether an event was committed after its rollup's cursor (the `events_company_tx_idx`
 * probe `catchUp` itself would make). A company whose rollup is ready, in its time zone and currency, with
 * no new event, is left out.
 */
async function companiesToVisit(db: Tx): Promise<Visit[]> {
  const { rows } = (await db.execute(sql`
    SELECT c.id, c.currency, g.data AS general, s.time_zone, s.currency AS rollup_currency, s.phase,
           k.reader IS NULL OR EXISTS (
             SELECT 1 FROM events e
              WHERE e.company_id = c.id AND (e.tx_id, e.id) > (k.tx_id, k.event_id)) AS news
      FROM companies c
      LEFT JOIN company_settings g ON g.company_id = c.id AND g."group" = 'general'
      LEFT JOIN insights_rollup_state s ON s.company_id = c.id
      LEFT JOIN event_cursors k ON k.reader = ${READER_PREFIX} || c.id
     ORDER BY c.id`)) as unknown as {
    rows: {
      id: number;
      currency: string;
      general: Record<string, unknown> | null;
      time_zone: string | null;
      rollup_currency: string | null;
      phase: string | null;
      news: boolean;
    }[];
  };
  const visits: Visit[] = [];
  for (const r of rows) {
    const tz = valuesOf('general', r.general ?? undefined).time_zone;
    const start = r.time_zone !== tz || r.rollup_currency !== r.currency;
    const backfill = start || r.phase !== 'ready';
    if (start || backfill || r.news)
      visits.push({ id: Number(r.id), currency: r.currency, tz, start, backfill });
  }
  return visits;
}

/** A run stops starting backfill batches after this long, so it ends before the next minute's. */
const BUDGET_MS = 45_000;

export async function runRollups(
  jc: JobContext,
  opts: { budgetMs?: number; batch?: number } = {},
): Promise<{ visited: number; started: number; backfilled: number; folded: number; failed: number }> {
  const until = performance.now() + (opts.budgetMs ?? BUDGET_MS);
  const db = jc.database.primary;
  const transact = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx));
  const visits = await companiesToVisit(db);
  const out = { visited: visits.length, started: 0, backfilled: 0, folded: 0, failed: 0 };
  for (const company of visits) {
    try {
      const { tz, currency } = company;
      if (company.start) {
        await transact((tx) => startRollup(tx, company.id, tz, currency));
        out.started++;
      }
      if (company.backfill) {
        let done = false;
        while (!done && performance.now() < until) {
          done = await transact((tx) => backfillStep(tx, company.id, opts.batch));
          out.backfilled++;
        }
        if (!done) continue;
      }
      out.folded += await catchUp(db, { companyId: company.id, tz, currency }, transact);
    } catch (error) {
      // Left as it was (its graphs scan); said in the log, or a company whose rollup never folds goes unseen.
      jc.log.error({ err: error, companyId: company.id }, 'insights rollup failed for a company');
      out.failed++;
    }
  }
  return out;
}

export const insightsRollupsJob = defineJob({
  name: 'insights-rollups',
  schema: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, jc) {
    const r = await runRollups(jc);
    if (r.started + r.folded + r.failed > 0) jc.log.info(r, 'insights rollups folded');
    return r;
  },
});
