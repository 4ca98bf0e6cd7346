/**
 * The Insights rollups' job (decision 89), every minute (a `crons` row): for each company, starts its
 * rollup when it has none (or its time zone or currency changed since: the days and sums were folded in
 * the old ones), runs its backfill in batches of their own transactions (resumable: the progress is in
 * the state row, a run that stops resumes at the next batch), and folds a ready one's new events. A
 * company whose fold fails (a time zone PostgreSQL refuses) is left as it was and the others go on;
 * its graphs scan meanwhile. Nothing here runs in any transaction that writes the records.
 */
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { companies, insightsRollupState } from '../../../db/schema/index.ts';
import { jobActor, jobCtx } from '../../../jobs/context.ts';
import { defineJob, type JobContext } from '../../../jobs/queue.ts';
import { getSettings } from '../../settings/sections.ts';
import { backfillStep, catchUp, startRollup } from './fold.ts';

/** A run stops starting backfill batches after this long, so it ends before the next minute's. */
const BUDGET_MS = 45_000;

export async function runRollups(
  jc: JobContext,
  opts: { budgetMs?: number; batch?: number } = {},
): Promise<{ started: number; backfilled: number; folded: number; failed: number }> {
  const until = performance.now() + (opts.budgetMs ?? BUDGET_MS);
  const db = jc.database.primary;
  const transact = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx));
  const states = new Map((await db.select().from(insightsRollupState)).map((s) => [s.company_id, s]));
  const list = await db.select({ id: companies.id, currency: companies.currency }).from(companies);
  const out = { started: 0, backfilled: 0, folded: 0, failed: 0 };
  for (const company of list) {
    try {
      const ctx = jobCtx(jc, jobActor('insights-rollups', jc.attempt?.jobId ?? 'direct', null), company.id);
      const { time_zone: tz } = await getSettings(ctx, 'general');
      const state = states.get(company.id);
      if (!state || state.time_zone !== tz || state.currency !== company.currency) {
        await transact((tx) => startRollup(tx, company.id, tz, company.currency));
        out.started++;
      }
      if (state?.phase !== 'ready' || state.time_zone !== tz || state.currency !== company.currency) {
        let done = false;
        while (!done && performance.now() < until) {
          done = await transact((tx) => backfillStep(tx, company.id, opts.batch));
          out.backfilled++;
        }
        if (!done) continue;
      }
      out.folded += await catchUp(db, { companyId: company.id, tz, currency: company.currency }, transact);
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
