/**
 * Decision 91, done at stop 43: a job's transaction that made units stale enqueues one `asset-figures`
 * job for the company in that transaction (one waiting per company), computes nothing itself, and the job,
 * run with `runQueued` (no worker, no sleep), leaves no unit stale. Without a queue the job's transaction
 * computes in place, as before.
 */
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../company-time.ts';
import type { Database } from '../../db/client.ts';
import { inJobTransaction, jobActor } from '../../jobs/context.ts';
import { ALL_JOBS } from '../../jobs/definitions.ts';
import { createBoss, type JobContext, registerQueues, runQueued } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { seedDuePayments } from '../../testing/due-payments.ts';
import { createCompany, stopQueue } from '../../testing/harness.ts';
import { assetFiguresJob } from './asset-figures-job.ts';

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
const rows = async (text: string, values: unknown[]) =>
  (await database.executor.executeSql(text, values)).rows as Record<string, unknown>[];

/** A company whose two subscriptions each have their unit out, figures fresh (as the bench's fleet). */
async function companyWithFleet(name: string): Promise<number> {
  const company = await createCompany(database, { name, currency: 'EUR' });
  const ctx = testCtx(database.primary, company.id);
  await seedDuePayments(database.executor, company.id, { count: 2, dueDate: await companyToday(ctx) });
  await rows(
    `INSERT INTO product_tracking (company_id, serial_number, variant_id, products, product_name, variant_name, status,
                                   subscription_id, purchase_date, purchase_cost, status_changed_at)
     SELECT $1, 'Q-' || s.id, s.variant_id, ARRAY[s.product_id], s.product_name, s.variant_name, 'rented out', s.id,
            s.start_date, 120000, s.start_date
       FROM subscriptions s WHERE s.company_id = $1 ORDER BY s.id`,
    [company.id],
  );
  await rows(`UPDATE product_tracking SET figures_stale = false WHERE company_id = $1`, [company.id]);
  return company.id;
}

const stale = async (companyId: number) =>
  (
    await rows(`SELECT id FROM product_tracking WHERE company_id = $1 AND figures_stale ORDER BY id`, [
      companyId,
    ])
  ).map((r) => Number(r.id));

const waiting = async (companyId: number) =>
  Number(
    (
      await rows(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = 'asset-figures' AND state = 'created'
            AND data->>'companyId' = $1`,
        [String(companyId)],
      )
    )[0]?.n,
  );

/** A job's transaction that marks the unit `id` stale (as a trigger of migration 0069 does), or nothing. */
const jobMarks = (jc: JobContext, companyId: number, id: number | null) =>
  inJobTransaction(jc, jobActor('test', 't', null), companyId, async (ctx) => {
    if (id !== null)
      await ctx.db.execute(sql`UPDATE product_tracking SET figures_stale = true WHERE id = ${id}`);
  });

describe('the asset figures after a job (decision 91)', () => {
  it('enqueues one waiting job per company in the marking transaction, and the job computes the units', async () => {
    const companyId = await companyWithFleet('Queued Figures Rentals');
    const units = (
      await rows(`SELECT id FROM product_tracking WHERE company_id = $1 ORDER BY id`, [companyId])
    ).map((r) => Number(r.id));
    expect(units).toHaveLength(2);
    const jc: JobContext = { database, boss, log: quiet };

    await jobMarks(jc, companyId, units[0]!);
    expect(await stale(companyId)).toEqual([units[0]]);
    expect(await waiting(companyId)).toBe(1);
    await jobMarks(jc, companyId, units[1]!);
    expect(await stale(companyId)).toEqual(units);
    expect(await waiting(companyId)).toBe(1);
    // A job that made nothing stale enqueues nothing.
    await jobMarks(jc, companyId, null);
    expect(await waiting(companyId)).toBe(1);

    expect(await runQueued(boss, assetFiguresJob, jc)).toBe(1);
    expect(await stale(companyId)).toEqual([]);
    expect(await waiting(companyId)).toBe(0);
    const figures = await rows(`SELECT profit, owned_since FROM product_tracking WHERE company_id = $1`, [
      companyId,
    ]);
    for (const f of figures) expect(f.owned_since).not.toBeNull();
  });

  it('computes in the job transaction itself when there is no queue', async () => {
    const companyId = await companyWithFleet('Unqueued Figures Rentals');
    const [unit] = await rows(`SELECT id FROM product_tracking WHERE company_id = $1 ORDER BY id`, [
      companyId,
    ]);
    await jobMarks({ database, log: quiet }, companyId, Number(unit?.id));
    expect(await stale(companyId)).toEqual([]);
    expect(await waiting(companyId)).toBe(0);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL only (PGlite runs one transaction at a time): computes a unit another transaction only references, and comes back for one it holds',
    async () => {
      const companyId = await companyWithFleet('Held Figures Rentals');
      const units = (
        await rows(`SELECT id FROM product_tracking WHERE company_id = $1 ORDER BY id`, [companyId])
      ).map((r) => Number(r.id));
      const jc: JobContext = { database, boss, log: quiet };
      await jobMarks(jc, companyId, units[0]!);
      await jobMarks(jc, companyId, units[1]!);
      expect(await waiting(companyId)).toBe(1);

      // Another transaction references the first unit (KEY SHARE, as a row inserted with it as a foreign key
      // does) and holds the second for an update of its own.
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const holding = new Promise<void>((r) => {
        locked = r;
      });
      const other = database.primary.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM product_tracking WHERE id = ${units[0]!} FOR KEY SHARE`);
        await tx.execute(sql`SELECT id FROM product_tracking WHERE id = ${units[1]!} FOR UPDATE`);
        locked();
        await held;
      });
      await holding;
      try {
        expect(await runQueued(boss, assetFiguresJob, jc)).toBe(1);
        expect(await stale(companyId)).toEqual([units[1]]);
        // The job enqueued itself again, to start later.
        const [again] = await rows(
          `SELECT start_after > now() AS later FROM pgboss.job WHERE name = 'asset-figures' AND state = 'created'
              AND data->>'companyId' = $1`,
          [String(companyId)],
        );
        expect(again?.later).toBe(true);
      } finally {
        release();
        await other;
      }
      // Its time come (moved to now rather than waited for), the job computes the unit and goes away.
      await rows(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'asset-figures' AND state = 'created'
            AND data->>'companyId' = $1`,
        [String(companyId)],
      );
      expect(await runQueued(boss, assetFiguresJob, jc)).toBe(1);
      expect(await stale(companyId)).toEqual([]);
      expect(await waiting(companyId)).toBe(0);
    },
  );
});
