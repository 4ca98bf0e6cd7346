/**
 * The work that is due by business time in one company (shared/BILLING.md "Time you can move"): what
 * the scheduled jobs do for every company each day, as functions of one company's context, so that
 * moving a test company's clock runs exactly what time passing would have run, in business-time order.
 * A job here is safe to run again for the same day (it claims what is due and skips what is done).
 *
 * Two callers run them: the hourly `business-day` cron (business-day-job.ts) for every company on its
 * own clock, and `advanceCompanyClock` (clock.ts) day by day for a test company. The list, in the order a
 * day's work happens (payments created ahead, then the billing run, then dunning ...), is
 * `BUSINESS_JOBS` in jobs/business-jobs.ts, beside the other job lists.
 */
import type { Ctx, Transact } from '../../context.ts';

export interface BusinessJob {
  /** Named in the advance's answer and in the log. */
  name: string;
  /**
   * Runs what is due at `ctx.clock.now()` in `ctx.companyId`; answers how many items it handled.
   * `ctx.db` is outside any transaction (gateways may be called); `transact` opens a short audited one.
   */
  run(ctx: Ctx, transact: Transact): Promise<number>;
}
