/**
 * `npm run bench:billing`: the billing engine against issue 23's targets (docs/performance.md, "Billing"),
 * on PostgreSQL, in a fresh database, in up to four parts (BENCH_BILLING_PARTS):
 *
 * - offline: a billing run over N due recurring payments (seeded set-based, testing/due-payments.ts) on
 *   the offline gateway: payments issued and charged per second end to end (invoice numbered and frozen,
 *   its PDF job enqueued, attempt committed, gateway answered, the answer recorded on the attempt, the
 *   invoice and the payment), target >= 1,000/s at 100,000;
 * - paid: the same on a gateway answering `succeeded` at once (invoice settled, payment paid, dunning
 *   closed: the longer record path);
 * - slow: M due payments against a gateway answering in 300 ms: the engine's own time per charge (from
 *   the engine starting to send it to its answer committed, less the gateway's time), p95 target <= 5 ms,
 *   with the run's bound on calls at once per gateway (observed at the stub);
 * - pdf: the invoice PDFs the offline run enqueued, made by the `invoice-pdf` job on one core, with the
 *   heap and RSS after a full GC at every tenth (billing-pdf.ts).
 *
 * Environment (optional): BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_BILLING_PAYMENTS=10000
 * (100000 for the target's size)  BENCH_BILLING_SLOW_PAYMENTS=1000  BENCH_BILLING_GATEWAY_MS=300
 * BENCH_BILLING_BATCH / BENCH_BILLING_CONCURRENCY / BENCH_BILLING_ISSUERS (the run's options; unset: the engine's defaults)
 * BENCH_PDFS=10000 (at most N)  BENCH_BILLING_PARTS=offline,paid,slow,pdf  BENCH_QUIET_WAIT=60
 * BENCH_BILLING_DB=rentloop_bench_billing (the database created and dropped; give each concurrent run its own)
 * BENCH_BILLING_FLEET=1 (each subscription's unit out, parts offline and paid)
 * BENCH_KEEP=1  BENCH_BILLING_PROFILE=1 (statements timed at the driver; a CPU profile of the PDFs).
 * BENCH_PG_STATEMENTS=1 (parts offline and paid: the run's statements by PostgreSQL's own time, from
 * pg_stat_statements, which the server must load: bench/pg-server.sh does).
 * Run with `node --expose-gc` (the npm script does) for the memory readings.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Database } from '../apps/api/src/db/client.ts';
import { registerGateway } from '../apps/api/src/integrations/payments/index.ts';
import { createBoss, type JobContext, registerQueues, runQueued } from '../apps/api/src/jobs/queue.ts';
import { assetFiguresJob } from '../apps/api/src/modules/insights/asset-figures-job.ts';
import { invoicePdfJob } from '../apps/api/src/modules/invoices/pdf-job.ts';
import type { RunOptions } from '../apps/api/src/modules/recurring-payments/run.ts';
import { benchInvoicePdfs } from './billing-pdf.ts';
import {
  adminQuery,
  companyWithDuePayments,
  freshDatabase,
  giveFleet,
  now,
  profileStatements,
  quantile,
  round,
  secrets,
  stubGateway,
  sum,
  timedBillingRun,
} from './billing-setup.ts';
import { measureCpu, waitForQuiet } from './cpu.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
// Its own name per bench run when several share a server (a fresh database is created and dropped here).
const DB = env.BENCH_BILLING_DB ?? 'rentloop_bench_billing';
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error(`BENCH_BILLING_DB: not a plain database name: ${DB}`);
const N = Number(env.BENCH_BILLING_PAYMENTS ?? 10_000);
const SLOW_N = Number(env.BENCH_BILLING_SLOW_PAYMENTS ?? 1_000);
const GATEWAY_MS = Number(env.BENCH_BILLING_GATEWAY_MS ?? 300);
const PDFS = Math.min(N, Number(env.BENCH_PDFS ?? 10_000));
const PARTS = new Set((env.BENCH_BILLING_PARTS ?? 'offline,paid,slow,pdf').split(',').map((s) => s.trim()));
const QUIET_WAIT = Number(env.BENCH_QUIET_WAIT ?? 60);
const FLEET = env.BENCH_BILLING_FLEET === '1';
const options: RunOptions = {
  batchSize: env.BENCH_BILLING_BATCH ? Number(env.BENCH_BILLING_BATCH) : undefined,
  concurrency: env.BENCH_BILLING_CONCURRENCY ? Number(env.BENCH_BILLING_CONCURRENCY) : undefined,
  issuers: env.BENCH_BILLING_ISSUERS ? Number(env.BENCH_BILLING_ISSUERS) : undefined,
};
// The engine's defaults (run.ts), named in the output.
const batchSize = options.batchSize ?? 50;
const concurrency = options.concurrency ?? 8;
const issuers = options.issuers ?? 1;

const profile = env.BENCH_BILLING_PROFILE === '1' ? profileStatements() : null;
const STATEMENTS = env.BENCH_PG_STATEMENTS === '1';

/** The run's statements by PostgreSQL's time (pg_stat_statements, reset at the run's start), per payment. */
async function serverStatements(database: Database, payments: number) {
  const { rows } = await database.executor.executeSql(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query, calls,
            round(total_exec_time::numeric, 1) AS total_ms,
            round(total_exec_time::numeric / $1::numeric * 1000, 1) AS us_per_payment,
            round((shared_blks_read + shared_blks_dirtied + shared_blks_written)::numeric / $1::numeric, 2) AS blocks_per_payment,
            round(wal_fpi::numeric / $1::numeric, 2) AS fpi_per_payment
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT 40`,
    [payments],
  );
  return rows;
}
const log = (msg: string) => process.stderr.write(`[bench:billing] ${msg}\n`);
const quietLog = { info: () => {}, error: (o: object, m?: string) => log(`${m ?? ''} ${JSON.stringify(o)}`) };

async function quiet(): Promise<number> {
  const busy = await waitForQuiet(QUIET_WAIT);
  log(`machine busy ${(busy * 100).toFixed(0)}% before the measurement`);
  return busy;
}

/** How the company's payments, invoices and attempts ended (a run that lost one cannot post a figure). */
async function outcome(database: Database, companyId: number) {
  const rows = (
    await database.executor.executeSql(
      `SELECT (SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM recurring_payments
                WHERE company_id = $1 GROUP BY status) s) AS payments,
              (SELECT count(*) FROM invoices WHERE company_id = $1 AND type = 'recurring payment') AS invoices,
              (SELECT count(DISTINCT recurring_payment_id) FROM invoices WHERE company_id = $1) AS invoiced,
              (SELECT max(seq) - min(seq) + 1 FROM invoices WHERE company_id = $1) AS seq_span,
              (SELECT jsonb_object_agg(state, n) FROM (SELECT state, count(*) AS n FROM transactions
                WHERE company_id = $1 GROUP BY state) t) AS attempts`,
      [companyId],
    )
  ).rows[0]!;
  return {
    payments: rows.payments as Record<string, number>,
    invoices: Number(rows.invoices),
    invoiced: Number(rows.invoiced),
    seq_span: Number(rows.seq_span),
    attempts: rows.attempts as Record<string, number>,
  };
}

type Outcome = Awaited<ReturnType<typeof outcome>>;

function expectAll(what: string, got: Outcome, n: number, status: string, state: string) {
  const ok =
    got.payments[status] === n &&
    got.invoices === n &&
    got.invoiced === n &&
    // Gapless: n numbers from the series' start, none twice (unique per company and series).
    got.seq_span === n &&
    got.attempts[state] === n;
  if (!ok)
    throw new Error(`${what}: expected ${n} payments ${status}, attempts ${state}: ${JSON.stringify(got)}`);
}

/** Parts offline and paid: the run over N payments on one gateway; answers the figures. */
async function throughput(jc: JobContext, database: Database, gateway: 'offline' | 'instant') {
  const company = await companyWithDuePayments(
    database,
    `Billing ${gateway}`,
    N,
    gateway === 'offline' ? 'offlinegateway' : 'stripe',
  );
  const fleet = FLEET ? await giveFleet(database, company.id) : 0;
  await database.executor.executeSql('VACUUM ANALYZE');
  const stub = stubGateway(0);
  const restore = gateway === 'instant' ? registerGateway('stripe', stub.factory) : () => {};
  try {
    const busy = await quiet();
    profile?.reset();
    if (STATEMENTS) {
      await database.executor.executeSql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await database.executor.executeSql('SELECT pg_stat_statements_reset()');
    }
    const cpu = measureCpu(process.pid, cpus().length, DB);
    const started = now();
    const { result, timings } = await timedBillingRun(jc, company.id, options);
    const wall = (now() - started) / 1000;
    const used = cpu.stop();
    if (profile) console.log(JSON.stringify(profile.top(80), null, 1));
    if (STATEMENTS) console.log(JSON.stringify(await serverStatements(database, N), null, 1));
    // The units the run marked, computed by the `asset-figures` job after the run (decision 91), timed apart.
    const refreshStarted = now();
    const refreshJobs = await runQueued(jc.boss as PgBoss, assetFiguresJob, jc);
    const refreshS = (now() - refreshStarted) / 1000;
    const got = await outcome(database, company.id);
    expectAll(
      gateway,
      got,
      N,
      gateway === 'offline' ? 'pending' : 'paid',
      gateway === 'offline' ? 'pending' : 'succeeded',
    );
    if (result.issued !== N) throw new Error(`${gateway}: issued ${result.issued} of ${N}`);
    const issueMs = sum(timings.batches.map((b) => b.ms));
    return {
      part: gateway === 'offline' ? 'offline' : 'paid',
      gateway:
        gateway === 'offline' ? 'offlinegateway (answers pending)' : 'stub answering succeeded at once',
      payments: N,
      fleet_units: fleet,
      asset_figures_jobs: refreshJobs,
      asset_figures_job_s: round(refreshS, 2),
      batch_size: batchSize,
      issuers,
      concurrency,
      wall_s: round(wall, 2),
      per_s: Math.round(N / wall),
      issue_ms_per_payment: round(issueMs / N, 3),
      issue_batch_ms_p50: round(
        quantile(
          timings.batches.map((b) => b.ms),
          0.5,
        ),
      ),
      record_ms_p50: round(quantile(timings.recordMs, 0.5), 2),
      record_ms_p95: round(quantile(timings.recordMs, 0.95), 2),
      node_cpu_ms_per_payment: round((used.server_s * 1000) / N, 3),
      postgres_cpu_ms_per_payment: round((used.postgres_s * 1000) / N, 3),
      other_load_pct: Math.round((used.other_s / used.capacity_s) * 100),
      busy_before_pct: Math.round(busy * 100),
      outcome: got,
    };
  } finally {
    restore();
  }
}

/** Part slow: M payments against a gateway answering in GATEWAY_MS; the engine's time per charge besides it. */
async function overhead(jc: JobContext, database: Database) {
  const company = await companyWithDuePayments(database, 'Billing slow gateway', SLOW_N, 'stripe');
  await database.executor.executeSql('ANALYZE');
  const stub = stubGateway(GATEWAY_MS);
  const restore = registerGateway('stripe', stub.factory);
  try {
    const busy = await quiet();
    const cpu = measureCpu(process.pid, cpus().length, DB);
    const started = now();
    const { timings } = await timedBillingRun(jc, company.id, options);
    const wall = (now() - started) / 1000;
    const used = cpu.stop();
    expectAll('slow', await outcome(database, company.id), SLOW_N, 'paid', 'succeeded');
    // Per charge: from the engine asking for the adapter (the start of its send step) to the answer
    // committed, less the gateway's own time; and that plus the charge's share of its batch's issue
    // transaction (which runs while the previous batch's calls are out, so not all of it is waited for).
    const send: number[] = [];
    const perCharge: number[] = [];
    for (const [key, t] of stub.calls) {
      const recordedAt = timings.recordedAt.get(key);
      const batch = timings.batches[timings.batchOf.get(key) ?? -1];
      if (recordedAt === undefined || !batch) throw new Error(`slow: ${key} answered but not recorded`);
      const own = recordedAt - t.resolvedAt - (t.answeredAt - t.calledAt);
      send.push(own);
      perCharge.push(own + batch.ms / batch.claimed);
    }
    return {
      part: 'slow',
      gateway_ms: GATEWAY_MS,
      payments: SLOW_N,
      batch_size: batchSize,
      issuers,
      concurrency_bound_per_gateway: concurrency,
      max_calls_in_flight: stub.maxInFlight(),
      wall_s: round(wall, 2),
      per_s: round(SLOW_N / wall),
      engine_ms_per_charge_send_to_recorded: {
        p50: round(quantile(send, 0.5), 2),
        p95: round(quantile(send, 0.95), 2),
        max: round(Math.max(...send), 2),
      },
      engine_ms_per_charge_with_issue_share: {
        p50: round(quantile(perCharge, 0.5), 2),
        p95: round(quantile(perCharge, 0.95), 2),
        max: round(Math.max(...perCharge), 2),
      },
      // Each slot's wall time per charge less the gateway's: what batching costs besides the engine's work.
      slot_ms_per_charge_beyond_gateway: round((wall * 1000 * concurrency) / SLOW_N - GATEWAY_MS, 1),
      node_cpu_ms_per_payment: round((used.server_s * 1000) / SLOW_N, 3),
      postgres_cpu_ms_per_payment: round((used.postgres_s * 1000) / SLOW_N, 3),
      other_load_pct: Math.round((used.other_s / used.capacity_s) * 100),
      busy_before_pct: Math.round(busy * 100),
    };
  } finally {
    restore();
  }
}

async function main() {
  const database = await freshDatabase(PG_SERVER, DB);
  const boss: PgBoss = createBoss(database);
  await boss.start();
  // The queues the run enqueues to in its transactions, as in production: the PDF and, with a fleet, the
  // units' figures (run after the run, `runQueued`).
  await registerQueues(boss, [invoicePdfJob, assetFiguresJob]);
  const jc: JobContext = { database, boss, secrets, log: quietLog };
  const results: unknown[] = [];
  const machine = { cpus: cpus().length, model: cpus()[0]?.model, node: process.version };
  try {
    if (PARTS.has('offline') || PARTS.has('pdf')) {
      log(`offline: ${N} due payments on the offline gateway`);
      results.push(await throughput(jc, database, 'offline'));
      console.log(JSON.stringify(results.at(-1), null, 2));
    }
    if (PARTS.has('paid')) {
      log(`paid: ${N} due payments on a gateway answering succeeded at once`);
      results.push(await throughput(jc, database, 'instant'));
      console.log(JSON.stringify(results.at(-1), null, 2));
    }
    if (PARTS.has('slow')) {
      log(`slow: ${SLOW_N} due payments on a gateway answering in ${GATEWAY_MS} ms`);
      results.push(await overhead(jc, database));
      console.log(JSON.stringify(results.at(-1), null, 2));
    }
    if (PARTS.has('pdf')) {
      log(`pdf: ${PDFS} invoice PDFs by the job on one core`);
      await quiet();
      results.push(await benchInvoicePdfs(jc, PDFS, DB));
      console.log(JSON.stringify(results.at(-1), null, 2));
    }
    const report = {
      machine,
      settings: { N, SLOW_N, GATEWAY_MS, PDFS, batchSize, concurrency, issuers },
      results,
    };
    console.log(JSON.stringify({ machine, finished_at: new Date().toISOString() }));
    mkdirSync('results', { recursive: true });
    writeFileSync(
      `results/billing-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      JSON.stringify(report, null, 2),
    );
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await database.close();
    if (env.BENCH_KEEP !== '1') await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
