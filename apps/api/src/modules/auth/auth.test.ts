import { TOKEN_LIFETIME_SECONDS } from '@rentloop/domain/auth';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { historyLogs, sessions } from '../../db/schema/index.ts';
import { testPlatformCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, TEST_PASSWORD, useHarness } from '../../testing/harness.ts';
import { purgeExpiredSessions } from './service.ts';

const h = useHarness();

describe('POST /api/auth/login', () => {
  it('signs in with a trimmed, case-insensitive email and returns bearer tokens', async () => {
    const user = await createUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data).toMatchObject({ token_type: 'bearer', expires_in: TOKEN_LIFETIME_SECONDS });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.refresh_token).not.toBe(body.data.access_token);
  });

  it('refuses a wrong password with 401 and the catalogue message', async () => {
    const user = await createUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'unauthenticated' });
  });

  it('refuses an unknown email exactly like a wrong password', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'whatever' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 naming the field for a malformed email', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope', password: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Email must be valid.']);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'bad_request' });
  });

  it('stores only hashes of the tokens', async () => {
    const user = await createUser(h);
    const rows = await h.database.primary.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.access_hash).not.toContain(user.token);
    expect(rows[0]!.access_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('GET /api/auth/me', () => {
  it('gives the user with their companies, roles and flags', async () => {
    const company = await createCompany(h.database, { name: 'Maple Rentals' });
    const user = await createUser(h, { company, role: 'admin' });
    const res = await call(h.app, user, { method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me.email).toBe(user.email);
    expect(me).not.toHaveProperty('password_hash');
    expect(me.companies).toEqual([
      expect.objectContaining({
        id: company.id,
        name: 'Maple Rentals',
        role: 'admin',
        hasCompanyAccess: true,
        hasAccess: true,
        isOwner: false,
        isAdmin: true,
        isSuper: false,
        isSupport: false,
      }),
    ]);
    expect(me.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('lists every company for an operator, flagged isSupport', async () => {
    const a = await createCompany(h.database);
    const b = await createCompany(h.database);
    const operator = await createUser(h, { globalRole: 'support-user' });
    const res = await call(h.app, operator, { method: 'GET', url: '/api/auth/me' });
    const ids = res.json().data.companies.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(res.json().data.companies[0]).toMatchObject({
      isSupport: true,
      hasAccess: true,
      hasCompanyAccess: false,
    });
  });

  it('answers 401 without a token and with a made-up token', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer abc' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('answers 401 once the access token has expired', async () => {
    const user = await createUser(h);
    await h.database.primary
      .update(sessions)
      .set({ access_expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.user_id, user.id));
    expect((await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout and /api/auth/refresh', () => {
  it('revokes the session: the token no longer works', async () => {
    const user = await createUser(h);
    const out = await call(h.app, user, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('rotates tokens: the new access token works, the old refresh token stops working', async () => {
    const user = await createUser(h);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const { refresh_token, access_token } = login.json().data;
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data;
    expect(fresh.access_token).not.toBe(access_token);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${fresh.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    const old = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(old.statusCode).toBe(401);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token },
    });
    expect(again.statusCode).toBe(401);
  });

  it('ends every session of the sign-in when a rotated refresh token comes back (it was copied)', async () => {
    const user = await createUser(h);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const first = login.json().data;
    const rotate = (refresh_token: string) =>
      h.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
    const second = (await rotate(first.refresh_token)).json().data;
    const third = (await rotate(second.refresh_token)).json().data;
    const me = (token: string) =>
      h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(third.access_token)).statusCode).toBe(200);

    // The first refresh token, rotated away twice, is presented again: refused, and the family ends.
    expect((await rotate(first.refresh_token)).statusCode).toBe(401);
    expect((await me(third.access_token)).statusCode).toBe(401);
    expect((await rotate(third.refresh_token)).statusCode).toBe(401);
    // The user's other sign-in (another family) is not touched.
    expect((await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const [event] = await h.database.primary
      .select()
      .from(historyLogs)
      .where(and(eq(historyLogs.user_id, user.id), eq(historyLogs.action, 'refresh_reused')));
    expect(event).toMatchObject({ entity_type: 'auth', after: { sessions_ended: 1 } });
  });

  it('refuses a refresh with a missing token (422) or a revoked session (401)', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} })).statusCode).toBe(
      422,
    );
    const user = await createUser(h);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const { refresh_token, access_token } = login.json().data;
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${access_token}` },
    });
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
    expect(res.statusCode).toBe(401);
  });
});

describe('purgeExpiredSessions (the nightly job)', () => {
  it('deletes sessions whose refresh token expired and keeps live ones', async () => {
    const stale = await createUser(h);
    const live = await createUser(h);
    await h.database.primary
      .update(sessions)
      .set({ refresh_expires_at: sql`now() - interval '1 minute'` })
      .where(eq(sessions.user_id, stale.id));
    const removed = await purgeExpiredSessions(testPlatformCtx(h.database.primary));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await h.database.primary.select().from(sessions).where(eq(sessions.user_id, stale.id));
    expect(left).toHaveLength(0);
    expect((await call(h.app, live, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});
