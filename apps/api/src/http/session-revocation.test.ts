/**
 * The session cache is exact (http/session-cache.ts, db/notify.ts, migration 0020): a cached token
 * stops working the moment its session, user, membership or company changes — on the instance that
 * made the change before its answer, on every other instance within one second.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { companies, companyUsers, sessions, users } from '../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../testing/harness.ts';

const h = useHarness();
const onPostgres = Boolean(process.env.DATABASE_URL);

const ME = { method: 'GET', url: '/api/auth/me' } as const;
const companyRoute = (id: number) =>
  ({ method: 'GET', url: `/api/companies/${id}/settings/selective` }) as const;
const adminRoute = (id: number) => ({ method: 'GET', url: `/api/${id}/rentloopdb/email-entries` }) as const;
const OPERATOR_ROUTE = { method: 'GET', url: '/api/auth/users' } as const;

async function status(app: FastifyInstance, user: TestUser, route: { method: 'GET'; url: string }) {
  return (await call(app, user, route)).statusCode;
}

/**
 * Asks until an answer comes from the cache, so the test is about a cached token. Usually the second
 * request: the first is not kept when a notification arrives while its query runs (the same change
 * also reaches the listener and the pool's other connections a few milliseconds after its commit), or
 * while the listener's lease has lapsed on a busy machine.
 */
