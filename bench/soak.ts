/**
 * `npm run bench:soak`: issue 29 item 7, the mixed-load soak (docs/performance.md "Mixed-load soak").
 *
 * On a fresh PostgreSQL database of its own (SOAK_DB) and the local Redis: two API instances
 * (RUN_JOBS=false) and one worker (`npm run worker`), all from the production bundle, with the demo
 * companies seeded by the first start (SEED_DEMO, DEMO_BILLING_DAYS days of billing history) and a
 * billing company of SOAK_PAYMENTS customers, orders and subscriptions, each with a monthly payment due
 * today on a stored card, charged through the Stripe fake (in this process; it counts what it charged).
 * Both companies send every event to a webhook on a local receiver.
 *
 * Then, for SOAK_SECONDS: staff traffic at SOAK_RATE requests a second over both instances and both
 * companies (soak-traffic.ts: lists, searches, details, order placement) while the worker runs the
 * business day (the billing run of every due payment) and the webhook deliveries it makes. Every 10 s:
 * the RSS and V8 heap of each process (soak-fleet.ts, soak-memory.cjs), the billing run's progress, the
 * deliveries and the load average. After the traffic, the run and the deliveries are waited for (at most
 * SOAK_DRAIN_SECONDS) and the money invariants checked (soak-checks.ts).
 *
 * Targets (issue 29): 0 errors; list p99 <= 100 ms; no growth in memory after the first minute (here:
 * each process's heap and RSS over the last minute within SOAK_MEMORY_SLACK_MB of the second minute's);
 * every invariant holds.
 *
 * Environment (optional): SOAK_SECONDS=600  SOAK_RATE=200  SOAK_PAYMENTS=50000  SOAK_DB=soakbench_main
 * BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  SOAK_REDIS_URL=redis://127.0.0.1:6379
 * SOAK_DRAIN_SECONDS=900  SOAK_WEBHOOK_DRAIN_SECONDS=120  SOAK_DEMO_BILLING_DAYS=40  SOAK_MEMORY_SLACK_MB=20  BENCH_KEEP=1 (keep the database).
 * Writes bench/results/soak-<time>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { companyToday } from '../apps/api/src/company-time.ts';
import { companyUsers, users, webhooks } from '../apps/api/src/db/schema/index.ts';
import { FAKE_STRIPE, startFakeStripe } from '../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { createSecrets } from '../apps/api/src/integrations/secrets.ts';
import { businessDayJob } from '../apps/api/src/jobs/business-jobs.ts';
import { createBoss } from '../apps/api/src/jobs/queue.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { putSection } from '../apps/api/src/modules/settings/sections.ts';
import { testCtx } from '../apps/api/src/testing/ctx.ts';
import { seedDuePayments } from '../apps/api/src/testing/due-payments.ts';
import { bundleWorker } from '../apps/api/src/testing/worker-process.ts';
import { adminQuery, freshDatabase, round } from './billing-setup.ts';
import { measureCpu } from './cpu.ts';
import { signIn } from './load.ts';
import { moneyInvariants } from './soak-checks.ts';
import { type SoakProcess, startProcess } from './soak-fleet.ts';
import { memoryVerdict, receiver, tenantOf } from './soak-parts.ts';
import { drive } from './soak-traffic.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = env.SOAK_DB ?? 'soakbench_main';
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error(`SOAK_DB: not a plain database name: ${DB}`);
const SECONDS = Number(env.SOAK_SECONDS ?? 600);
const RATE = Number(env.SOAK_RATE ?? 200);
const PAYMENTS = Number(env.SOAK_PAYMENTS ?? 50_000);
const REDIS = env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DRAIN_S = Number(env.SOAK_DRAIN_SECONDS ?? 900);
const WEBHOOK_DRAIN_S = Number(env.SOAK_WEBHOOK_DRAIN_SECONDS ?? 120);
const SLACK_MB = Number(env.SOAK_MEMORY_SLACK_MB ?? 20);
const PASSWORD = 'soak staff password 2029';
const SAMPLE_MS = 10_000;

const log = (msg: string) =>
  process.stderr.write(`[bench:soak ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const load = () => loadavg().map((l) => round(l, 2));

async function main() {
  const key = randomBytes(32);
  const secrets = createSecrets(key);
  log(`fresh database ${DB}; bundle; fake Stripe; webhook receiver`);
  const database = await freshDatabase(PG_SERVER, DB);
  const [bundle, fake, hooks] = await Promise.all([bundleWorker(), startFakeStripe(), receiver()]);
  const procs: SoakProcess[] = [];
  const boss = createBoss(database);
  try {
    const common = {
      DATABASE_URL: database.url!,
      REDIS_URL: REDIS,
      SECRETS_KEY: key.toString('base64'),
      STRIPE_API_BASE: fake.url,
      ALLOW_PRIVATE_SHOP_URLS: 'true',
      DATABASE_POOL_SIZE: env.SOAK_POOL_SIZE ?? '10',
    };
    const apiEnv = {
      ...common,
      RUN_JOBS: 'false',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'soak-operator@rentloop.local',
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST_DIR: `${bundle.path}.no-web-build`,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    };
    const main = bundle.path.replace(/worker\.js$/, 'main.js');
    // The first start makes the operator and the demo companies; the worker makes their data.
    procs.push(
      await startProcess(
        'instance A',
        main,
        { ...apiEnv, SEED_DEMO: 'true', DEMO_BILLING_DAYS: env.SOAK_DEMO_BILLING_DAYS ?? '40' },
        'api',
        SAMPLE_MS,
      ),
    );
    procs.push(await startProcess('worker', bundle.path, common, 'worker', SAMPLE_MS));
    procs.push(await startProcess('instance B', main, apiEnv, 'api', SAMPLE_MS));
    const [a, worker, b] = procs as [SoakProcess, SoakProcess, SoakProcess];
    log('waiting for the demo data');
    for (let i = 0; ; i++) {
      if ((await fetch(`${a.url}/api/health/ready`)).ok) break;
      if (i > 900) throw new Error(`demo data not made in 15 minutes:\n${worker.tail()}`);
      await sleep(1000);
    }
    // The soak sends the business day itself, once: no hourly schedule firing in the middle.
    await database.executor.executeSql(`UPDATE crons SET enabled = false WHERE name = $1`, [
      businessDayJob.name,
    ]);

    log(`billing company with ${PAYMENTS} payments due today`);
    const [company] = (
      await database.executor.executeSql(
        `INSERT INTO companies (name, currency, is_test) VALUES ('Soak Billing', 'EUR', true) RETURNING id`,
      )
    ).rows;
    const billingId = Number(company?.id);
    const ctx = testCtx(database.primary, billingId, { deps: { secrets } });
    await putSection(ctx, 'invoice', {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Soak Billing GmbH',
    });
    await putSection(ctx, 'payment_service_provider', {
      ...SETTINGS_SECTIONS.payment_service_provider.defaults,
      enabled_gateways: ['offlinegateway', 'stripe'],
      default_gateway: 'stripe',
      credentials: {
        stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret },
      },
    });
    await seedDuePayments(database.executor, billingId, {
      count: PAYMENTS,
      dueDate: await companyToday(ctx),
      method: {
        gateway: 'stripe',
        customerReference: FAKE_STRIPE.customerId,
        methodReference: 'pm_card_visa',
        label: 'Visa •••• 4242',
      },
    });
    const [staff] = await database.primary
      .insert(users)
      .values({
        name: 'Soak Staff',
        email: 'staff@soak.test',
        password_hash: await hashPassword(PASSWORD),
        email_verified_at: new Date().toISOString(),
      })
      .returning({ id: users.id });
    await database.primary
      .insert(companyUsers)
      .values({ company_id: billingId, user_id: staff!.id, role: 'admin' });
    const [northwind] = (
      await database.executor.executeSql(`SELECT id FROM companies WHERE name = 'Northwind Rentals'`)
    ).rows;
    const demoId = Number(northwind?.id);
    const hooksAt = new Date().toISOString();
    for (const cid of [billingId, demoId])
      await database.primary.insert(webhooks).values({
        company_id: cid,
        url: hooks.url,
        event_types: ['*'],
        secret_sealed: secrets.encrypt('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
      });
    await database.executor.executeSql('VACUUM ANALYZE');

    const tenants = [
      await tenantOf(database, billingId, await signIn(a.url, 'staff@soak.test', PASSWORD)),
      await tenantOf(database, demoId, await signIn(b.url, 'owner@northwind.demo', PASSWORD)),
    ];
    log(
      `tenants: ${tenants.map((t) => `${t.companyId} (${t.customerIds.length} customers, "${t.search}")`).join(', ')}`,
    );

    await boss.start();
    const machine = { cpus: cpus().length, model: cpus()[0]?.model, node: process.version };
    const loadBefore = load();
    const samples: Record<string, unknown>[] = [];
    const billingState = async () => {
      const [row] = (
        await database.executor.executeSql(
          `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid,
                  count(*) FILTER (WHERE status IN ('scheduled', 'charging'))::int AS open
             FROM recurring_payments WHERE company_id = $1`,
          [billingId],
        )
      ).rows;
      const [hook] = (
        await database.executor.executeSql(
          `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS delivered, count(*)::int AS deliveries,
                  (SELECT count(*) FROM events WHERE company_id = ANY($1) AND created_at >= $2)::int AS events
             FROM webhook_deliveries`,
          [[billingId, demoId], hooksAt],
        )
      ).rows;
      return {
        paid: Number(row?.paid),
        open: Number(row?.open),
        events: Number(hook?.events),
        deliveries: Number(hook?.deliveries),
        delivered: Number(hook?.delivered),
        received: hooks.count(),
      };
    };
    const t0 = Date.now();
    const sample = async () => {
      const s = await billingState();
      samples.push({
        t_s: Math.round((Date.now() - t0) / 1000),
        load: load(),
        ...s,
        rss_mb: Object.fromEntries(procs.map((p) => [p.name, round(p.rssMb())])),
      });
      // The fake keeps every request it saw: only its PaymentIntents are needed for the checks.
      fake.requests.splice(0);
      log(
        `t=${samples.at(-1)?.t_s}s load ${load().join(' ')} paid ${s.paid} open ${s.open} events ${s.events} webhooks ${s.delivered}/${s.deliveries}`,
      );
    };
    const cpuA = measureCpu(a.pid, machine.cpus, DB);
    const cpuB = measureCpu(b.pid, machine.cpus, DB);
    const cpuW = measureCpu(worker.pid, machine.cpus, DB);
    const billingJob = await boss.send(businessDayJob.name, {});
    const billingStarted = Date.now();
    log(`soak: ${SECONDS} s at ${RATE} req/s; business day ${billingJob}`);
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    let billingDoneS: number | null = null;
    const watchBilling = setInterval(async () => {
      if (billingDoneS !== null) return;
      const s = await billingState();
      if (s.open === 0) billingDoneS = (Date.now() - billingStarted) / 1000;
    }, 1000);
    const traffic = await drive({ urls: [a.url, b.url], tenants, rate: RATE, seconds: SECONDS });
    const trafficCpu = { a: cpuA.stop(), b: cpuB.stop(), w: cpuW.stop() };
    const trafficEnd = Date.now();
    log(
      `traffic done: ${traffic.completed} requests, ${traffic.errors} errors, list p99 ${traffic.lists.p99_ms} ms`,
    );

    // Drain: the billing run finishes (at most SOAK_DRAIN_SECONDS), then the webhook deliveries (at most
    // SOAK_WEBHOOK_DRAIN_SECONDS more; what is left then is reported as the backlog, not waited for).
    // Deliveries: one per event of the two companies (each has one webhook wanting every type); the
    // worker's cron runs the engine each minute.
    const drainDeadline = Date.now() + DRAIN_S * 1000;
    let webhookDeadline: number | null = null;
    for (;;) {
      const s = await billingState();
      const drained = s.deliveries >= s.events && s.delivered === s.deliveries && s.received >= s.delivered;
      if (s.open === 0) webhookDeadline ??= Date.now() + WEBHOOK_DRAIN_S * 1000;
      if (s.open === 0 && drained) break;
      if (Date.now() > drainDeadline || (webhookDeadline !== null && Date.now() > webhookDeadline)) {
        log(`drain: stopped waiting: ${JSON.stringify(s)}`);
        break;
      }
      await sleep(2000);
    }
    clearInterval(sampler);
    clearInterval(watchBilling);
    await sample();
    const [jobRow] = (
      await database.executor.executeSql(`SELECT state, output FROM pgboss.job WHERE id = $1`, [billingJob])
    ).rows;
    const checks = await moneyInvariants(
      database,
      fake,
      { companyId: billingId, payments: PAYMENTS },
      traffic.placed,
    );
    const end = await billingState();
    // What the data weighs, for the capacity model (docs/scaling.md): the database and its largest tables.
    const size = (
      await database.executor.executeSql(
        `SELECT pg_database_size(current_database()) AS bytes,
                (SELECT json_agg(t) FROM (SELECT relname AS table, n_live_tup AS rows,
                        pg_total_relation_size(relid) AS bytes FROM pg_stat_user_tables
                  ORDER BY pg_total_relation_size(relid) DESC LIMIT 12) t) AS tables`,
      )
    ).rows[0];
    const memory = memoryVerdict(procs, t0, trafficEnd, SLACK_MB);
    const { placed: _placed, ...trafficFigures } = traffic;
    const cpuFigure = (c: ReturnType<typeof cpuA.stop>) => round(c.server_s, 1);
    const report = {
      machine,
      settings: {
        SECONDS,
        RATE,
        PAYMENTS,
        DRAIN_S,
        WEBHOOK_DRAIN_S,
        SLACK_MB,
        demo_billing_days: env.SOAK_DEMO_BILLING_DAYS ?? '40',
      },
      started_at: new Date(t0).toISOString(),
      load_before: loadBefore,
      load_after: load(),
      traffic: trafficFigures,
      cpu_s_during_traffic: {
        instance_a: cpuFigure(trafficCpu.a),
        instance_b: cpuFigure(trafficCpu.b),
        worker: cpuFigure(trafficCpu.w),
        postgres: round(trafficCpu.a.postgres_s, 1),
        soak_driver_and_fake: round(trafficCpu.a.load_generator_s, 1),
        others_on_the_machine: round(
          Math.max(0, trafficCpu.a.other_s - trafficCpu.b.server_s - trafficCpu.w.server_s),
          1,
        ),
        capacity: round(trafficCpu.a.capacity_s, 1),
      },
      billing: {
        payments: PAYMENTS,
        job: jobRow?.state,
        done_after_s: billingDoneS,
        charges_per_s: billingDoneS ? round(PAYMENTS / billingDoneS) : null,
        end,
      },
      webhooks: {
        events: end.events,
        deliveries: end.deliveries,
        delivered: end.delivered,
        received: end.received,
      },
      memory,
      database_size: size,
      checks,
      samples,
      targets: {
        errors_0: traffic.errors === 0,
        list_p99_le_100ms: traffic.lists.p99_ms <= 100,
        memory_flat_after_first_minute: memory.every((m) => m.flat),
        invariants: checks.every((c) => c.ok),
      },
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync('results', { recursive: true });
    writeFileSync(
      `results/soak-${new Date(t0).toISOString().replace(/[:.]/g, '-')}.json`,
      JSON.stringify(report, null, 2),
    );
    if (!checks.every((c) => c.ok)) {
      log(`invariants broken; worker log tail:\n${worker.tail().slice(-4000)}`);
      process.exitCode = 1;
    }
  } finally {
    for (const p of procs.reverse()) await p.stop();
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await fake.close();
    await hooks.close();
    await database.close();
    bundle.remove();
    if (env.BENCH_KEEP !== '1') await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
