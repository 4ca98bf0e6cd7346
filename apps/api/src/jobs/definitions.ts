/** Every background job of the product, in one list the server and the worker both start. */
import { z } from 'zod';
import { customers } from '../db/schema/index.ts';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency.ts';
import { sendEmailJob } from '../integrations/email/mailer.ts';
import { purgeExpiredSessions } from '../modules/auth/service.ts';
import { productSyncJob } from '../modules/catalog/sync.ts';
import { demoCustomers } from '../seed/demo-customers.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * Nightly: sessions whose refresh token has expired can never be used again, nor can Idempotency-Key
 * answers past their 24 hours be replayed; delete both.
 */
export const purgeExpiredSessionsJob = defineJob({
  name: 'sessions-purge-expired',
  schema: z.object({}),
  cron: '17 3 * * *',
  async handler(_data, { database, log }) {
    const removed = await purgeExpiredSessions(database.primary);
    const keys = await purgeExpiredIdempotencyKeys(database.primary);
    log.info({ removed, idempotency_keys: keys }, 'expired sessions and idempotency keys purged');
    return removed;
  },
});

/**
 * Fills a demo company with customers. Enqueued by the first start in the same transaction that
 * creates the company; idempotent (a repeat inserts nothing new: emails are unique per company).
 */
export const seedDemoCustomersJob = defineJob({
  name: 'demo-seed-customers',
  schema: z.object({
    companyId: z.number().int().positive(),
    count: z.number().int().min(1).max(100_000),
    seed: z.number().int(),
  }),
  async handler({ companyId, count, seed }, { database }) {
    const batch = 500;
    for (let offset = 0; offset < count; offset += batch) {
      const rows = demoCustomers(Math.min(batch, count - offset), seed + offset, offset).map((c) => ({
        ...c,
        company_id: companyId,
      }));
      await database.primary
        .insert(customers)
        .values(rows as (typeof customers.$inferInsert)[])
        .onConflictDoNothing();
    }
  },
});

export const ALL_JOBS: JobDefinition[] = [
  purgeExpiredSessionsJob,
  seedDemoCustomersJob,
  sendEmailJob,
  productSyncJob,
] as JobDefinition[];
