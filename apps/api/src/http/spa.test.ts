/** The API serves the built web app: client-side routes get index.html, API paths keep their JSON 404. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';

let t: TestDatabase;
let dist: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  dist = mkdtempSync(join(tmpdir(), 'rentloop-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rentloop</title><div id="root"></div>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-B5xq3zUe.js'), 'console.log(2)');
  app = await buildApp({ database: t.database, logLevel: 'silent', webDistDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.drop();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('starts with a built web app and answers client routes with index.html', async () => {
    for (const url of ['/', '/cms/customers/12', '/auth/login?next=x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers HEAD on client routes as GET does, without the body (monitors and link checkers send HEAD)', async () => {
    for (const url of ['/', '/cms/customers/12']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe('no-cache');
      expect(head.body, url).toBe('');
    }
    const api = await app.inject({ method: 'HEAD', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
  });

  it('serves static files and keeps JSON 404s for API paths', async () => {
    expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toContain('console.log');
    const api = await app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: false, code: 'not_found' });
    const replica = await app.inject({ method: 'GET', url: '/read-replica/x' });
    expect(replica.json().code).toBe('not_found');
  });

  it('answers 404, not the app, for a missing file: a stale browser then reloads cleanly', async () => {
    for (const url of ['/assets/missing-chunk-abc.js', '/assets/index-B5xq3zUe.css', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: false, code: 'not_found' });
    }
  });

  it('caches hashed assets for a year and makes the browser revalidate index.html', async () => {
    const cacheOf = async (url: string) =>
      (await app.inject({ method: 'GET', url })).headers['cache-control'];
    expect(await cacheOf('/assets/index-B5xq3zUe.js')).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/cms/customers/12', '/index.html', '/favicon.svg', '/app.js']) {
      expect(await cacheOf(url), url).toBe('no-cache');
    }
  });
});
