/**
 * The guard at connect time: the address checked is the address dialled. A raw TCP listener on
 * loopback counts connections, so "refused" means no connection was ever opened, not an error after.
 * DNS is injected (this machine has no internet): a name stands for whatever the test says.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AddressRefusedError, type Resolver } from './address-guard.ts';
import { createGuardedFetch } from './guarded-fetch.ts';
import { createShopHttp } from './shops/http.ts';
import { type FakeServer, startFakeServer } from './shops/testing/fake-server.ts';
import { ShopError } from './shops/types.ts';

let listener: Server;
let port: number;
let connections = 0;
let shop: FakeServer;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
  shop = await startFakeServer((req, origin) => {
    // `connection: close`, so the next hop needs a new connection, and a new lookup.
    if (req.path === '/moved')
      return { status: 301, headers: { location: `${origin}/here`, connection: 'close' } };
    return { status: 200, body: { from: 'shop' } };
  });
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await shop?.close();
});

/** A resolver whose answers the test changes as it goes (DNS rebinding), counting its lookups. */
function dns(initial: Record<string, string[]>) {
  const answers = { ...initial };
  const resolve: Resolver & { calls: number } = Object.assign(
    async (host: string) => {
      resolve.calls += 1;
      return answers[host] ?? [];
    },
    { calls: 0 },
  );
  return { resolve, set: (host: string, addresses: string[]) => (answers[host] = addresses) };
}

const GET = { method: 'GET', headers: {} };

const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AddressRefusedError);
  return err as AddressRefusedError;
};

describe('guarded fetch', () => {
  it('never connects to loopback written as an IP literal, in any of the forms the probe used', async () => {
    const guarded = createGuardedFetch({ allowPrivate: false });
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[0:0:0:0:0:ffff:7f00:1]', '[::ffff:7f00:1]']) {
      await refusal(guarded(new URL(`http://${host}:${port}/`), GET));
    }
    expect(connections).toBe(0);
  });

  it('checks the address the name resolves to when connecting, not when it was saved', async () => {
    const { resolve, set } = dns({ 'rebind.test': ['93.184.216.34'] });
    // Saved while public; now the name points at the loopback listener.
    set('rebind.test', ['127.0.0.1']);
    const guarded = createGuardedFetch({ allowPrivate: false, resolve });
    const err = await refusal(guarded(new URL(`https://rebind.test:${port}/`), GET));
    expect(err.address).toMatchObject({ range: 'loopback', address: '127.0.0.1' });
    expect(resolve.calls).toBe(1);
    expect(connections).toBe(0);
  });

  it('with ALLOW_PRIVATE_SHOP_URLS reaches a shop on loopback by name, decoding a gzip body', async () => {
    const { resolve } = dns({ 'lan-shop.test': ['127.0.0.1'] });
    const gz = createHttpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ host: req.headers.host })));
    });
    await new Promise<void>((done) => gz.listen(0, '127.0.0.1', done));
    try {
      const guarded = createGuardedFetch({ allowPrivate: true, resolve });
      const gzPort = (gz.address() as { port: number }).port;
      const res = await guarded(new URL(`http://lan-shop.test:${gzPort}/`), GET);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ host: `lan-shop.test:${gzPort}` });
      expect(resolve.calls).toBe(1);
    } finally {
      gz.closeAllConnections();
      await new Promise((done) => gz.close(done));
    }
  });
});

describe('shop HTTP client through the guard', () => {
  const schema = z.object({ from: z.string() });
  const client = (url: string, resolve: Resolver, allowPrivateAddresses: boolean) =>
    createShopHttp({
      url,
      headers: {},
      unauthorizedMessage: 'Refused.',
      options: { timeoutMs: 5_000, retryDelayMs: 5, allowPrivateAddresses, resolve },
    });

  it('refuses a sync whose shop name now resolves to loopback, with a message for the merchant', async () => {
    const { resolve } = dns({ 'rebind.test': ['127.0.0.1'] });
    const url = `https://rebind.test:${port}`;
    const err = await client(url, resolve, false)
      .getJson('/wp-json/wc/v3/data/currencies/current', schema)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect(err).toMatchObject({
      kind: 'unreachable',
      message: `The shop at ${url} now points to an address Rentloop does not call (a private, local or reserved network). Check the shop address in Settings.`,
    });
    expect(connections).toBe(0);
  });

  it('checks every redirect hop again: a same-origin redirect to a name now on a refused address stops', async () => {
    // The first lookup finds the LAN shop; by the redirect's new connection the name points at the
    // cloud metadata address (refused even with ALLOW_PRIVATE_SHOP_URLS).
    const answers = [['127.0.0.1'], ['169.254.169.254']];
    let calls = 0;
    const resolve: Resolver = async () => answers[Math.min(calls++, 1)]!;
    const before = shop.requests.length;
    const err = await client(shop.url.replace('127.0.0.1', 'lan-shop.test'), resolve, true)
      .getJson('/moved', schema)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect((err as ShopError).message).toMatch(/now points to an address Rentloop does not call/);
    expect(shop.requests.slice(before).map((r) => r.path)).toEqual(['/moved']);
    expect(calls).toBe(2);
  });
});
