import { count, eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { companies, customers } from '../db/schema/index.ts';
import { createTestDatabase } from '../testing/database.ts';
import { stopQueue } from '../testing/harness.ts';
import { ALL_JOBS, seedDemoCustomersJob } from './definitions.ts';
import { createBoss, defineJob, enqueue, registerQueues, startWorkers } from './queue.ts';

let database: Database;
let boss: PgBoss;
let drop: () => Promise<void>;

const probeJob = defineJob({
  name: 'test-probe',
  schema: z.object({ n: z.number() }),
  handler: async () => null,
});

beforeAll(async () => {
  const t = await createTestDatabase();
  database = t.database;
  drop = t.drop;
  boss = createBoss(database);
  await boss.start();
  await registerQueues(boss, [...ALL_JOBS, probeJob]);
});

afterAll(async () => {
  await stopQueue(boss);
  await drop();
});

const queued = async (name: string) => {
  const r = await database.executor.executeSql('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [
    name,
  ]);
  return Number(r.rows[0]?.n);
};

describe('jobs on the database (pg-boss)', () => {
  it('schedules the nightly session clean-up', async () => {
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('sessions-purge-expired');
  });

  it('enqueues a job inside a transaction: it exists only if the transaction commits', async () => {
    await database.primary.transaction(async (tx) => {
      await enqueue(boss, tx, probeJob, { n: 1 });
    });
    expect(await queued('test-probe')).toBe(1);

    await expect(
      database.primary.transaction(async (tx) => {
        await enqueue(boss, tx, probeJob, { n: 2 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queued('test-probe')).toBe(1);
  });

  it('refuses a payload that does not match the job’s schema', async () => {
    await expect(
      database.primary.transaction((tx) =>
        enqueue(boss, tx, probeJob, { n: 'x' } as unknown as { n: number }),
      ),
    ).rejects.toThrow();
  });

  it('is processed by a worker: the demo seeding job fills a company, and a repeat adds nothing', async () => {
    const [company] = await database.primary.insert(companies).values({ name: 'Seed Co' }).returning();
    const ctx = { database, log: { info: () => {}, error: () => {} } };
    await seedDemoCustomersJob.handler({ companyId: company!.id, count: 120, seed: 7 }, ctx);
    await seedDemoCustomersJob.handler({ companyId: company!.id, count: 120, seed: 7 }, ctx);
    const [n] = await database.primary
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.company_id, company!.id));
    expect(Number(n!.n)).toBe(120);
    const kept = await database.primary.execute(
      sql`SELECT total FROM entity_counts WHERE company_id = ${company!.id} AND entity = 'customers'`,
    );
    expect(Number((kept as unknown as { rows: { total: number }[] }).rows[0]!.total)).toBe(120);
    // One customer.created event per customer, the first run's only.
    const written = await database.primary.execute(
      sql`SELECT count(*) AS n, count(DISTINCT object_id) AS objects FROM events
           WHERE company_id = ${company!.id} AND type = 'customer.created'`,
    );
    const row = (written as unknown as { rows: { n: unknown; objects: unknown }[] }).rows[0]!;
    expect([Number(row.n), Number(row.objects)]).toEqual([120, 120]);
  });

  it('runs a queued job through a started worker', async () => {
    const [company] = await database.primary.insert(companies).values({ name: 'Worker Co' }).returning();
    await database.primary.transaction((tx) =>
      enqueue(boss, tx, seedDemoCustomersJob, { companyId: company!.id, count: 15, seed: 3 }),
    );
    await startWorkers(boss, [seedDemoCustomersJob], { database, log: { info: () => {}, error: () => {} } });
    await expect
      .poll(
        async () => {
          const [n] = await database.primary
            .select({ n: count() })
            .from(customers)
            .where(eq(customers.company_id, company!.id));
          return Number(n!.n);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(15);
  });

  it('takes queued jobs one after another, without the polling interval between them', async () => {
    const started: number[] = [];
    const burstJob = defineJob({
      name: 'test-burst',
      schema: z.object({ n: z.number() }),
      handler: async () => {
        started.push(Date.now());
      },
    });
    await registerQueues(boss, [burstJob]);
    await database.primary.transaction(async (tx) => {
      for (let n = 1; n <= 6; n++) await enqueue(boss, tx, burstJob, { n });
    });
    await startWorkers(boss, [burstJob], { database, log: { info: () => {}, error: () => {} } });
    await expect.poll(() => started.length, { timeout: 20_000, interval: 100 }).toBe(6);
    // pg-boss alone waits its polling interval (1 s) after each job: 5 s from the first to the last.
    expect(started.at(-1)! - started[0]!).toBeLessThan(2_500);
  });

  it('fails a job whose query error holds BigInt amounts without taking the process down, storing only why', async () => {
    // A billing run's deadlock: drizzle's error carries the insert's parameters (amounts are BigInt,
    // which JSON cannot write; names and addresses, which a job's stored output must not keep).
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const failingJob = defineJob({
      name: 'test-failing',
      schema: z.object({ n: z.number() }),
      retryLimit: 0,
      handler: async () => {
        throw new DrizzleQueryError('insert into "invoices" values ($1, $2)', [4500n, 'Jane Doe'], deadlock);
      },
    });
    await registerQueues(boss, [failingJob]);
    await database.primary.transaction((tx) => enqueue(boss, tx, failingJob, { n: 1 }));
    const logged: object[] = [];
    await startWorkers(boss, [failingJob], {
      database,
      log: { info: () => {}, error: (o) => logged.push(o) },
    });
    const stored = async () => {
      const r = await database.executor.executeSql(
        "SELECT state, output->>'message' AS message FROM pgboss.job WHERE name = $1",
        ['test-failing'],
      );
      return r.rows[0] as { state: string; message: string | null } | undefined;
    };
    await expect.poll(async () => (await stored())?.state, { timeout: 20_000, interval: 200 }).toBe('failed');
    const row = await stored();
    expect(row?.message).toBe('deadlock detected (SQLSTATE 40P01)');
    expect(row?.message).not.toContain('Jane Doe');
    // The worker logged the original error in full for the operator.
    expect(logged.some((o) => (o as { err?: unknown }).err instanceof DrizzleQueryError)).toBe(true);
  });
});
