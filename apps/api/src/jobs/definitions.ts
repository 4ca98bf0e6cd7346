/** Every background job of the product, in one list the server and the worker both start. */
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { fixedClock, systemClock, withDb } from '../context.ts';
import { companies, customers, orders } from '../db/schema/index.ts';
import { foldTrailCounts } from '../db/trail-counts.ts';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency.ts';
import { sendEmailJob } from '../integrations/email/mailer.ts';
import { purgeExpiredSessions } from '../modules/auth/service.ts';
import { productSyncJob } from '../modules/catalog/sync.ts';
import { dataExportJob } from '../modules/data-export/job.ts';
import { purgeExpiredDataExports } from '../modules/data-export/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import { rollAssetUtilisation } from '../modules/insights/asset-figures.ts';
import { assetFiguresJob } from '../modules/insights/asset-figures-job.ts';
import { insightsRollupsJob } from '../modules/insights/rollups/job.ts';
import { invoicePdfJob } from '../modules/invoices/pdf-job.ts';
import { purgeExpiredInvoiceZips } from '../modules/invoices/zip.ts';
import { invoicesZipJob } from '../modules/invoices/zip-job.ts';
import { paymentMethodRetryJob } from '../modules/payments/method-retry.ts';
import { gatewayEventJob } from '../modules/payments/webhooks.ts';
import { assetImportJob } from '../modules/product-tracking/import.ts';
import { subscriptionImportJob } from '../modules/subscriptions/import.ts';
import { webhooksDeliverJob } from '../modules/webhooks/job.ts';
import type { Outside } from '../seed/demo-billing.ts';
import { demoCustomers } from '../seed/demo-customers.ts';
import { type InTransaction, seedDemoOrders } from '../seed/demo-orders.ts';
import { useUpDemoVoucher } from '../seed/demo-vouchers.ts';
import { businessDayJob } from './business-jobs.ts';
import { inJobTransaction, jobActor, jobCtx, jobPlatformCtx } from './context.ts';
import { DEMO_SEED_JOB } from './demo-seeding.ts';
import { defineJob, type JobContext, type JobDefinition } from './queue.ts';

/**
 * Nightly: sessions whose refresh token has expired can never be used again, nor can Idempotency-Key
 * answers past their 24 hours be replayed, nor invoice ZIPs and data exports past their 7 days be downloaded;
 * delete them (an export's file goes with it).
 */
export const purgeExpiredSessionsJob = defineJob({
  name: 'sessions-purge-expired',
  schema: z.object({}),
  cron: '17 3 * * *',
  async handler(_data, jc) {
    // A schedule: on behalf of nobody. Sessions and keys are platform rows; none of the three is audited.
    const ctx = jobPlatformCtx(
      jc,
      jobActor(purgeExpiredSessionsJob.name, jc.attempt?.jobId ?? 'direct', null),
    );
    const removed = await purgeExpiredSessions(ctx);
    const keys = await purgeExpiredIdempotencyKeys(ctx.db, ctx.clock.now());
    const zips = await purgeExpiredInvoiceZips(ctx.db, ctx.clock.now());
    const exports = await purgeExpiredDataExports(ctx.db, ctx.clock.now());
    jc.log.info(
      { removed, idempotency_keys: keys, invoice_zips: zips, data_exports: exports },
      'expired sessions, idempotency keys, invoice zips and data exports purged',
    );
    return removed;
  },
});

/**
 * Every minute: folds the trails' count changes into their totals (db/trail-counts.ts), so a list's
 * total reads a handful of rows however busy the companies were. Platform rows, not audited.
 */
export const foldTrailCountsJob = defineJob({
  name: 'trail-counts-fold',
  schema: z.object({}),
  cron: '* * * * *',
  async handler(_data, jc) {
    const folded = await jc.database.primary.transaction((tx) => foldTrailCounts(tx));
    return folded;
  },
});

/**
 * Fills a demo company with customers and, when `historyDays` is set, their order history
 * (seed/demo-orders.ts). Enqueued by the first start in the same transaction that creates the
 * company. The customers are idempotent (a repeat inserts nothing new: emails are unique per
 * company); the history is made only for a company without orders, so a retried job adds none twice.
 * The company is the row the job works on: read first (a company deleted since gets nothing), and
 * each batch is written in an audited transaction of the job, on behalf of `requestedBy` (none at
 * the first start). With a history, the customers are made on its first day, so every event of the
 * demo follows the clock.
 */
