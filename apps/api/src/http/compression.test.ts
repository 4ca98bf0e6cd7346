/**
 * Compression: the web app's precompressed files are sent as built (brotli or gzip, whichever the
 * browser accepts, never compressed twice), API answers are compressed per request above 1 KB, and a
 * client that accepts no encoding gets every answer as it is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';

let t: TestDatabase;
let dist: string;
let app: Awaited<ReturnType<typeof buildApp>>;

const HTML = `<!doctype html><title>Rentloop</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** Writes a file with its .br and .gz copies, as apps/web's build does. */
function writeWithCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  t = await createTestDatabase();
  dist = mkdtempSync(join(tmpdir(), 'rentloop-dist-'));
  writeWithCopies(join(dist, 'index.html'), HTML);
  mkdirSync(join(dist, 'assets'));
  writeWithCopies(join(dist, 'assets', 'index-B5xq3zUe.js'), SCRIPT);
  // A file the build did not compress (a source map).
  writeFileSync(
    join(dist, 'assets', 'index-B5xq3zUe.js.map'),
    JSON.stringify({ mappings: 'A'.repeat(4000) }),
  );
  app = await buildApp({ database: t.database, logLevel: 'silent', webDistDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.drop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the web app, precompressed', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-B5xq3zUe.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/index-B5xq3zUe.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-B5xq3zUe.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses index.html, the SPA fallback included, and keeps it uncached', async () => {
    for (const url of ['/index.html', '/', '/cms/customers/12']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
  });

  it('gives the copies no URL of their own', async () => {
    const res = await get('/assets/index-B5xq3zUe.js.br');
    expect(res.statusCode).toBe(404);
  });

  it('compresses a file the build did not compress once, on the way', async () => {
    const res = await get('/assets/index-B5xq3zUe.js.map', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('mappings');
  });
});

describe('API answers', () => {
  it('are compressed above 1 KB for a client that accepts it, brotli first', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('/api/docs/json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('are sent as they are below 1 KB, errors included', async () => {
    const health = await get('/api/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: true });
    const missing = await get('/api/missing', 'gzip, br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, code: 'not_found' });
    const unauthorized = await get('/api/auth/me', 'gzip, br');
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json()).toMatchObject({ status: false });
  });

  it('leave a compressed request body alone (it is refused, never inflated)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.c', password: 'x' })),
    });
    // Inflated, it would be a sign-in with a wrong password (401); as it is, it is not JSON.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'bad_request' });
  });
});
