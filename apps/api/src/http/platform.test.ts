import { sql } from 'drizzle-orm';
import Fastify, { type InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { call, createCompany, createUser, customerBody, useHarness } from '../testing/harness.ts';
import { access, requireAccessRules } from './access.ts';
import { registerErrorHandler } from './errors.ts';

const h = useHarness();

describe('platform conventions', () => {
  it('GET /api/health checks the database', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'ok', data: { database: h.database.kind } });
  });

  it('serves an OpenAPI 3.1 document with request and response schemas for every API route', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { responses?: object }>>,
    ).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/auth/me',
        'GET /read-replica/{company}/rentloopdb/customers',
        'PUT /api/{company}/rentloopdb/customers/{id}',
      ]),
    );
    for (const { path, method, op } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      const responses = (op.responses ?? {}) as Record<
        string,
        { content?: Record<string, { schema?: Record<string, unknown> }> }
      >;
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, `${name}: a 2xx response`).toBeGreaterThan(0);
      for (const [status, response] of success) {
        const content = Object.values(response.content ?? {});
        expect(content.length, `${name} ${status}: a content type`).toBeGreaterThan(0);
        for (const media of content) {
          expect(media.schema, `${name} ${status}: a schema`).toBeDefined();
          expect(
            Object.keys(media.schema ?? {}).length,
            `${name} ${status}: a non-empty schema`,
          ).toBeGreaterThan(0);
        }
      }
    }
  });

  it('puts a request id on every response and keeps a well-formed incoming one', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
    const fresh = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a JSON 404 envelope', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'not_found' });
  });

  it('sends security headers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Plain http on a LAN address must keep working: no forced upgrade to https.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: https:");
  });

  it('refuses cross-origin requests when no origin is configured', async () => {
    const res = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows a configured origin, and only that one', async () => {
    const app = await buildApp({
      database: h.database,
      logLevel: 'silent',
      corsOrigins: ['https://shop.example'],
    });
    try {
      const preflight = (origin: string) =>
        app.inject({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      const allowed = await preflight('https://shop.example');
      expect(allowed.statusCode).toBeLessThan(300);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(String(allowed.headers['access-control-allow-methods'])).toContain('POST');
      const simple = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://shop.example' },
      });
      expect(simple.headers['access-control-allow-origin']).toBe('https://shop.example');
      const other = await preflight('https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('limits sign-in attempts per IP address: 429 with Retry-After and a clear message', async () => {
    const app = await buildApp({ database: h.database, logLevel: 'silent', authRateLimitPerMinute: 2 });
    try {
      const attempt = (remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email: `nobody-${remoteAddress}@example.test`, password: 'wrong password' },
        });
      expect((await attempt('10.1.1.1')).statusCode).toBe(401);
      expect((await attempt('10.1.1.1')).statusCode).toBe(401);
      const limited = await attempt('10.1.1.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ status: false, code: 'rate_limited' });
      // The wait left in words: a minute, less the time the attempts took ("58 seconds" on a busy machine).
      expect(limited.json().message).toMatch(
        /^Too many requests from this address\. Please try again in (1 minute|\d{1,2} seconds)\.$/,
      );
      // Another address is not affected.
      expect((await attempt('10.1.1.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('never answers 500 to junk input', async () => {
    const junk = [
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: '[]',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: 'x=1',
        headers: { 'content-type': 'text/plain' },
      },
      { method: 'GET' as const, url: '/read-replica/1/rentloopdb/customers?page=-1', headers: {} },
      {
        method: 'GET' as const,
        url: `/api/companies/${'9'.repeat(40)}`,
        headers: { authorization: 'Bearer x' },
      },
      { method: 'GET' as const, url: '/api/auth/me', headers: { authorization: 'Basic abc' } },
      {
        method: 'POST' as const,
        url: '/api/auth/refresh',
        payload: '{"refresh_token": 5}',
        headers: { 'content-type': 'application/json' },
      },
    ];
    for (const req of junk) {
      const res = await h.app.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBeLessThan(500);
      expect(res.json().status).toBe(false);
    }
  });

  it('answers 422 naming the field to a NUL character or a year-0000 date, never 500', async () => {
    const company = await createCompany(h.database);
    const operator = await createUser(h, { globalRole: 'super-admin' });
    const admin = await createUser(h, { company, role: 'admin' });
    const filters = (f: object) => `filters=${encodeURIComponent(JSON.stringify(f))}`;
    const cases: { user: typeof admin; req: InjectOptions; field: string }[] = [
      { user: admin, req: { method: 'GET', url: '/api/companies?search=%00' }, field: 'search' },
      { user: operator, req: { method: 'GET', url: '/api/companies?search=a%00b' }, field: 'search' },
      {
        user: admin,
        req: { method: 'GET', url: `/read-replica/${company.id}/rentloopdb/customers?search=%00` },
        field: 'search',
      },
      { user: operator, req: { method: 'GET', url: '/api/auth/users?search=%00' }, field: 'search' },
      {
        user: admin,
        req: { method: 'GET', url: `/api/${company.id}/utils/history-logs?search=x%00` },
        field: 'search',
      },
      {
        user: admin,
        req: { method: 'PUT', url: `/api/auth/users/${admin.id}`, payload: { name: 'X\u0000' } },
        field: 'name',
      },
      {
        user: admin,
        req: {
          method: 'POST',
          url: `/api/${company.id}/rentloopdb/customers`,
          payload: customerBody({ name: 'X\u0000' }),
        },
        field: 'name',
      },
      {
        user: admin,
        req: {
          method: 'POST',
          url: `/api/${company.id}/rentloopdb/customers`,
          payload: customerBody({
            billing_address: { ...customerBody().billing_address, city: 'Toronto\u0000' },
          }),
        },
        field: 'billing_address.city',
      },
      {
        user: admin,
        req: {
          method: 'GET',
          url: `/read-replica/${company.id}/rentloopdb/customers?${filters({ created_from: '0000-01-01' })}`,
        },
        field: 'filters.created_from',
      },
      {
        user: admin,
        req: {
          method: 'GET',
          url: `/read-replica/${company.id}/rentloopdb/customers?${filters({ country: 'c\u0000' })}`,
        },
        field: 'filters.country',
      },
      {
        user: admin,
        req: {
          method: 'GET',
          url: `/api/${company.id}/utils/history-logs?${filters({ date_from: '0000-01-01' })}`,
        },
        field: 'filters.date_from',
      },
      {
        user: admin,
        req: {
          method: 'GET',
          url: `/api/${company.id}/utils/history-logs?${filters({ entity: 'customers\u0000' })}`,
        },
        field: 'filters.entity',
      },
      {
        user: operator,
        req: { method: 'GET', url: `/api/auth/users?${filters({ role: 'x\u0000' })}` },
        field: 'filters.role',
      },
      {
        user: operator,
        req: { method: 'POST', url: '/api/companies', payload: { name: 'Acme\u0000' } },
        field: 'name',
      },
    ];
    for (const { user, req, field } of cases) {
      const res = await call(h.app, user, req);
      const name = `${req.method} ${req.url} ${JSON.stringify(req.payload ?? '')}`;
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors, name).toHaveProperty([field]);
    }
  });

  it('answers 422, not 500, when the database refuses a value as data (SQLSTATE class 22)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/text', async () => h.database.primary.execute(sql`select ${'a\u0000b'}::text`));
    app.get('/date', async () => h.database.primary.execute(sql`select ${'0000-01-01'}::date`));
    app.get('/json', async () => h.database.primary.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`));
    app.get('/bug', async () => h.database.primary.execute(sql`select nope from nowhere`));
    for (const url of ['/text', '/date', '/json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toMatchObject({
        status: false,
        code: 'validation',
        errors: { request: [expect.any(String)] },
      });
    }
    // Any other database error stays a 500: only data exceptions are the client's fault.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });

  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify();
    requireAccessRules(app);
    expect(() => app.get('/api/open', async () => 'x')).toThrow(/declares no access rule/);
  });

  it('refuses to register a /read-replica route for anything but GET', async () => {
    const app = Fastify();
    requireAccessRules(app);
    const config = { access: access.company('user') };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(() =>
        app.route({
          method,
          url: `/read-replica/:company/rentloopdb/x${method}`,
          config,
          handler: async () => 'x',
        }),
      ).toThrow(/read-replica.*GET/i);
    }
    expect(() =>
      app.route({
        method: ['GET', 'POST'],
        url: '/read-replica/:company/rentloopdb/both',
        config,
        handler: async () => 'x',
      }),
    ).toThrow(/read-replica.*GET/i);
    // GET (with the HEAD Fastify adds) is what the replica is for.
    expect(() => app.get('/read-replica/:company/rentloopdb/ok', { config }, async () => 'x')).not.toThrow();
    await app.ready();
    await app.close();
  });

  it('records every API route of the real app with its access rule', () => {
    const entries = h.app.routeTable.map((r) => `${r.method} ${r.url} ${r.access.kind}`);
    expect(entries).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login public',
        'GET /api/auth/me signed-in',
        'GET /read-replica/:company/rentloopdb/customers company',
        'PUT /api/:company/rentloopdb/customers/:id company',
      ]),
    );
  });
});
