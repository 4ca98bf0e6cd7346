/**
 * The business jobs (modules/companies/business-jobs.ts), in the order a company's day runs them, and
 * the hourly `business-day` cron that runs them for every company on its own clock (an operator's
 * advance of a test company's clock runs the same list day by day).
 */
import { z } from 'zod';
import { runBusinessDay } from '../modules/companies/business-day.ts';
import type { BusinessJob } from '../modules/companies/business-jobs.ts';
import { closeCumulatedPeriods } from '../modules/cumulated-invoices/close.ts';
import { debtHandoverJob } from '../modules/debt-collection/handover.ts';
import { dunningRetriesJob } from '../modules/dunning/retries.ts';
import { rollAssetUtilisation } from '../modules/insights/asset-figures.ts';
import { reconcilePaymentsJob } from '../modules/payments/reconcile.ts';
import { runBilling } from '../modules/recurring-payments/run.ts';
import { createRecurringPayments } from '../modules/recurring-payments/schedule.ts';
import { endScheduledSubscriptions } from '../modules/subscriptions/ending.ts';
import { defineJob } from './queue.ts';

export const BUSINESS_JOBS: readonly BusinessJob[] = [
  // Ends asked for at the end of the term whose day has come, before that day's payments are made.
  { name: 'subscriptions-scheduled-end', run: endScheduledSubscriptions },
  // The periods starting within the week get their payment rows (scheduled).
  { name: 'recurring-payments-create', run: createRecurringPayments },
  // Every payment due by today is invoiced and charged.
  { name: 'billing-run', run: async (ctx, transact) => (await runBilling(ctx, transact)).issued },
  // A month that ended: its collective invoices issued and charged, its statements made.
  { name: 'cumulated-invoices-close', run: closeCumulatedPeriods },
  // The failed payments whose retry is due are charged again.
  dunningRetriesJob,
  // The dunnings that ended in "hand to debt collection": their invoices filed at the agency.
  debtHandoverJob,
  // Attempts without a definitive answer are looked up at their gateway.
  reconcilePaymentsJob,
  // The assets' kept utilisation moved to today (and any unit left stale), for the list's sort.
  { name: 'asset-figures', run: rollAssetUtilisation },
];

export const businessDayJob = defineJob({
  name: 'business-day',
  schema: z.object({}),
  cron: '7 * * * *',
  async handler(_data, jc) {
    const totals = await runBusinessDay(jc, BUSINESS_JOBS, jc.attempt?.jobId ?? 'direct');
    jc.log.info(totals, 'business day run');
    return totals;
  },
});
