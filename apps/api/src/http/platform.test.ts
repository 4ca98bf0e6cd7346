import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../testing/harness.ts';
import { requireAccessRules } from './access.ts';

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
      expect(op.responses, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses ?? {}), `${method} ${path}`).not.toHaveLength(0);
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

  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify();
    requireAccessRules(app);
    expect(() => app.get('/api/open', async () => 'x')).toThrow(/declares no access rule/);
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
