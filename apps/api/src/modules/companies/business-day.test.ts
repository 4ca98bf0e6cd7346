/**
 * The hourly business day leaves a demo company alone while its seed job is still making its history
 * (jobs/demo-seeding.ts): the seed runs that company's days on their own clocks, and a run beside it
 * billed the real today's payments in the middle of the history (and deadlocked with it on PostgreSQL).
 */
import { and, count, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../company-time.ts';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { BUSINESS_JOBS } from '../../jobs/business-jobs.ts';
import { ALL_JOBS } from '../../jobs/definitions.ts';
import { DEMO_SEED_JOB } from '../../jobs/demo-seeding.ts';
import { createBoss, registerQueues } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { seedDuePayments } from '../../testing/due-payments.ts';
import { createCompany, stopQueue } from '../../testing/harness.ts';
import { runBusinessDay } from './business-day.ts';

let database: Database;
let boss: PgBoss;
let drop: () => Promise<void>;

beforeAll(async () => {
  const t = await createTestDatabase();
  database = t.database;
  drop = t.drop;
  boss = createBoss(database);
  await boss.start();
  await registerQueues(boss, ALL_JOBS);
});

afterAll(async () => {
  await stopQueue(boss);
  await drop();
});

const quiet = { info: () => {}, error: () => {} };
const runDay = () => runBusinessDay({ database, log: quiet }, BUSINESS_JOBS, 'test');

async function invoicesOf(companyId: number): Promise<number> {
  const [row] = await database.primary
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.company_id, companyId)));
  return Number(row?.n ?? 0);
}

async function companyWithDuePayments(name: string) {
  const company = await createCompany(database, { name, currency: 'EUR' });
  const ctx = testCtx(database.primary, company.id);
  await seedDuePayments(database.executor, company.id, { count: 3, dueDate: await companyToday(ctx) });
  return company.id;
}

describe('the business day and a demo company being seeded', () => {
  it('skips the company while its seed job waits or runs, and bills it once the seed is done', async () => {
    const seeding = await companyWithDuePayments('Seeding Demo Rentals');
    const other = await companyWithDuePayments('Other Rentals');
    // A seed job for the first company, queued (not yet taken by a worker: none runs in this test).
    const jobId = await boss.send(
      DEMO_SEED_JOB,
      { companyId: seeding, count: 1, seed: 1 },
      { startAfter: 3600 },
    );
    expect(jobId).toBeTruthy();

    await runDay();
    expect(await invoicesOf(other)).toBe(3);
    expect(await invoicesOf(seeding)).toBe(0);

    // The seed is over: the next hour's run bills the company.
    await boss.cancel(DEMO_SEED_JOB, jobId!);
    await runDay();
    expect(await invoicesOf(seeding)).toBe(3);
    expect(await invoicesOf(other)).toBe(3);
  });
});
