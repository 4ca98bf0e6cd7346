/**
 * `npm run bench:billing-kill`: issue 29 item 3 at full size, the billing run under kill -9
 * (docs/performance.md "Billing run under kill -9"). The CI size is
 * apps/api/src/modules/recurring-payments/billing-kill.test.ts (four kills at chosen points, one worker).
 *
 * On a fresh PostgreSQL database of its own (KILL_DB): a test company with KILL_PAYMENTS customers, orders
 * and subscriptions, each with a monthly payment due today on a stored card (billing-setup.ts,
 * testing/due-payments.ts), charged through the Stripe fake in this process (it counts every PaymentIntent
 * and every execution of an idempotency key), and two workers (`npm run worker`: the production bundle
 * under plain `node`, soak-fleet.ts). The bench sends the `business-day` job once per worker (its hourly
 * schedule switched off), so both run the billing run of the one company at once (their batches claimed
 * with SKIP LOCKED). While payments are still due it kills one worker, picked at random, with SIGKILL,
 * KILL_COUNT times at random moments: each interval drawn from 0.5-1.5 times the run's expected time left
 * (the payments left at the charge rate so far; KILL_EXPECTED_RATE before there is one) shared by the
 * kills left, so the kills spread over the whole run. KILL_RESTART_MS after each kill the worker is started
 * again and the business day sent again (as the next hour's cron would; the killed worker's job stays
 * `active` until pg-boss expires it). A kill leaves what it had under way: a rolled-back issue transaction,
 * or charges the fake made whose answers never arrived (their attempts left `processing`).
 *
 * When nothing is due any more and the fake has been quiet for a few seconds (the live runs' last answers
 * recorded), the kills stop, the company's clock moves 11 minutes on (past the reconciliation's stale
 * bound, as the kill test does) and the business day is run until no payment and no attempt is open (each
 * reconciles up to 50 attempts), then once more so `billing_runs` is recounted from the final rows. At
 * most KILL_DRAIN_SECONDS from the first send. Then the invariants (soak-checks.ts): every due payment
 * charged exactly once at the fake (one PaymentIntent per invoice, each key executed once, one invoice
 * and one succeeded charge per payment, no open attempt), every invoice series without holes, the
 * `billing_runs` counts equal to the rows.
 *
 * Per kill: which worker, when, the charges made by then, the time until the worker was up again, and
 * until the charge rate (over 2 s) was back to 80 % of its rate in the 5 s before the kill.
 *
 * Targets (issue 29 item 3): at least 20 kills during a run of 100,000 due payments on two workers; every
 * invariant holds. The exit code is 1 if one fails (fewer kills than asked is reported, not failed).
 *
 * Environment (optional): KILL_PAYMENTS=100000  KILL_COUNT=20  KILL_SEED=<time>  KILL_RESTART_MS=1000
 * KILL_MIN_INTERVAL_MS=1000  KILL_EXPECTED_RATE=40 (payments/s)  KILL_DRAIN_SECONDS=3600
 * KILL_DB=killbench_main  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  KILL_REDIS_URL (unset: the
 * workers' notifications stay in process)  KILL_POOL_SIZE=10  BENCH_KEEP=1 (keep the database).
 * Writes bench/results/billing-kill-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAKE_STRIPE, startFakeStripe } from '../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { businessDayJob } from '../apps/api/src/jobs/business-jobs.ts';
import { createBoss } from '../apps/api/src/jobs/queue.ts';
import { STALE_PROCESSING_MS } from '../apps/api/src/modules/payments/reconcile.ts';
import { prng } from '../apps/api/src/seed/demo-customers.ts';
import { bundleWorker } from '../apps/api/src/testing/worker-process.ts';
import {
  adminQuery,
  companyWithDuePayments,
  freshDatabase,
  quantile,
  round,
  secretsKey,
} from './billing-setup.ts';
import { moneyInvariants } from './soak-checks.ts';
import { type SoakProcess, startProcess } from './soak-fleet.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = env.KILL_DB ?? 'killbench_main';
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error(`KILL_DB: not a plain database name: ${DB}`);
const PAYMENTS = Number(env.KILL_PAYMENTS ?? 100_000);
const KILLS = Number(env.KILL_COUNT ?? 20);
const SEED = Number(env.KILL_SEED ?? Date.now() % 2 ** 31);
const RESTART_MS = Number(env.KILL_RESTART_MS ?? 1000);
const MIN_INTERVAL_MS = Number(env.KILL_MIN_INTERVAL_MS ?? 1000);
const EXPECTED_RATE = Number(env.KILL_EXPECTED_RATE ?? 40);
const DRAIN_S = Number(env.KILL_DRAIN_SECONDS ?? 3600);
/** The fake saw no new charge and no answer was recorded for this long: no live run is still charging. */
const QUIET_MS = 5000;
const SAMPLE_MS = 250;

