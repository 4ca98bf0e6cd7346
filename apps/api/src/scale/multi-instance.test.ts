/**
 * Many instances and workers, for real (issue 29 item 2; docs/scaling.md; decision 87): two API instances
 * (`main.js` of the bundle, RUN_JOBS=false, each on a port of its own) and two workers (`worker.js`, as
 * `npm run worker`) on one fresh PostgreSQL database and the local Redis, with the test talking HTTP to
 * them as a browser would. Checked, each across instances:
 *
 * - a notification written on instance A reaches a push stream open on B (Redis pub/sub);
 * - sign-in: the per-account lockout (counted in the database) and the per-address rate limit (Redis);
 * - a settings change, a role change, a logout and a feature flag take effect on the other instance at
 *   once (the settings and session caches drop their entries on NOTIFY; flags are never cached);
 * - business-day jobs sent at once to two workers: each job run by one worker, each due payment charged
 *   exactly once at the Stripe fake;
 * - SIGTERM: a worker finishes the job it is running (its charges held at the fake meanwhile) and exits
 *   0; an instance finishes a request in flight (held on a row lock) and exits 0, serving no new one.
 *
 * PostgreSQL and Redis only (DATABASE_URL and REDIS_TEST_URL, which scripts/test-all.mjs sets when a Redis
 * answers): embedded PGlite belongs to one process. Skipped, saying why, without them.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../company-time.ts';
import { companyUsers, users } from '../db/schema/index.ts';
import {
  FAKE_STRIPE,
  type FakeStripe,
  startFakeStripe,
} from '../integrations/payments/testing/fake-stripe.ts';
import { createSecrets } from '../integrations/secrets.ts';
import { businessDayJob } from '../jobs/business-jobs.ts';
import { createBoss } from '../jobs/queue.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { putSection } from '../modules/settings/sections.ts';
import { testCtx } from '../testing/ctx.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { DUE_PAYMENT, seedDuePayments } from '../testing/due-payments.ts';
import { type FleetProcess, logLines, startFleetProcess } from '../testing/fleet.ts';
import { createCompany } from '../testing/harness.ts';
import { bundleWorker, type WorkerBundle } from '../testing/worker-process.ts';

const redisUrl = process.env.REDIS_TEST_URL;
const skip = !process.env.DATABASE_URL
  ? ' (skipped: needs a PostgreSQL server, DATABASE_URL unset: the PGlite pass)'
  : !redisUrl
    ? ' (skipped: needs Redis, REDIS_TEST_URL unset: no Redis answered on 127.0.0.1:6379)'
    : '';
const PASSWORD = 'a long enough password 29';
const RATE_LIMIT = 6;
const DUE = 30;
const isCharge = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path === '/v1/payment_intents';

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

let seq = 0;
/** Each caller its own client address (TRUST_PROXY=1): the limits of one check never touch another's. */
const address = () => `10.29.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

async function api(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'x-forwarded-for': opts.ip ?? address(),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: { data?: unknown; message?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}

async function signIn(base: string, email: string, password = PASSWORD, ip = address()) {
  const res = await api(base, 'POST', '/api/auth/login', { body: { email, password }, ip });
  if (res.status !== 200) throw new Error(`sign-in of ${email} on ${base}: ${res.status} ${res.text}`);
  return (res.json.data as { access_token: string }).access_token;
}

interface Fleet {
  db: TestDatabase;
  bundle: WorkerBundle;
  fake: FakeStripe;
  boss: PgBoss;
  a: FleetProcess;
  b: FleetProcess;
  workers: FleetProcess[];
  companyId: number;
  billingCompanyId: number;
  /** A company with `count` payments due today, charged through the Stripe fake. */
  billingCompany(name: string, count: number): Promise<number>;
  users: Record<'owner' | 'riley' | 'sam' | 'operator' | 'locked', string>;
  rows(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
}
let fleet: Fleet;
const all: FleetProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  const db = await createTestDatabase();
  const [bundle, fake] = await Promise.all([bundleWorker(), startFakeStripe()]);
  const database = db.database;
  const key = randomBytes(32);
  const company = await createCompany(database, { name: 'Fleet Rentals' });
  const hash = await hashPassword(PASSWORD);
  const made = {} as Fleet['users'];
  const people = [
    ['owner', 'owner', null],
    ['riley', 'admin', null],
    ['sam', 'user', null],
    ['locked', 'user', null],
    ['operator', null, 'super-admin'],
  ] as const;
  for (const [name, role, globalRole] of people) {
    const email = `${name}@fleet.test`;
    const [user] = await database.primary
      .insert(users)
      .values({
        name,
        email,
        password_hash: hash,
        role: globalRole,
        email_verified_at: new Date().toISOString(),
      })
      .returning({ id: users.id });
    if (role)
      await database.primary.insert(companyUsers).values({ company_id: company.id, user_id: user!.id, role });
    made[name] = email;
  }
  const billingCompany = async (name: string, count: number) => {
    const c = await createCompany(database, { name, currency: 'EUR', is_test: true });
    // It charges through the Stripe fake; the workers open its credentials with the same key.
    const ctx = testCtx(database.primary, c.id, { deps: { secrets: createSecrets(key) } });
    await putSection(ctx, 'payment_service_provider', {
      ...SETTINGS_SECTIONS.payment_service_provider.defaults,
      enabled_gateways: ['offlinegateway', 'stripe'],
      default_gateway: 'stripe',
      credentials: {
        stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret },
      },
    });
    await seedDuePayments(database.executor, c.id, {
      count,
      dueDate: await companyToday(ctx),
      method: {
        gateway: 'stripe',
        customerReference: FAKE_STRIPE.customerId,
        methodReference: 'pm_card_visa',
        label: 'Visa •••• 4242',
      },
    });
    return c.id;
  };
  const billingId = await billingCompany('Fleet Billing', DUE);
  // The test sends the business day itself: no hourly schedule firing in the middle.
  await database.executor.executeSql(`UPDATE crons SET enabled = false WHERE name = $1`, [
    businessDayJob.name,
  ]);
  const env = {
    DATABASE_URL: database.url!,
    REDIS_URL: redisUrl!,
    SECRETS_KEY: key.toString('base64'),
    STRIPE_API_BASE: fake.url,
    DATABASE_POOL_SIZE: '4',
  };
  const apiEnv = {
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
    RUN_JOBS: 'false',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    WEB_DIST_DIR: `${bundle.path}.no-web-build`,
  };
  // The queue's schema is made once, here; then the four processes start together.
  const boss = createBoss(database);
  await boss.start();
  const main = bundle.path.replace(/worker\.js$/, 'main.js');
  const started = await Promise.all([
    startFleetProcess('instance A', main, apiEnv),
    startFleetProcess('instance B', main, apiEnv),
    startFleetProcess('worker 1', bundle.path, env),
    startFleetProcess('worker 2', bundle.path, env),
  ]);
  all.push(...started);
  fleet = {
    db,
    bundle,
    fake,
    boss,
    a: started[0],
    b: started[1],
    workers: started.slice(2),
    companyId: company.id,
    billingCompanyId: billingId,
    billingCompany,
    users: made,
    rows: async (text, values = []) => (await database.executor.executeSql(text, values)).rows,
  };
}, 120_000);

afterAll(async () => {
  if (skip) return;
  for (const p of all) p.signal('SIGKILL');
  await Promise.all(all.map((p) => p.exited));
  await fleet?.boss.stop({ graceful: false, close: true }).catch(() => {});
  await fleet?.fake.close();
  fleet?.bundle.remove();
  await fleet?.db.drop();
}, 60_000);

/** A push stream (Server-Sent Events) on `base`, read as the browser's fetch reads it. */
async function openStream(base: string, companyId: number, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/${companyId}/rentloopdb/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  let text = '';
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {}
  })();
  await until('the stream to be ready', () => text.includes('event: ready'));
  return { text: () => text, close: () => controller.abort() };
}

describe.skipIf(Boolean(skip))(`two API instances and two workers on one PostgreSQL and Redis${skip}`, () => {
  it('pushes a notification written on instance A to a browser connected to instance B', async () => {
    const { a, b, users: u, companyId } = fleet;
    const stream = await openStream(b.url, companyId, await signIn(b.url, u.sam));
    try {
      const written = await api(a.url, 'POST', '/api/notifications', {
        token: await signIn(a.url, u.operator),
        body: { title: 'Maintenance tonight', description: 'Written on A' },
      });
      expect(written.status, written.text).toBe(201);
      const id = (written.json.data as { id: number }).id;
      await until('the push on B', () => stream.text().includes(`"id":${id}`), 5_000);
      expect(stream.text()).toMatch(
        new RegExp(`event: notification\\ndata: \\{[^\\n]*"id":${id}[^\\n]*"company_id":null`),
      );
    } finally {
      stream.close();
    }
  });

  it('locks an account out on both instances after failures spread over both', async () => {
    const { a, b, users: u } = fleet;
    const ip = address();
    const statuses: number[] = [];
    // Five free failures of one address on one account (modules/auth/throttle.ts), alternately on A and B.
    for (let i = 0; i < 7 && !statuses.includes(429); i++) {
      const on = i % 2 === 0 ? a : b;
      statuses.push(
        (
          await api(on.url, 'POST', '/api/auth/login', {
            body: { email: u.locked, password: 'wrong password 1' },
            ip,
          })
        ).status,
      );
    }
    // Counted per instance, A and B would each have seen three or four: no wait yet.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // The right password is refused on either instance while the wait runs.
    for (const on of [a, b]) {
      const res = await api(on.url, 'POST', '/api/auth/login', {
        body: { email: u.locked, password: PASSWORD },
        ip,
      });
      expect(res.status, `${on.name}: ${res.text}`).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts the per-address rate limit across instances (Redis)', async () => {
    const { a, b } = fleet;
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const on = i % 2 === 0 ? a : b;
      const body = { email: `nobody-${i}@fleet.test` };
      statuses.push((await api(on.url, 'POST', '/api/auth/password/reset-request', { body, ip })).status);
    }
    // In process, each instance would allow RATE_LIMIT: all RATE_LIMIT + 2 would pass.
    expect(
      statuses.slice(0, RATE_LIMIT).every((s) => s === 200),
      String(statuses),
    ).toBe(true);
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
  });

  it('shows a settings change made on A on B at once, though B had them cached', async () => {
    const { a, b, users: u, companyId } = fleet;
    const [onA, onB] = [await signIn(a.url, u.owner), await signIn(b.url, u.owner)];
    const read = async () => {
      const res = await api(b.url, 'GET', `/api/companies/${companyId}/settings/selective?sections=order`, {
        token: onB,
      });
      expect(res.status, res.text).toBe(200);
      return (res.json.data as { order: { number_prefix: string } }).order.number_prefix;
    };
    expect(await read()).toBe('ORD-');
    expect(await read()).toBe('ORD-'); // cached on B now (60 s without the NOTIFY)
    for (const prefix of ['FLT-', 'FLT2-']) {
      const order = { ...SETTINGS_SECTIONS.order.defaults, number_prefix: prefix };
      const put = await api(a.url, 'PUT', `/api/companies/${companyId}/settings`, {
        token: onA,
        body: { order },
      });
      expect(put.status, put.text).toBe(200);
      // The change is committed when A answers; B's listener hears it within its round trip.
      await until(`B to read ${prefix}`, async () => (await read()) === prefix, 1_000);
    }
  });

  it('applies a role change and a logout made on A on B at once, though B had the sessions cached', async () => {
    const { a, b, users: u, companyId } = fleet;
    const owner = await signIn(a.url, u.owner);
    const riley = await signIn(b.url, u.riley);
    const adminOnly = () => api(b.url, 'GET', `/api/companies/${companyId}/settings`, { token: riley });
    expect((await adminOnly()).status).toBe(200);
    expect((await adminOnly()).status).toBe(200);
    const demoted = await api(a.url, 'PUT', '/api/auth/users/roles', {
      token: owner,
      body: { id: companyId, email: u.riley, role: 'user' },
    });
    expect(demoted.status, demoted.text).toBe(200);
    await until('B to refuse the former admin', async () => (await adminOnly()).status === 403, 1_000);

    const sam = await signIn(b.url, u.sam);
    const me = () => api(b.url, 'GET', '/api/auth/me', { token: sam });
    expect((await me()).status).toBe(200);
    expect((await api(a.url, 'POST', '/api/auth/logout', { token: sam })).status).toBe(200);
    await until('B to refuse the signed-out token', async () => (await me()).status === 401, 1_000);
  });

  it('shows a feature flag switched on A on B at once', async () => {
    const { a, b, users: u, companyId } = fleet;
    const operator = await signIn(a.url, u.operator);
    const sam = await signIn(b.url, u.sam);
    const flag = async () => {
      const res = await api(b.url, 'GET', `/api/${companyId}/system/unleash-settings`, { token: sam });
      expect(res.status, res.text).toBe(200);
      return (res.json.data as { name: string; enabled: boolean }[]).find((f) => f.name === 'debt_collection')
        ?.enabled;
    };
    expect(await flag()).toBe(false);
    const put = await api(a.url, 'PUT', `/api/${companyId}/system/unleash-settings/debt_collection`, {
      token: operator,
      body: { enabled: true },
    });
    expect(put.status, put.text).toBe(200);
    expect(await flag()).toBe(true);
  });

  it('runs each job on one worker only, and charges every due payment exactly once', async () => {
    const { boss, fake, workers, rows, billingCompanyId } = fleet;
    // Four business days at once: the two workers take them as they come, each run charging what is due.
    const ids = (await Promise.all([1, 2, 3, 4].map(() => boss.send(businessDayJob.name, {})))) as string[];
    expect(ids.every(Boolean)).toBe(true);
    await until(
      'the four business days',
      async () =>
        Number(
          (
            await rows(`SELECT count(*) AS n FROM pgboss.job WHERE id = ANY($1) AND state = 'completed'`, [
              ids,
            ])
          )[0]!.n,
        ) === 4,
      60_000,
    );
    const ranOn = (id: string) =>
      workers.filter((w) => logLines(w).some((l) => l.msg === 'job done' && l.id === id));
    for (const id of ids) {
      // The worker logs before pg-boss marks the job completed, but its log reaches this process through a
      // pipe, later than the database answers: wait for the line, then count the workers that wrote it.
      await until(`job ${id}'s log line`, () => ranOn(id).length > 0, 10_000);
      expect(
        ranOn(id).map((w) => w.name),
        `job ${id}`,
      ).toHaveLength(1);
    }
    expect(fake.paymentIntents.size).toBe(DUE);
    for (const pi of fake.paymentIntents.values()) {
      expect(pi).toMatchObject({ status: 'succeeded', amount: DUE_PAYMENT.gross });
      expect(fake.executions(pi.metadata.idempotency_key!)).toBe(1);
    }
    const [paid] = await rows(
      `SELECT count(*) FILTER (WHERE status = 'paid') AS paid, count(*) AS n FROM recurring_payments WHERE company_id = $1`,
      [billingCompanyId],
    );
    expect({ paid: Number(paid!.paid), n: Number(paid!.n) }).toEqual({ paid: DUE, n: DUE });
  });

  it('SIGTERM: a worker finishes the job it is running, then exits 0', async () => {
    const { boss, fake, workers, rows, billingCompany } = fleet;
    // Five more payments due, in a company of their own.
    await billingCompany('Fleet Billing Two', 5);
    const before = fake.paymentIntents.size;
    let held = 0;
    const release = fake.hold((r) => isCharge(r) && ++held > 0);
    let releasedAt = 0;
    try {
      const id = (await boss.send(businessDayJob.name, {}))!;
      await until('a charge held at the fake', () => held > 0, 20_000);
      for (const w of workers) w.signal('SIGTERM');
      await sleep(500);
      // Both still up: one waits for its job, whose charge is held.
      expect(workers.map((w) => w.alive())).toContain(true);
      releasedAt = Date.now();
      release();
      const codes = await Promise.all(workers.map((w) => w.exited));
      expect(codes).toEqual([0, 0]);
      const [job] = await rows(`SELECT state FROM pgboss.job WHERE id = $1`, [id]);
      expect(job!.state).toBe('completed');
    } finally {
      if (!releasedAt) release();
    }
    expect(fake.paymentIntents.size - before).toBe(5);
  });

  it('SIGTERM: an instance answers the request in flight, serves no new one, and exits 0', async () => {
    const { b, users: u, companyId, db } = fleet;
    const owner = await signIn(b.url, u.owner);
    // The row the test will hold (written once, on A).
    const first = { ...SETTINGS_SECTIONS.order.defaults, number_prefix: 'HELD-' };
    const put = await api(fleet.a.url, 'PUT', `/api/companies/${companyId}/settings`, {
      token: await signIn(fleet.a.url, u.owner),
      body: { order: first },
    });
    expect(put.status, put.text).toBe(200);
    const locker = new pg.Client({ connectionString: db.database.url! });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(
        `SELECT 1 FROM company_settings WHERE company_id = $1 AND "group" = 'order' FOR UPDATE`,
        [companyId],
      );
      const order = { ...SETTINGS_SECTIONS.order.defaults, number_prefix: 'LAST-' };
      const inFlight = api(b.url, 'PUT', `/api/companies/${companyId}/settings`, {
        token: owner,
        body: { order },
      });
      const dbName = new URL(db.database.url!).pathname.slice(1);
      await until('the write to wait on the row lock', async () => {
        const [r] = await fleet.rows(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
          [dbName],
        );
        return Number(r!.n) > 0;
      });
      b.signal('SIGTERM');
      await until(
        'B to stop taking requests',
        async () => {
          const res = await fetch(`${b.url}/api/health`).catch(() => null);
          return res === null || res.status === 503;
        },
        5_000,
      );
      expect(b.alive()).toBe(true);
      await locker.query('ROLLBACK');
      const answered = await Promise.race([inFlight, sleep(10_000).then(() => null)]);
      expect(answered?.status, `${answered?.text}\n${b.output().slice(-3000)}`).toBe(200);
      const code = await Promise.race([b.exited, sleep(15_000).then(() => 'still running')]);
      expect(code, b.output().slice(-3000)).toBe(0);
    } finally {
      await locker.end();
    }
  });
});