async function warm(
  app: FastifyInstance,
  user: TestUser,
  route: { method: 'GET'; url: string },
  expected = 200,
) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const hits = app.sessionCache!.stats.hits;
    expect(await status(app, user, route)).toBe(expected);
    if (app.sessionCache!.stats.hits > hits) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${route.url} was never answered from the cache`);
}

/** Polls until the answer is `expected`; returns the milliseconds it took (fails past `deadlineMs`). */
async function until(
  app: FastifyInstance,
  user: TestUser,
  route: { method: 'GET'; url: string },
  expected: number,
  deadlineMs = 1_000,
): Promise<number> {
  const start = performance.now();
  for (;;) {
    const code = await status(app, user, route);
    const elapsed = performance.now() - start;
    if (code === expected) return elapsed;
    if (elapsed > deadlineMs)
      throw new Error(`still ${code} after ${Math.round(elapsed)} ms (wanted ${expected})`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function login(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { access_token: string; refresh_token: string };
}

const asUser = (base: TestUser, token: string): TestUser => ({
  ...base,
  token,
  headers: { authorization: `Bearer ${token}` },
});

describe('session cache on one instance (PGlite and PostgreSQL)', () => {
  it('answers a signed-in request from memory, and ends a token at once on logout', async () => {
    const user = await createUser(h);
    await warm(h.app, user, ME);
    expect((await call(h.app, user, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    // Immediately, no waiting: the change was heard before the logout's commit returned.
    expect(await status(h.app, user, ME)).toBe(401);
  });

  it('ends the old access token at once when its refresh token is rotated, and the family on reuse', async () => {
    const base = await createUser(h);
    const first = await login(h.app, base.email);
    const oldUser = asUser(base, first.access_token);
    await warm(h.app, oldUser, ME);
    const rotated = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(rotated.statusCode).toBe(200);
    expect(await status(h.app, oldUser, ME)).toBe(401);
    const newUser = asUser(base, rotated.json().data.access_token);
    await warm(h.app, newUser, ME);
    // The rotated-away refresh token comes back: the whole family ends, the cached new token too.
    const reused = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(reused.statusCode).toBe(401);
    expect(await status(h.app, newUser, ME)).toBe(401);
    // The user's other sign-in (created before) keeps working.
    await warm(h.app, base, ME);
  });

  it('ends cached tokens at once when the user is disabled, loses the operator role or the verified email', async () => {
    const db = h.database.primary;
    const disabled = await createUser(h);
    await warm(h.app, disabled, ME);
    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    expect(await status(h.app, disabled, ME)).toBe(401);

    const operator = await createUser(h, { globalRole: 'super-admin' });
    await warm(h.app, operator, OPERATOR_ROUTE);
    await db.update(users).set({ role: null }).where(eq(users.id, operator.id));
    expect(await status(h.app, operator, OPERATOR_ROUTE)).toBe(403);

    const company = await createCompany(h.database);
    const unverified = await createUser(h, { company, role: 'user' });
    await warm(h.app, unverified, companyRoute(company.id));
    await db.update(users).set({ email_verified_at: null }).where(eq(users.id, unverified.id));
    expect(await status(h.app, unverified, companyRoute(company.id))).toBe(403);

    // A password change revokes the user's sessions (and the users row changes too).
    const changed = await createUser(h);
    await warm(h.app, changed, ME);
    await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.user_id, changed.id));
    expect(await status(h.app, changed, ME)).toBe(401);
  });

  it('follows memberships at once: role lowered, removed, added; and a deleted company', async () => {
    const db = h.database.primary;
    const company = await createCompany(h.database);
    const admin = await createUser(h, { company, role: 'admin' });
    await warm(h.app, admin, adminRoute(company.id));
    await db.update(companyUsers).set({ role: 'user' }).where(eq(companyUsers.user_id, admin.id));
    expect(await status(h.app, admin, adminRoute(company.id))).toBe(403);
    await warm(h.app, admin, companyRoute(company.id));
    await db.delete(companyUsers).where(eq(companyUsers.user_id, admin.id));
    expect(await status(h.app, admin, companyRoute(company.id))).toBe(404);
    // A cached "not a member" goes when the membership is added.
    await warm(h.app, admin, companyRoute(company.id), 404);
    await db.insert(companyUsers).values({ company_id: company.id, user_id: admin.id, role: 'user' });
    expect(await status(h.app, admin, companyRoute(company.id))).toBe(200);

    // An operator opens any company without a membership row: deleting the company must reach it too.
    const operator = await createUser(h, { globalRole: 'super-admin' });
    await warm(h.app, operator, companyRoute(company.id));
    await db.delete(companies).where(eq(companies.id, company.id));
    expect(await status(h.app, operator, companyRoute(company.id))).toBe(404);
  });

  it('keeps nothing with SESSION_CACHE=off', async () => {
    const app = await buildApp({ database: h.database, logLevel: 'silent', sessionCache: false });
    try {
      const user = await createUser(h);
      expect(app.sessionCache).toBeNull();
      expect(await status(app, user, ME)).toBe(200);
      expect((await call(app, user, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      expect(await status(app, user, ME)).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('session cache across instances', () => {
  let second: { app: FastifyInstance; database: Database } | undefined;
  /** Instance B: its own app, pool and listener, on instance A's PostgreSQL database. */
  async function instanceB() {
    if (!second) {
      const database = await openPostgres(h.database.url!, { poolSize: 4 });
      const app = await buildApp({ database, logLevel: 'silent' });
      await app.ready();
      second = { app, database };
    }
    return second.app;
  }
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  /** A connection of neither instance, as an administrator's psql would be. */
  async function asAdministrator(statement: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: h.database.url! });
    await client.connect();
    try {
      await client.query(statement, values);
    } finally {
      await client.end();
    }
  }

  it.skipIf(!onPostgres)(
    'a logout on instance A ends the token on instance B within one second (needs PostgreSQL: two instances share one database)',
    async () => {
      const b = await instanceB();
      const user = await createUser(h);
      await warm(h.app, user, ME);
      await warm(b, user, ME);
      expect((await call(h.app, user, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      expect(await status(h.app, user, ME)).toBe(401);
      const ms = await until(b, user, ME, 401, 1_000);
      expect(ms).toBeLessThan(1_000);
      expect(await status(b, user, ME)).toBe(401);
    },
  );

  it.skipIf(!onPostgres)(
    'a change made outside both instances (a disabled user, a lowered role) reaches both within one second (needs PostgreSQL: two instances share one database)',
    async () => {
      const b = await instanceB();
      const company = await createCompany(h.database);
      const disabled = await createUser(h, { company, role: 'admin' });
      const lowered = await createUser(h, { company, role: 'admin' });
      for (const app of [h.app, b]) {
        await warm(app, disabled, ME);
        await warm(app, lowered, adminRoute(company.id));
      }
      await asAdministrator(`UPDATE users SET status = 'disabled' WHERE id = $1`, [disabled.id]);
      await asAdministrator(`UPDATE company_users SET role = 'user' WHERE user_id = $1`, [lowered.id]);
      for (const app of [h.app, b]) {
        expect(await until(app, disabled, ME, 401)).toBeLessThan(1_000);
        expect(await until(app, lowered, adminRoute(company.id), 403)).toBeLessThan(1_000);
      }
    },
  );

  it.skipIf(!onPostgres)(
    'with its listener connection lost, an instance answers from the database only, and starts empty once back (needs PostgreSQL: two instances share one database)',
    async () => {
      const b = await instanceB();
      const cache = b.sessionCache!;
      const user = await createUser(h);
      await warm(b, user, ME);
      expect(cache.size).toBeGreaterThan(0);
      // Both instances' listeners are ended by the server (a restart, a failover, an administrator).
      await asAdministrator(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'rentloop-auth-listener'`,
        [],
      );
      const start = performance.now();
      // (Its lease may lapse a moment before the connection's error arrives and empties it.)
      while ((cache.live || cache.size > 0) && performance.now() - start < 1_000)
        await new Promise((r) => setTimeout(r, 5));
      expect(cache.live).toBe(false);
      expect(cache.size).toBe(0);
      // Meanwhile every request is checked in the database: a revocation made now is obeyed at once.
      const other = await createUser(h);
      expect(await status(b, other, ME)).toBe(200);
      const hits = cache.stats.hits;
      await asAdministrator(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [other.id]);
      expect(await status(b, other, ME)).toBe(401);
      expect(cache.stats.hits).toBe(hits);
      // It reconnects (backoff from 100 ms) and serves again, from an empty cache.
      while (!cache.live && performance.now() - start < 5_000) await new Promise((r) => setTimeout(r, 10));
      expect(cache.live).toBe(true);
      await warm(b, user, ME);
    },
  );
});