export const seedDemoCustomersJob = defineJob({
  name: DEMO_SEED_JOB,
  schema: z.object({
    companyId: z.number().int().positive(),
    count: z.number().int().min(1).max(100_000),
    seed: z.number().int(),
    historyDays: z.number().int().min(0).max(1_000).optional(),
    /** The history's last days billed in Rentloop (unset: DEMO_BILLING_DAYS). */
    billingDays: z.number().int().min(0).max(1_000).optional(),
    requestedBy: z.number().int().positive().nullish(),
  }),
  async handler({ companyId, count: wanted, seed, historyDays = 0, billingDays, requestedBy }, jc) {
    const [company] = await jc.database.primary
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) return;
    const actor = jobActor(seedDemoCustomersJob.name, jc.attempt?.jobId ?? 'direct', requestedBy ?? null);
    const now = (jc.clock ?? systemClock).now();
    const clock =
      historyDays > 0 ? fixedClock(new Date(now.getTime() - (historyDays + 1) * 86_400_000)) : null;
    const inTransaction: InTransaction = (at, fn) =>
      inJobTransaction(jc, actor, company.id, (ctx) => fn({ ...ctx, clock: at }));
    const batch = 500;
    for (let offset = 0; offset < wanted; offset += batch) {
      await inTransaction(clock ?? ctxClock(jc), async (ctx) => {
        const createdAt = ctx.clock.now().toISOString();
        const rows = demoCustomers(Math.min(batch, wanted - offset), seed + offset, offset).map((c) => ({
          ...c,
          company_id: ctx.companyId,
          ...(clock ? { created_at: createdAt, updated_at: createdAt } : {}),
        }));
        const created = await ctx.db
          .insert(customers)
          .values(rows as (typeof customers.$inferInsert)[])
          .onConflictDoNothing()
          .returning({ id: customers.id, name: customers.name, email: customers.email });
        // As createCustomer does for one: each new customer's event (a repeat inserts none, writes none).
        await recordEvents(
          ctx,
          created.map((c) => ({
            type: 'customer.created',
            object: 'customer',
            objectId: c.id,
            payload: { name: c.name, email: c.email },
          })),
        );
        // The demo's limited voucher, used up by its first customers (seed/demo-vouchers.ts).
        if (offset + batch >= wanted) await useUpDemoVoucher(ctx);
      });
    }
    if (historyDays === 0) return;
    const [placed] = await jc.database.primary
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.company_id, company.id));
    if (Number(placed?.n ?? 0) > 0) return;
    const outside: Outside = (at, fn) => {
      const atJc = { ...jc, clock: at };
      const ctx = jobCtx(atJc, actor, company.id);
      return fn(ctx, (work) => inJobTransaction(atJc, actor, company.id, (tx) => work(withDb(ctx, tx.db))));
    };
    const startedAt = performance.now();
    const made = await seedDemoOrders(inTransaction, outside, { seed, now, days: historyDays, billingDays });
    // The fleet's figures exact for today when the seed is done: the stale units, whatever `asset-figures` job
    // is still waiting (decision 91), and the utilisation kept as of the history's last day moved to today (the
    // hourly business day would do it within the hour; until then a unit's list figure was not its page's).
    await inJobTransaction(jc, actor, company.id, (ctx) => rollAssetUtilisation(ctx, (write) => write(ctx)));
    jc.log.info(
      {
        companyId,
        orders: made.started,
        ms: Math.round(performance.now() - startedAt),
        fleet_ms: made.fleetMs,
        debits_returned: made.returned,
      },
      'demo history made',
    );
  },
});

const ctxClock = (jc: JobContext) => jc.clock ?? systemClock;

export const ALL_JOBS: JobDefinition[] = [
  purgeExpiredSessionsJob,
  foldTrailCountsJob,
  seedDemoCustomersJob,
  sendEmailJob,
  productSyncJob,
  subscriptionImportJob,
  assetImportJob,
  invoicePdfJob,
  invoicesZipJob,
  businessDayJob,
  paymentMethodRetryJob,
  gatewayEventJob,
  webhooksDeliverJob,
  dataExportJob,
  insightsRollupsJob,
  assetFiguresJob,
] as JobDefinition[];
