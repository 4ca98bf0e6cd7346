/**
 * kill -9 of the worker in the middle of billing runs (shared/BILLING.md "What proves it"). The job
 * worker runs as its own process, as `npm run worker` runs it (the bundle; testing/worker-process.ts),
 * on a fresh PostgreSQL database, charging through the Stripe adapter against the Stripe fake of this
 * process, which counts what it really charged. BILLING_KILL_PAYMENTS (200) payments are due. The `business-day` job is sent
 * and the worker killed with SIGKILL, four times, at points a seeded generator (BILLING_KILL_SEED) picks
 * within these places, restarting it each time:
 *
 * 1. charges on their way: once k charges went through, the next ones are held at the fake, the worker
 *    is killed, and then the fake runs them (the money moved, the answers were lost);
 * 2. inside a batch's issue transaction: this test holds the invoice series' row lock, the worker's
 *    issue waits on it and is killed there (the batch, its invoices and numbers roll back);
 * 3. a few random ms after the fake saw k more charges (recording answers, or issuing the next batch);
 * 4. a few random hundred ms after the job started.
 *
 * Then the company's clock moves 11 minutes on (a test company: the attempts left `processing` are then
 * stale for the reconciliation) and the worker, restarted once more, runs the business day until no
 * payment and no attempt is open. At the end every payment is paid, charged exactly once at the fake (one
 * PaymentIntent per invoice, one execution per key), has exactly one invoice, and the numbers are gapless.
 *
 * PostgreSQL only: the embedded PGlite belongs to one process, so a worker process cannot share it.
 * The full size (thousands of payments) is the same test with BILLING_KILL_PAYMENTS set; two workers
 * killed at random moments over a run of 100,000: `npm run bench:billing-kill -w bench` (bench/billing-kill.ts).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../company-time.ts';
import type { Database } from '../../db/client.ts';
import {
  FAKE_STRIPE,
  type FakeStripe,
  startFakeStripe,
} from '../../integrations/payments/testing/fake-stripe.ts';
import { createSecrets } from '../../integrations/secrets.ts';
import { businessDayJob } from '../../jobs/business-jobs.ts';
import { createBoss } from '../../jobs/queue.ts';
import { prng } from '../../seed/demo-customers.ts';
import { testCtx } from '../../testing/ctx.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { DUE_PAYMENT, seedDuePayments } from '../../testing/due-payments.ts';
import { createCompany } from '../../testing/harness.ts';
import { bundleWorker, startWorkerProcess, type WorkerProcess } from '../../testing/worker-process.ts';
import { putSection } from '../settings/sections.ts';

const SIZE = Number(process.env.BILLING_KILL_PAYMENTS ?? 200);
const SEED = Number(process.env.BILLING_KILL_SEED ?? 23);
/** Past the reconciliation's STALE_PROCESSING_MS (10 min): what the next hour's run would see. */
const CLOCK_MOVE_MS = 11 * 60_000;

const isCharge = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path === '/v1/payment_intents';

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 5) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

