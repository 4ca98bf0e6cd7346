/**
 * `npm run bench:pglite-responsive`: does the embedded default (PGlite) stay responsive while a billing
 * run goes on (issue 29 item 4, decision 90)? One PGlite DATA_DIR with a test company holding N due
 * payments (10,000) and their customers; the real server (the API bundle) on it; then:
 *
 * 1. idle: 50 connections on the company's customers list (page 1) for BENCH_IDLE seconds;
 * 2. billing: an operator advances the company's clock by a day (`POST companies/{id}/clock/advance`),
 *    which runs the business day and so the billing run of the N payments inside the server, and the
 *    same 50 connections drive the list for BENCH_DURATION seconds of that run.
 *
 * Meanwhile a staff member's push stream (`notifications/stream`) stays open and its heartbeats' times
 * are kept (a miss: a gap over the 25 s period plus 1 s), and `/api/health` is probed every 200 ms (its
 * slowest answer bounds how long the event loop stood still). Every list answer must be a 2xx.
 *
 * Environment (optional): BENCH_PGLITE_THREAD=true|false (the server's PGLITE_THREAD)
 * BENCH_PAYMENTS=10000  BENCH_CONNECTIONS=50  BENCH_IDLE=10  BENCH_DURATION=60
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import autocannon from 'autocannon';
import { companyToday } from '../apps/api/src/company-time.ts';
import { migrate, openPglite } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { HEARTBEAT_MS } from '../apps/api/src/modules/notifications/stream.ts';
import { putSection } from '../apps/api/src/modules/settings/sections.ts';
import { ensureDefaultTemplates } from '../apps/api/src/modules/templates/service.ts';
import { testCtx } from '../apps/api/src/testing/ctx.ts';
import { seedDuePayments } from '../apps/api/src/testing/due-payments.ts';
import { quantile, round, secrets } from './billing-setup.ts';
import { signIn } from './load.ts';
import { BENCH_USER } from './seed.ts';
import { startServer } from './server.ts';

const env = process.env;
const THREAD = env.BENCH_PGLITE_THREAD ?? 'true';
const N = Number(env.BENCH_PAYMENTS ?? 10_000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const IDLE_S = Number(env.BENCH_IDLE ?? 10);
const DURATION_S = Number(env.BENCH_DURATION ?? 60);
const ADMIN = { email: 'bench-admin@rentloop.local', password: 'bench-admin-password' };
const log = (msg: string) => process.stderr.write(`[bench:pglite-responsive] ${msg}\n`);

async function prepare(dataDir: string): Promise<number> {
  const database = await openPglite(dataDir);
  try {
    await migrate(database);
    await ensureDefaultTemplates(database);
    const exec = database.executor;
    // A test company from the start (its clock can be advanced; orders forbid the change later).
    const [row] = (
      await exec.executeSql(
        `INSERT INTO companies (name, currency, is_test) VALUES ('Responsive Bench', 'EUR', true) RETURNING id`,
      )
    ).rows;
    const company = { id: Number(row?.id) };
    const ctx = testCtx(database.primary, company.id, { deps: { secrets } });
    await putSection(ctx, 'invoice', {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Responsive Bench GmbH',
    });
    await seedDuePayments(exec, company.id, { count: N, dueDate: await companyToday(ctx) });
    const hash = await hashPassword(BENCH_USER.password);
    const [user] = (
      await exec.executeSql(
        `INSERT INTO users (name, email, password_hash, email_verified_at) VALUES ('Bench Owner', $1, $2, now())
         RETURNING id`,
        [BENCH_USER.email, hash],
      )
    ).rows;
    await exec.executeSql(`INSERT INTO company_users (company_id, user_id, role) VALUES ($1, $2, 'owner')`, [
      company.id,
      user?.id,
    ]);
    await exec.executeSql('VACUUM ANALYZE');
    return company.id;
  } finally {
    await database.close();
  }
}

/** The push stream's heartbeats, by arrival time (ms since the stream opened). */
function watchPushes(url: string, token: string) {
  const beats: number[] = [];
  const controller = new AbortController();
  const opened = performance.now();
  const done = (async () => {
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    if (r.status !== 200 || !r.body) throw new Error(`push stream: ${r.status}`);
    const decoder = new TextDecoder();
    for await (const chunk of r.body) {
      const text = decoder.decode(chunk as Uint8Array);
      for (const _ of text.matchAll(/: heartbeat/g)) beats.push(performance.now() - opened);
    }
  })().catch((err: Error) => {
    if (err.name !== 'AbortError') log(`push stream ended: ${err.message}`);
  });
  return {
    beats,
    async stop() {
      controller.abort();
      await done;
      return performance.now() - opened;
    },
  };
}

