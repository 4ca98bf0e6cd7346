/**
 * The address guard for webhooks: without ALLOW_PRIVATE_SHOP_URLS nothing of the server's own network,
 * loopback in any spelling, the metadata service or 0.0.0.0 is called, nor a name resolving to one, nor
 * a redirect to one. A listener counts connections: "refused" means none was opened.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../integrations/address-guard.ts';
import { sendOnce } from './sender.ts';

let listener: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => listener.close(resolve)));

const refused = 'The address is on a private, local or reserved network, which webhooks may not call.';

describe('webhook sender and the address guard', () => {
  it.each([
    `http://127.0.0.1:PORT/`,
    `http://[::ffff:127.0.0.1]:PORT/`,
    `http://[::ffff:7f00:1]:PORT/`,
    `http://2130706433:PORT/`,
    `http://0177.0.0.1:PORT/`,
    `http://0x7f.1:PORT/`,
    `http://0.0.0.0:PORT/`,
    `http://[::1]:PORT/`,
    `http://169.254.169.254/latest/meta-data`,
    `http://10.0.0.1:PORT/`,
  ])('refuses %s without connecting', async (raw) => {
    const before = connections;
    const out = await sendOnce(raw.replace('PORT', String(port)), {}, '{}', { allowPrivate: false });
    expect(out).toMatchObject({ succeeded: false, statusCode: null, error: refused });
    expect(connections).toBe(before);
  });

  it('refuses a name that resolves to loopback (checked at connect, after DNS)', async () => {
    const resolve: Resolver = async () => ['127.0.0.1'];
    const before = connections;
    const out = await sendOnce(`http://hooks.example.com:${port}/`, {}, '{}', {
      allowPrivate: false,
      resolve,
    });
    expect(out.error).toBe(refused);
    expect(connections).toBe(before);
  });

  it('refuses a redirect to loopback or the metadata address, even with private networks allowed', async () => {
    const hops: string[] = [];
    const redirecting = (to: string) => async (url: URL) => {
      hops.push(url.href);
      return new Response(null, { status: 307, headers: { location: to } });
    };
    const toLoopback = await sendOnce('https://hooks.example.com/h', {}, '{}', {
      allowPrivate: false,
      fetch: redirecting(`http://127.0.0.1:${port}/`),
    });
    expect(toLoopback.error).toBe(refused);
    const toMetadata = await sendOnce('https://hooks.example.com/h', {}, '{}', {
      allowPrivate: true,
      fetch: redirecting('http://[::ffff:a9fe:a9fe]/latest'),
    });
    expect(toMetadata.error).toBe(refused);
    expect(hops).toEqual(['https://hooks.example.com/h', 'https://hooks.example.com/h']);
  });

  it('a refused connection and a time-out are failed attempts with a reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const out = await sendOnce(`http://127.0.0.1:${closedPort}/`, {}, '{}', { allowPrivate: true });
    expect(out).toMatchObject({ succeeded: false, error: 'Connection refused.' });
    const slow = await sendOnce('https://hooks.example.com/', {}, '{}', {
      allowPrivate: false,
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    expect(slow.error).toBe('No answer within 10 s.');
  });
});