interface Scene {
  database: Database;
  boss: PgBoss;
  fake: FakeStripe;
  companyId: number;
  /** Starts the worker (`npm run worker`); the test kills whatever is left running at the end. */
  startWorker(): Promise<WorkerProcess>;
  rows(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
}

async function one(scene: Scene, text: string, values: unknown[] = []) {
  return (await scene.rows(text, values))[0] ?? {};
}

/** Where the run stands: what the fake charged and what the database says. */
async function state(scene: Scene) {
  const row = await one(
    scene,
    `SELECT (SELECT count(*) FROM invoices WHERE company_id = $1) AS invoices,
            (SELECT count(*) FROM recurring_payments WHERE company_id = $1 AND status = 'paid') AS paid,
            (SELECT count(*) FROM recurring_payments WHERE company_id = $1
               AND status IN ('scheduled', 'charging')) AS open_payments,
            (SELECT count(*) FROM transactions WHERE company_id = $1 AND state IN ('processing', 'unknown')) AS open_attempts`,
    [scene.companyId],
  );
  return {
    charged: scene.fake.paymentIntents.size,
    invoices: Number(row.invoices),
    paid: Number(row.paid),
    openPayments: Number(row.open_payments),
    openAttempts: Number(row.open_attempts),
  };
}

/** Sends the business day to the worker; answers the job's id. */
async function sendBusinessDay(scene: Scene): Promise<string> {
  const id = await scene.boss.send(businessDayJob.name, {});
  if (!id) throw new Error('the business-day job was not sent');
  return id;
}

const jobState = async (scene: Scene, id: string) =>
  String((await one(scene, `SELECT state FROM pgboss.job WHERE id = $1`, [id])).state ?? '');

async function finished(scene: Scene, id: string, worker: WorkerProcess): Promise<void> {
  await until(
    `business-day job ${id}`,
    async () => {
      const s = await jobState(scene, id);
      if (s === 'failed' || s === 'retry') throw new Error(`business-day failed:\n${worker.output()}`);
      return s === 'completed';
    },
    60_000,
    50,
  );
}

/** Kill point 1: charges held at the fake after `k` went through; killed; then the fake runs them. */
async function killWithAnswersLost(scene: Scene, k: number) {
  const worker = await scene.startWorker();
  let charges = 0;
  const release = scene.fake.hold((req) => isCharge(req) && ++charges > k);
  await sendBusinessDay(scene);
  try {
    await until(`a charge held after ${k}`, () => charges > k);
    await worker.kill();
  } finally {
    release();
  }
  // The held requests now run at the fake: their answers go to a dead process.
  await until('the held charges to run', async () => (await state(scene)).charged >= charges);
}

/** Kill point 2: the worker waits inside its issue transaction on the series lock this test holds. */
async function killInsideIssue(scene: Scene, dbName: string) {
  const locker = new pg.Client({ connectionString: scene.database.url });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    const held = await locker.query(
      `SELECT series, next_value FROM number_series WHERE company_id = $1 AND series LIKE 'invoice:%' FOR UPDATE`,
      [scene.companyId],
    );
    expect(held.rows).toHaveLength(1);
    const worker = await scene.startWorker();
    await sendBusinessDay(scene);
    await until(
      'the issue transaction to wait on the series',
      async () =>
        Number(
          (
            await one(
              scene,
              `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'
                  AND query ILIKE '%number_series%'`,
              [dbName],
            )
          ).n,
        ) > 0,
      30_000,
      20,
    );
    await worker.kill();
    await locker.query('ROLLBACK');
    // Its numbers were given back with its transaction: the counter is where this test found it.
    await until('the killed issue transaction to end', async () => {
      const left = await one(
        scene,
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
        [dbName],
      );
      return Number(left.n) === 0;
    });
    const after = await one(
      scene,
      `SELECT next_value FROM number_series WHERE company_id = $1 AND series = $2`,
      [scene.companyId, held.rows[0].series],
    );
    expect(Number(after.next_value)).toBe(Number(held.rows[0].next_value));
  } finally {
    await locker.end();
  }
}

/** Kill point 3: `delayMs` after the fake saw `k` more charges. */
async function killAfterCharges(scene: Scene, k: number, delayMs: number) {
  const worker = await scene.startWorker();
  const before = scene.fake.requests.filter(isCharge).length;
  await sendBusinessDay(scene);
  await until(`${k} more charges`, () => scene.fake.requests.filter(isCharge).length >= before + k);
  await sleep(delayMs);
  await worker.kill();
}

/** Kill point 4: `delayMs` after the job was taken. */
async function killAfterStart(scene: Scene, delayMs: number) {
  const worker = await scene.startWorker();
  const id = await sendBusinessDay(scene);
  await until('the job to start', async () => (await jobState(scene, id)) !== 'created', 30_000, 20);
  await sleep(delayMs);
  await worker.kill();
}