const log = (msg: string) =>
  process.stderr.write(`[bench:billing-kill ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const load = () => loadavg().map((l) => round(l, 2));

interface Slot {
  name: string;
  proc: SoakProcess | null;
  /** Being started again after a kill. */
  restarting: boolean;
}

interface Kill {
  n: number;
  worker: string;
  at_s: number;
  /** PaymentIntents at the fake when it was killed. */
  charged: number;
  /** Kill to the worker started again and ready ("worker started"), the restart delay included. */
  up_again_ms: number | null;
  /** Kill to the charge rate over 2 s back at 80 % of the 5 s before; null if not before the next kill. */
  rate_back_ms: number | null;
  at: number;
}

/** The charges at the fake over time: [ms since the run started, PaymentIntents]. */
type Samples = [number, number][];

/** Charges per second over [from, to] (ms since the start), from the samples nearest before each end. */
function rateOver(samples: Samples, from: number, to: number): number {
  const at = (t: number) => {
    let lo = 0;
    let hi = samples.length - 1;
    if (hi < 0 || samples[0]![0] > t) return 0;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (samples[mid]![0] <= t) lo = mid;
      else hi = mid - 1;
    }
    return samples[lo]![1];
  };
  return to > from ? ((at(to) - at(from)) * 1000) / (to - from) : 0;
}

/** When after kill `k` the rate over 2 s was back at 80 % of the 5 s before it (ms), before `until`. */
function rateBack(samples: Samples, atMs: number, untilMs: number): number | null {
  const before = rateOver(samples, atMs - 5000, atMs);
  if (before <= 0) return null;
  for (const [t] of samples) {
    if (t <= atMs + 500) continue;
    if (t > untilMs) break;
    if (rateOver(samples, Math.max(atMs, t - 2000), t) >= 0.8 * before) return t - atMs;
  }
  return null;
}

async function main() {
  const rng = prng(SEED);
  log(`fresh database ${DB}; bundle; fake Stripe; ${PAYMENTS} payments due; ${KILLS} kills (seed ${SEED})`);
  const database = await freshDatabase(PG_SERVER, DB);
  const [bundle, fake] = await Promise.all([bundleWorker(), startFakeStripe()]);
  const boss = createBoss(database);
  const slots: Slot[] = [
    { name: 'worker 1', proc: null, restarting: false },
    { name: 'worker 2', proc: null, restarting: false },
  ];
  const sql = async (text: string, values: unknown[] = []) =>
    (await database.executor.executeSql(text, values)).rows;
  let sampler: NodeJS.Timeout | undefined;
  let watcher: NodeJS.Timeout | undefined;
  try {
    const company = await companyWithDuePayments(database, 'Kill Nine Billing', PAYMENTS, 'stripe', {
      isTest: true,
      stripe: FAKE_STRIPE,
    });
    // The bench sends the business day itself: no hourly schedule firing in the middle.
    await sql(`UPDATE crons SET enabled = false WHERE name = $1`, [businessDayJob.name]);
    await sql('VACUUM ANALYZE');
    const workerEnv = {
      DATABASE_URL: database.url!,
      SECRETS_KEY: secretsKey.toString('base64'),
      STRIPE_API_BASE: fake.url,
      DATABASE_POOL_SIZE: env.KILL_POOL_SIZE ?? '10',
      ...(env.KILL_REDIS_URL ? { REDIS_URL: env.KILL_REDIS_URL } : {}),
    };
    // Memory lines (soak-memory.cjs) once a minute: not measured here.
    const start = (slot: Slot) => startProcess(slot.name, bundle.path, workerEnv, 'worker', 60_000);
    for (const slot of slots) slot.proc = await start(slot);
    await boss.start();

    const state = async () => {
      const [row] = await sql(
        `SELECT count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled,
                count(*) FILTER (WHERE status = 'charging')::int AS charging,
                count(*) FILTER (WHERE status = 'paid')::int AS paid,
                (SELECT count(*) FROM transactions WHERE company_id = $1
                   AND state IN ('created', 'processing', 'unknown'))::int AS open_attempts
           FROM recurring_payments WHERE company_id = $1`,
        [company.id],
      );
      return {
        scheduled: Number(row?.scheduled),
        charging: Number(row?.charging),
        paid: Number(row?.paid),
        openAttempts: Number(row?.open_attempts),
        charged: fake.paymentIntents.size,
      };
    };
    const jobs: string[] = [];
    const sendBusinessDay = async () => {
      const id = await boss.send(businessDayJob.name, {});
      if (!id) throw new Error('the business-day job was not sent');
      jobs.push(id);
      return id;
    };

    const loadBefore = load();
    const machine = { cpus: cpus().length, model: cpus()[0]?.model, node: process.version };
    const t0 = Date.now();
    const since = () => Date.now() - t0;
    const drainDeadline = t0 + DRAIN_S * 1000;
    await Promise.all(slots.map(() => sendBusinessDay()));
    log(`billing run started: business day sent once per worker`);

    // The fake's count every SAMPLE_MS; whether anything is still due every second.
    const kills: Kill[] = [];
    const samples: Samples = [[0, 0]];
    let due = PAYMENTS;
    let loggedAt = 0;
    sampler = setInterval(() => {
      samples.push([since(), fake.paymentIntents.size]);
      // The fake keeps every request it saw: only its PaymentIntents are needed for the checks.
      if (fake.requests.length > 10_000) fake.requests.splice(0);
    }, SAMPLE_MS);
    watcher = setInterval(async () => {
      try {
        const s = await state();
        due = s.scheduled;
        if (Date.now() - loggedAt < 10_000) return;
        loggedAt = Date.now();
        log(
          `t=${Math.round(since() / 1000)}s load ${load().join(' ')} charged ${s.charged} paid ${s.paid} due ${s.scheduled} open attempts ${s.openAttempts} kills ${kills.length}`,
        );
      } catch (err) {
        log(`progress query failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, 1000);

    const restarts: Promise<void>[] = [];
    let restartFailed: unknown = null;
    const restart = async (slot: Slot, kill: Kill) => {
      await sleep(RESTART_MS);
      slot.proc = await start(slot);
      slot.restarting = false;
      kill.up_again_ms = Date.now() - kill.at;
      await sendBusinessDay();
    };
    /** The next interval: 0.5-1.5 times the expected time left over the kills left (+1: none at the very end). */
    const nextInterval = () => {
      const charged = fake.paymentIntents.size;
      const elapsed = since() / 1000;
      const rate = charged >= 50 && elapsed >= 3 ? charged / elapsed : EXPECTED_RATE;
      const leftMs = (Math.max(0, PAYMENTS - charged) / rate) * 1000;
      const mean = leftMs / (KILLS - kills.length + 1);
      return Math.max(MIN_INTERVAL_MS, Math.round((mean * rng.int(500, 1500)) / 1000));
    };
    // Kills while payments are still due.
    while (kills.length < KILLS && due > 0 && Date.now() < drainDeadline) {
      const wake = Date.now() + nextInterval();
      while (Date.now() < wake && due > 0) await sleep(50);
      if (due === 0) break;
      const up = slots.filter((s) => s.proc && !s.restarting);
      if (up.length === 0) continue;
      const slot = rng.pick(up);
      const kill: Kill = {
        n: kills.length + 1,
        worker: slot.name,
        at_s: round(since() / 1000, 2),
        charged: fake.paymentIntents.size,
        up_again_ms: null,
        rate_back_ms: null,
        at: Date.now(),
      };
      slot.restarting = true;
      await slot.proc!.kill('SIGKILL');
      kills.push(kill);
      log(`kill ${kill.n}: ${slot.name} (pid ${slot.proc!.pid}) at ${kill.at_s}s, ${kill.charged} charged`);
      restarts.push(
        restart(slot, kill).catch((err) => {
          restartFailed ??= err;
        }),
      );
    }
    if (kills.length < KILLS)
      log(`only ${kills.length} of ${KILLS} kills: nothing was due any more before the rest`);
    await Promise.all(restarts);
    if (restartFailed) throw restartFailed;

    // The live runs' last answers: nothing due, and neither the fake nor the rows moved for QUIET_MS.
    let last = '';
    let quietSince = Date.now();
    for (;;) {
      await sleep(500);
      const s = await state();
      const now = JSON.stringify(s);
      if (now !== last) {
        last = now;
        quietSince = Date.now();
      }
      if (s.scheduled === 0 && Date.now() - quietSince >= QUIET_MS) break;
      if (Date.now() > drainDeadline) {
        log(`drain bound reached with payments still due: ${JSON.stringify(s)}`);
        break;
      }
    }
    const chargedPhaseS = (quietSince - t0) / 1000;
    const afterKills = await state();
    log(`kills over, charges done at ${round(chargedPhaseS)}s: ${JSON.stringify(afterKills)}`);
    clearInterval(sampler);

    // An hour's run later, as far as the reconciliation is concerned: the kills' attempts are stale.
    await sql(
      `INSERT INTO company_clocks (company_id, offset_ms) VALUES ($1, $2)
       ON CONFLICT (company_id) DO UPDATE SET offset_ms = company_clocks.offset_ms + $2`,
      [company.id, STALE_PROCESSING_MS + 60_000],
    );
    const finished = async (id: string) => {
      for (;;) {
        const [row] = await sql(`SELECT state FROM pgboss.job WHERE id = $1`, [id]);
        const s = String(row?.state ?? '');
        if (s === 'completed') return true;
        if (s === 'failed' || s === 'retry' || Date.now() > drainDeadline) {
          log(`business day ${id}: ${s}`);
          return false;
        }
        await sleep(200);
      }
    };
    let settleDays = 0;
    for (;;) {
      const s = await state();
      if ((s.scheduled === 0 && s.charging === 0 && s.openAttempts === 0) || Date.now() > drainDeadline)
        break;
      settleDays += 1;
      await finished(await sendBusinessDay());
    }
    const settledAt = Date.now();
    clearInterval(watcher);
    // Once more: the day's billing_runs row recounted from the final rows.
    await finished(await sendBusinessDay());
    const end = await state();
    log(`settled after ${settleDays} business days: ${JSON.stringify(end)}`);

    const checks = await moneyInvariants(database, fake, { companyId: company.id, payments: PAYMENTS });
    const wallS = (settledAt - t0) / 1000;
    for (const [i, k] of kills.entries())
      k.rate_back_ms = rateBack(samples, k.at - t0, (kills[i + 1]?.at ?? t0 + chargedPhaseS * 1000) - t0);
    const figures = (values: (number | null)[]) => {
      const v = values.filter((x): x is number => x !== null);
      return { n: v.length, p50_ms: quantile(v, 0.5), max_ms: v.length ? Math.max(...v) : null };
    };
    const jobStates = await sql(
      `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state ORDER BY state`,
      [businessDayJob.name],
    );
    const report = {
      machine,
      settings: { PAYMENTS, KILLS, SEED, RESTART_MS, MIN_INTERVAL_MS, EXPECTED_RATE, DRAIN_S, workers: 2 },
      started_at: new Date(t0).toISOString(),
      load_before: loadBefore,
      load_after: load(),
      run: {
        payments: PAYMENTS,
        wall_s: round(wallS),
        payments_per_s: round(PAYMENTS / wallS, 1),
        charging_phase_s: round(chargedPhaseS),
        charged_per_s_while_killing: round(afterKills.charged / chargedPhaseS, 1),
        left_open_by_the_kills: { payments: afterKills.charging, attempts: afterKills.openAttempts },
        settle_business_days: settleDays,
        settle_s: round((settledAt - t0) / 1000 - chargedPhaseS),
        business_days_sent: jobs.length,
        business_day_jobs: Object.fromEntries(jobStates.map((r) => [r.state, r.n])),
        end,
      },
      kills: {
        asked: KILLS,
        done: kills.length,
        short: kills.length < KILLS ? `the run ended after ${kills.length} of ${KILLS} kills` : null,
        up_again: figures(kills.map((k) => k.up_again_ms)),
        rate_back: figures(kills.map((k) => k.rate_back_ms)),
        list: kills.map(({ at: _at, ...k }) => k),
      },
      checks,
      ok: checks.every((c) => c.ok),
    };
    console.log(JSON.stringify(report, null, 2));
    const dir = new URL('./results/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const file = new URL(`billing-kill-${new Date(t0).toISOString().replace(/[:.]/g, '-')}.json`, dir);
    writeFileSync(file, JSON.stringify(report, null, 2));
    log(
      `${PAYMENTS} payments in ${round(wallS)} s (${report.run.payments_per_s}/s), ${kills.length}/${KILLS} kills; ` +
        `invariants: ${checks.map((c) => `${c.name} ${c.ok ? 'ok' : 'FAILED'}`).join('; ')}`,
    );
    if (!report.ok) {
      for (const s of slots) log(`${s.name} log tail:\n${s.proc?.tail().slice(-4000)}`);
      process.exitCode = 1;
    }
  } finally {
    clearInterval(sampler);
    clearInterval(watcher);
    for (const s of slots) await s.proc?.stop();
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await fake.close();
    await database.close();
    bundle.remove();
    if (env.BENCH_KEEP !== '1') await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
