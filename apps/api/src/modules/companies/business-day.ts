/**
 * The hourly `business-day` cron (jobs/business-jobs.ts): for every company, on its own business clock, the business jobs of
 * jobs/business-jobs.ts (payments created ahead, the billing run, dunning, reconciliation). Hourly, not
 * daily, because "today" begins at a different hour in each company's time zone; each job is safe to run
 * again on the same day, so the other 23 runs of a day find nothing due. One company's failure is logged
 * and the others still run; the cron's row shows the last failure (the Cron Manager). A demo company
 * whose history the seed job is still making is skipped: the seed runs its days.
 */
import { asc } from 'drizzle-orm';
import { withDb } from '../../context.ts';
import { companies } from '../../db/schema/index.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { companiesBeingSeeded } from '../../jobs/demo-seeding.ts';
import type { BusinessJob } from './business-jobs.ts';
import { companyClock } from './clock.ts';

/** Runs `jobs` for every company; answers how many items each job handled in all. */
export async function runBusinessDay(
  jc: Parameters<typeof jobCtx>[0],
  jobs: readonly BusinessJob[],
  jobId: string,
): Promise<Record<string, number>> {
  const actor = jobActor('business-day', jobId, null);
  const base = jc.clock;
  const ids = await jc.database.primary
    .select({ id: companies.id })
    .from(companies)
    .orderBy(asc(companies.id));
  const totals: Record<string, number> = Object.fromEntries(jobs.map((j) => [j.name, 0]));
  let failure: unknown = null;
  // A demo company whose history is still being made runs its days in the seed job (jobs/demo-seeding.ts).
  const seeding = await companiesBeingSeeded(jc.database.primary);
  for (const { id } of ids) {
    if (seeding.has(id)) continue;
    const clock = await companyClock(jc.database.primary, id, base ?? { now: () => new Date() });
    const ctx = { ...jobCtx({ ...jc, clock }, actor, id) };
    for (const job of jobs) {
      try {
        totals[job.name] =
          (totals[job.name] ?? 0) +
          (await job.run(ctx, (work) =>
            inJobTransaction({ ...jc, clock }, actor, id, (tx) => work(withDb(ctx, tx.db))),
          ));
      } catch (error) {
        failure = error;
        jc.log.error({ company: id, job: job.name, err: error }, 'business job failed');
      }
    }
  }
  if (failure) throw failure;
  return totals;
}