/** `/api/health` every 200 ms: each answer's time. */
function probeHealth(url: string) {
  const times: number[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const t = performance.now();
      // A server that stands still for 30 s counts as 30 s.
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) })
        .then((r) => r.arrayBuffer())
        .catch(() => {});
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return times;
    },
  };
}

function cannon(url: string, token: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const figures = (r: autocannon.Result) => ({
  requests: r.requests.total,
  req_per_s: round(r.requests.average),
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  max_ms: r.latency.max,
  non_2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pgwbench_responsive-'));
  try {
    log(`seeding ${N} due payments in ${dataDir}`);
    const companyId = await prepare(dataDir);
    const server = await startServer({
      DATA_DIR: dataDir,
      PGLITE_THREAD: THREAD,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const staff = await signIn(server.url, BENCH_USER.email, BENCH_USER.password);
      const operator = await signIn(server.url, ADMIN.email, ADMIN.password);
      const list = `${server.url}/read-replica/${companyId}/rentloopdb/customers`;
      const first = await fetch(list, { headers: { authorization: `Bearer ${staff}` } });
      if (first.status !== 200) throw new Error(`customers list: ${first.status} ${await first.text()}`);

      const pushes = watchPushes(`${server.url}/api/${companyId}/rentloopdb/notifications/stream`, staff);
      const health = probeHealth(server.url);
      log(`idle: ${CONNECTIONS} connections for ${IDLE_S} s`);
      const idle = figures(await cannon(list, staff, IDLE_S));
      const idleHealth = await health.stop();

      log(`billing: clock advanced a day (${N} payments due), list load for ${DURATION_S} s`);
      const health2 = probeHealth(server.url);
      const started = performance.now();
      let billingMs: number | null = null;
      const advance = fetch(`${server.url}/api/companies/${companyId}/clock/advance`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${operator}`,
          'content-type': 'application/json',
          'idempotency-key': `bench-${Date.now()}`,
        },
        body: JSON.stringify({ days: 1 }),
      })
        .then(async (r) => {
          billingMs = performance.now() - started;
          log(`advance answered ${r.status} after ${round(billingMs / 1000)} s`);
          return r.status;
        })
        .catch(() => null);
      const busy = figures(await cannon(list, staff, DURATION_S));
      log(`list load done: ${JSON.stringify(busy)}`);
      const busyHealth = await health2.stop();
      const streamMs = await pushes.stop();
      log('probes stopped');
      const beats = pushes.beats;
      const gaps = beats.map((t, i) => t - (i === 0 ? 0 : (beats[i - 1] ?? 0)));
      const expected = Math.floor(streamMs / HEARTBEAT_MS);
      const report = {
        pglite_thread: THREAD,
        payments: N,
        connections: CONNECTIONS,
        idle,
        during_billing: busy,
        billing_finished_in_window: billingMs !== null,
        billing_s: billingMs === null ? null : round((billingMs as number) / 1000),
        health_ms: {
          idle_max: round(Math.max(...idleHealth)),
          billing_p99: round(quantile(busyHealth, 0.99)),
          billing_max: round(Math.max(...busyHealth)),
        },
        push: {
          stream_s: round(streamMs / 1000),
          heartbeats: beats.length,
          expected: expected,
          max_gap_s: gaps.length ? round(Math.max(...gaps) / 1000, 2) : null,
          missed: gaps.filter((g) => g > HEARTBEAT_MS + 1_000).length + Math.max(0, expected - beats.length),
        },
      };
      console.log(JSON.stringify(report, null, 2));
      log(
        `advance: ${await Promise.race([advance, new Promise((r) => setTimeout(() => r('still running'), 100))])}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
