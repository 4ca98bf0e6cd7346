/**
 * The `asset-figures` job (decision 91): the company's stale units computed again after a job's
 * transaction marked them (`queueAssetFigures`, asset-figures.ts), in a transaction of its own that passes
 * over units another transaction holds, and comes back for them: while a unit is left stale, the job enqueues
 * itself again to start `ASSET_FIGURES_RETRY_SECONDS` later (else a unit passed over would wait for the
 * business day). The company is read first (a company deleted since gets nothing).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { companies } from '../../db/schema/index.ts';
import { inJobTransaction, jobActor } from '../../jobs/context.ts';
import { defineJob } from '../../jobs/queue.ts';
import {
  ASSET_FIGURES_JOB,
  ASSET_FIGURES_RETRY_SECONDS,
  refreshStale,
  sendAssetFigures,
  staleLeft,
} from './asset-figures.ts';

export const assetFiguresJob = defineJob({
  name: ASSET_FIGURES_JOB,
  schema: z.object({ companyId: z.number().int().positive() }),
  // One waiting job per company (its singleton key); a running one lets the next wait beside it.
  policy: 'short',
  async handler({ companyId }, jc) {
    const [company] = await jc.database.primary
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) return 0;
    const actor = jobActor(ASSET_FIGURES_JOB, jc.attempt?.jobId ?? 'direct', null);
    return inJobTransaction(jc, actor, company.id, async (ctx) => {
      const refreshed = await refreshStale(ctx, true);
      const boss = ctx.deps.boss;
      if (boss && (await staleLeft(ctx))) await sendAssetFigures(ctx, boss, ASSET_FIGURES_RETRY_SECONDS);
      return refreshed;
    });
  },
});
