import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createShopHttp, mapLimit, retryAfterMs } from './http.ts';
import { createShopAdapter } from './index.ts';
import { type FakeServer, startFakeServer } from './testing/fake-server.ts';
import { type ShopConnection, ShopError } from './types.ts';

let server: FakeServer;
let other: FakeServer;

beforeAll(async () => {
  other = await startFakeServer(() => ({ status: 200, body: { from: 'other' } }));
  server = await startFakeServer((req, origin) => {
    if (req.path === '/moved') return { status: 301, headers: { location: `${origin}/here` } };
    if (req.path === '/relative') return { status: 302, headers: { location: 'here' } };
    if (req.path === '/away') return { status: 302, headers: { location: `${other.url}/here` } };
    if (req.path === '/here' || req.path === '/shop/here') return { status: 200, body: { from: 'shop' } };
    if (req.path === '/forbidden') return { status: 403, body: { message: 'no' } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(async () => {
  await server?.close();
  await other?.close();
});

const schema = z.object({ from: z.string() });
const client = (url = server.url, timeoutMs = 5_000) =>
  createShopHttp({
    url,
    headers: {},
    unauthorizedMessage: 'Refused.',
    options: { timeoutMs, retryDelayMs: 5, allowPrivateAddresses: true },
  });

const failure = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ShopError);
  return err as ShopError;
};

describe('shop HTTP client', () => {
  it('follows redirects within the shop’s origin, absolute or relative', async () => {
    expect((await client().getJson('/moved', schema)).data).toEqual({ from: 'shop' });
    expect((await client().getJson('/relative', schema)).data).toEqual({ from: 'shop' });
  });

  it('keeps a path in the shop URL (a shop in a subfolder)', async () => {
    expect((await client(`${server.url}/shop/`).getJson('/here', schema)).data).toEqual({ from: 'shop' });
  });

  it('never follows a redirect to another host', async () => {
    const before = other.requests.length;
    const err = await failure(client().getJson('/away', schema));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toBe(
      `The shop at ${server.url} sent us to another address (${other.url}). Enter the shop's own address in Settings.`,
    );
    expect(other.requests.length).toBe(before);
  });

  it('turns 401/403 into unauthorized and 404 into a hint to check the address', async () => {
    expect(await failure(client().getJson('/forbidden', schema))).toMatchObject({
      kind: 'unauthorized',
      message: 'Refused.',
    });
    expect(await failure(client().getJson('/nothing', schema))).toMatchObject({
      kind: 'bad_response',
      message: `The shop at ${server.url} has no API at /nothing (HTTP 404). Check the shop address in Settings.`,
    });
  });

  it('gives up on a shop that does not answer within the timeout', async () => {
    const release = server.hold();
    try {
      const started = Date.now();
      const err = await failure(client(server.url, 300).getJson('/here', schema));
      expect(err.kind).toBe('unreachable');
      expect(err.message).toBe(
        `Could not reach the shop at ${server.url}. It did not answer within 1 second.`,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      release();
    }
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    const release = server.hold();
    try {
      const controller = new AbortController();
      const pending = client().getJson('/here', schema, { signal: controller.signal });
      controller.abort(new Error('sync cancelled'));
      await expect(pending).rejects.toThrow('sync cancelled');
    } finally {
      release();
    }
  });

  it('refuses a shop URL that is not http(s)', () => {
    expect(() => client('ftp://shop.test')).toThrow(ShopError);
    expect(() => client('not a url')).toThrow('is not a valid URL');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('1.5')).toBe(1500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it('runs at most `limit` calls at once and keeps the order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setImmediate(r));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});

describe('createShopAdapter', () => {
  it('refuses a platform without an adapter', () => {
    const connection = {
      shop_system: 'magento',
      url: 'https://m.test',
      credentials: {},
    } as unknown as ShopConnection;
    expect(() => createShopAdapter(connection)).toThrow(
      expect.objectContaining({
        kind: 'not_supported',
        message: 'Product sync for magento is not available yet.',
      }),
    );
  });
});