describe('the billing run killed with SIGKILL and restarted', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    `charges each of ${SIZE} due payments exactly once, with one invoice each and gapless numbers, across four kills (needs a PostgreSQL server: a killed child process cannot share embedded PGlite)`,
    async () => {
      const rng = prng(SEED);
      const { database, drop } = await createTestDatabase();
      const fake = await startFakeStripe();
      const boss = createBoss(database);
      const workers: WorkerProcess[] = [];
      const bundle = await bundleWorker();
      try {
        const key = randomBytes(32);
        const company = await createCompany(database, {
          name: 'Kill Nine Rentals',
          currency: 'EUR',
          is_test: true,
        });
        const ctx = testCtx(database.primary, company.id, { deps: { secrets: createSecrets(key) } });
        await putSection(ctx, 'payment_service_provider', {
          ...SETTINGS_SECTIONS.payment_service_provider.defaults,
          enabled_gateways: ['offlinegateway', 'stripe'],
          default_gateway: 'stripe',
          credentials: {
            stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret },
          },
        });
        await seedDuePayments(database.executor, company.id, {
          count: SIZE,
          dueDate: await companyToday(ctx),
          method: {
            gateway: 'stripe',
            customerReference: FAKE_STRIPE.customerId,
            methodReference: 'pm_card_visa',
            label: 'Visa •••• 4242',
          },
        });
        // The test sends the business day itself: no hourly schedule firing in the middle.
        await database.executor.executeSql(`UPDATE crons SET enabled = false WHERE name = $1`, [
          businessDayJob.name,
        ]);
        await boss.start();
        await boss.createQueue(businessDayJob.name);
        const dbName = new URL(database.url!).pathname.slice(1);
        const scene: Scene = {
          database,
          boss,
          fake,
          companyId: company.id,
          async startWorker() {
            const worker = await startWorkerProcess(bundle, {
              DATABASE_URL: database.url!,
              SECRETS_KEY: key.toString('base64'),
              STRIPE_API_BASE: fake.url,
            });
            workers.push(worker);
            return worker;
          },
          rows: async (text, values = []) => (await database.executor.executeSql(text, values)).rows,
        };
        const kills: { point: string; after: Awaited<ReturnType<typeof state>> }[] = [];
        const note = async (point: string) => kills.push({ point, after: await state(scene) });

        const k1 = rng.int(3, Math.min(30, SIZE / 4));
        await killWithAnswersLost(scene, k1);
        await note(`charges held after ${k1}`);
        await killInsideIssue(scene, dbName);
        await note('inside an issue transaction');
        const k3 = rng.int(1, Math.min(60, SIZE / 4));
        const d3 = rng.int(0, 40);
        await killAfterCharges(scene, k3, d3);
        await note(`${d3} ms after ${k3} more charges`);
        const d4 = rng.int(100, 600);
        await killAfterStart(scene, d4);
        await note(`${d4} ms after the job started`);
        // The first kill lost answers: charged at the fake, their attempts still open.
        expect(kills[0]!.after.openAttempts, JSON.stringify(kills)).toBeGreaterThan(0);

        // An hour's run later, as far as the reconciliation is concerned.
        await database.executor.executeSql(
          `INSERT INTO company_clocks (company_id, offset_ms) VALUES ($1, $2)`,
          [company.id, CLOCK_MOVE_MS],
        );
        const worker = await scene.startWorker();
        workers.push(worker);
        // Each business day reconciles up to 50 attempts: as many days as the kills left open attempts need.
        for (let day = 0; day < 4 + Math.ceil(SIZE / 50); day++) {
          const s = await state(scene);
          if (s.openPayments === 0 && s.openAttempts === 0) break;
          await finished(scene, await sendBusinessDay(scene), worker);
        }

        const end = await state(scene);
        expect(end, `${JSON.stringify(kills)}\n${worker.output().slice(-3000)}`).toEqual({
          charged: SIZE,
          invoices: SIZE,
          paid: SIZE,
          openPayments: 0,
          openAttempts: 0,
        });
        // Charged exactly once at the fake: one PaymentIntent per invoice, each key executed once.
        const keysByInvoice = new Map<string, string[]>();
        for (const pi of fake.paymentIntents.values()) {
          const invoice = pi.metadata.invoice!;
          keysByInvoice.set(invoice, [...(keysByInvoice.get(invoice) ?? []), pi.metadata.idempotency_key!]);
          expect(pi).toMatchObject({ status: 'succeeded', amount: DUE_PAYMENT.gross });
          expect(fake.executions(pi.metadata.idempotency_key!)).toBe(1);
        }
        expect(keysByInvoice.size).toBe(SIZE);
        // One invoice per payment, one succeeded attempt per invoice, with the one key the fake charged.
        const invoices = await scene.rows(
          `SELECT i.id, i.seq, i.series, rp.status,
                  array_agg(t.state ORDER BY t.id) AS states, array_agg(t.provider_key ORDER BY t.id) AS keys
             FROM recurring_payments rp
             JOIN invoices i ON i.company_id = rp.company_id AND i.recurring_payment_id = rp.id
             JOIN transactions t ON t.company_id = i.company_id AND t.invoice_id = i.id
            WHERE rp.company_id = $1
            GROUP BY i.id, rp.id
            ORDER BY i.seq`,
          [company.id],
        );
        expect(invoices).toHaveLength(SIZE);
        for (const inv of invoices) {
          expect(inv.states).toEqual(['succeeded']);
          expect(inv.keys).toEqual([`rl:${company.id}:inv${inv.id}:1`]);
          expect(keysByInvoice.get(String(inv.id))).toEqual(inv.keys);
        }
        // Gapless: one series, numbers from its start, one after the other, none lost to a kill.
        const start = SETTINGS_SECTIONS.invoice.defaults.number_start;
        expect(new Set(invoices.map((i) => i.series)).size).toBe(1);
        expect(invoices.map((i) => Number(i.seq))).toEqual(Array.from({ length: SIZE }, (_, i) => start + i));
        const counter = await one(
          scene,
          `SELECT next_value FROM number_series WHERE company_id = $1 AND series = $2`,
          [company.id, invoices[0]!.series],
        );
        expect(Number(counter.next_value)).toBe(start + SIZE);
      } finally {
        for (const w of workers) await w.kill();
        await boss.stop({ graceful: false, wait: true });
        await fake.close();
        await drop();
        bundle.remove();
      }
    },
    180_000,
  );
});
