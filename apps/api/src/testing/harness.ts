/**
 * The API test harness: a fresh database and the real app (driven with app.inject), plus helpers
 * that create companies, users with roles, sessions and customers the way the product does.
 */
import { randomBytes } from 'node:crypto';
import type { CompanyRole, GlobalRole } from '@rentloop/domain/roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import { companies, companyUsers, users } from '../db/schema/index.ts';
import { createMailer, type Mailer, sendEmailJob } from '../integrations/email/mailer.ts';
import type { GatewayConfig } from '../integrations/payments/adapters.ts';
import { createSecrets, type Secrets } from '../integrations/secrets.ts';
import { ALL_JOBS } from '../jobs/definitions.ts';
import { createBoss, type JobDefinition, registerQueues, startWorkers } from '../jobs/queue.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { inProcessBus } from '../modules/notifications/bus.ts';
import { ensureDefaultTemplates } from '../modules/templates/service.ts';
import { createTestDatabase } from './database.ts';
import { type Inbox, startInbox } from './mail.ts';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

export interface Harness {
  app: FastifyInstance;
  database: Database;
  /** With `{ mail: true }`: the SMTP server the app delivers to, and the job queue that delivers. */
  inbox: Inbox;
  boss: PgBoss;
  /** The install's key for sealed values, as the app and the workers hold it. */
  secrets: Secrets;
}

export const TEST_APP_URL = 'http://rentloop.test';

/**
 * Call at the top of a test file: one database and app for the file, closed afterwards.
 * `mail: true` also starts a real SMTP server and the job workers, so emails are delivered for real.
 */
export function useHarness(
  opts: {
    mail?: boolean;
    jobs?: boolean;
    authRateLimitPerMinute?: number;
    allowPrivateShopUrls?: boolean;
    trustProxy?: false | number | string[];
    /** The app's and the workers' "now" (context.ts): a `fixedClock` lets a test move time. */
    clock?: Clock;
    /**
     * Write the default templates, as every start does (main.ts). Off by default: composing the 70 texts
     * takes some 0.3 s, and without them mails fall back to the same shipped texts (templates/mail.ts).
     */
    defaultTemplates?: boolean;
    /**
     * The payment adapters' endpoints (the fakes a test starts). The app and the workers hold this very
     * object, so a test may fill it in its own `beforeAll`, once its fakes listen.
     */
    gateways?: GatewayConfig;
  } = {},
): Harness {
  const h = {} as Harness;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const t = await createTestDatabase();
    drop = t.drop;
    h.database = t.database;
    if (opts.defaultTemplates) await ensureDefaultTemplates(t.database);
    let mailer: Mailer | null = null;
    // One key for the app and the workers: jobs read the credentials the API stored.
    const secrets = createSecrets(randomBytes(32));
    h.secrets = secrets;
    // One push channel for the app and the workers, as `npm start` has (a job's notification reaches the streams).
    const notificationBus = inProcessBus();
    if (opts.jobs && !opts.mail) {
      h.boss = createBoss(t.database);
      await h.boss.start();
      await registerQueues(h.boss, ALL_JOBS, t.database);
      await startWorkers(h.boss, ALL_JOBS, {
        database: t.database,
        secrets,
        // As the app below: the fake shops listen on 127.0.0.1.
        allowPrivateShopUrls: opts.allowPrivateShopUrls ?? true,
        clock: opts.clock,
        notifications: notificationBus,
        gateways: opts.gateways,
        log: quietLog,
      });
    }
    if (opts.mail) {
      h.inbox = await startInbox();
      mailer = createMailer({ smtpUrl: h.inbox.url, from: 'Rentloop <no-reply@rentloop.test>' });
      h.boss = createBoss(t.database);
      await h.boss.start();
      await registerQueues(h.boss, ALL_JOBS);
      await startWorkers(h.boss, [sendEmailJob as JobDefinition], {
        database: t.database,
        mailer,
        clock: opts.clock,
        log: quietLog,
      });
    }
    h.app = await buildApp({
      database: t.database,
      boss: h.boss ?? null,
      mailer,
      secrets,
      // The fake shops of the tests listen on 127.0.0.1.
      allowPrivateShopUrls: opts.allowPrivateShopUrls ?? true,
      appUrl: TEST_APP_URL,
      logLevel: 'silent',
      authRateLimitPerMinute: opts.authRateLimitPerMinute ?? 100_000,
      trustProxy: opts.trustProxy ?? false,
      clock: opts.clock,
      notificationBus,
      gateways: opts.gateways,
    });
    await h.app.ready();
  });
  afterAll(async () => {
    await h.app?.close();
    if (h.boss) await stopQueue(h.boss);
    await h.inbox?.close();
    await drop?.();
  });
  return h;
}

const quietLog = { info: () => {}, error: () => {} };

/**
 * Stops a test's queue before its database closes, letting a job that is still running end first (as
 * main.ts and worker.ts stop). A stop that does not wait leaves the handler running against a database
 * about to close, and pg-boss then records its end without awaiting it: a rejected query nobody handles,
 * which ends a test run red although every test passed (a data export or an issue batch a test started
 * and did not wait for). Jobs in tests take milliseconds; the bound only keeps a stuck one from holding
 * the file past its hook's time-out.
 */
export async function stopQueue(boss: PgBoss): Promise<void> {
  await boss.stop({ graceful: true, timeout: 20_000, wait: true });
}

let seq = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++seq}`;

export async function createCompany(
  db: Database,
  values: Partial<typeof companies.$inferInsert> = {},
): Promise<typeof companies.$inferSelect> {
  const [row] = await db.primary
    .insert(companies)
    .values({ name: unique('Company'), currency: 'CAD', ...values })
    .returning();
  return row!;
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

/** A user (with a company role and/or a global role), signed in through the real login route. */
export async function createUser(
  h: Harness,
  opts: { company?: { id: number }; role?: CompanyRole; globalRole?: GlobalRole; email?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = (opts.email ?? `${unique('user')}@example.test`).toLowerCase();
  const [user] = await h.database.primary
    .insert(users)
    .values({
      name: 'Test User',
      email,
      password_hash: await passwordHash,
      role: opts.globalRole ?? null,
      email_verified_at: new Date().toISOString(),
    })
    .returning({ id: users.id });
  if (opts.company) {
    await h.database.primary
      .insert(companyUsers)
      .values({ company_id: opts.company.id, user_id: user!.id, role: opts.role ?? 'user' });
  }
  const token = await signIn(h.app, email, TEST_PASSWORD);
  return { id: user!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token as string;
}

/**
 * Signs `user` in again at the harness clock's time, in place: a session lives a day on the clock, so a
 * test that moves the clock further forward signs in again, rather than leaning on the session cache
 * (which only answers while it holds the entry: a loaded machine saw 401s).
 */
export async function signInAgain(h: Harness, user: TestUser): Promise<void> {
  user.token = await signIn(h.app, user.email, TEST_PASSWORD);
  user.headers.authorization = `Bearer ${user.token}`;
}

export async function call(
  app: FastifyInstance,
  user: TestUser | null,
  opts: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(user ? user.headers : {}) } });
}

/** A customer body that passes validation. */
export function customerBody(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    name: `Jane Doe ${n}`,
    email: `jane.${n}.${Date.now().toString(36)}@example.com`,
    phone: '+1 416 555 0123',
    language: 'en',
    billing_address: {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      phone: '+1 416 555 0123',
      street: 'King Street West',
      street_number: '100',
      postal_code: 'M5V 2T6',
      city: 'Toronto',
      region: 'ON',
      country: 'ca',
    },
    ...overrides,
  };
}
