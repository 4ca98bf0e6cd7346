/**
 * The work that is due by business time in one company (shared/BILLING.md "Time you can move"): what
 * the scheduled jobs do for every company each day, as functions of one company's context, so that
 * moving a test company's clock runs exactly what time passing would have run, in business-time order.
 * A job here is safe to run again for the same day (it claims what is due and skips what is done).
 * Billing adds its jobs here (recurring payments ahead, the billing run, dunning, reconciliation).
 */
import type { Ctx } from '../../context.ts';

export interface BusinessJob {
  /** Named in the advance's answer and in the log. */
  name: string;
  /** Runs what is due at `ctx.clock.now()` in `ctx.companyId`; answers how many items it handled. */
  run(ctx: Ctx): Promise<number>;
}

export const BUSINESS_JOBS: BusinessJob[] = [];
