/**
 * Shop addresses through the outbound-address guard, at save time (the settings route) and at sync
 * time (the address dialled). Covers every form of the security probe's finding (issue 10, finding 1)
 * and ALLOW_PRIVATE_SHOP_URLS. DNS is injected where a name matters: this machine has no internet.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { SHOP_URL_HTTPS_PUBLIC } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../../context.ts';
import { productSyncs } from '../../db/schema/index.ts';
import type { Resolver } from '../../integrations/address-guard.ts';
import { createSecrets } from '../../integrations/secrets.ts';
import type { ShopAdapterOptions } from '../../integrations/shops/index.ts';
import { FakeCatalog } from '../../integrations/shops/testing/catalog.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  WOO_KEY,
  WOO_SECRET,
} from '../../integrations/shops/testing/fake-woocommerce.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { runProductSync } from '../catalog/sync.ts';
import { saveShopSettings } from './shop.ts';

// The app as deployed by default: ALLOW_PRIVATE_SHOP_URLS off.
const h = useHarness({ allowPrivateShopUrls: false });
let lanApp: FastifyInstance;
let admin: TestUser;
let cid: number;
let listener: Server;
let listenerPort: number;
let connections = 0;
let woo: FakeWooCommerce;
const secrets = createSecrets(randomBytes(32));
const quietLog = { info: () => {}, error: () => {} };
const credentials = { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET };

beforeAll(async () => {
  const { buildApp } = await import('../../app.ts');
  lanApp = await buildApp({ database: h.database, logLevel: 'silent', allowPrivateShopUrls: true });
  const company = await createCompany(h.database, { name: 'Guarded Rentals', currency: 'EUR' });
  cid = company.id;
  admin = await createUser(h, { company, role: 'admin' });
  // A loopback listener that only counts connections: "refused" must mean it never saw one.
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as { port: number }).port;
  woo = await startFakeWooCommerce(new FakeCatalog(12, { currency: 'EUR' }));
});
afterAll(async () => {
  await lanApp?.close();
  await new Promise((resolve) => listener?.close(resolve));
  await woo?.close();
});

const save = (app: FastifyInstance, url: string) =>
  call(app, admin, {
    method: 'PUT',
    url: `/api/companies/${cid}/settings/shop_system`,
    payload: { shop_system: 'woocommerce', url, credentials },
  });

describe('saving a shop address', () => {
  it.each([
    'https://[::ffff:127.0.0.1]:8443/',
    'https://[::ffff:7f00:1]/',
    'https://[0:0:0:0:0:ffff:7f00:1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://192.0.2.2/',
    'https://198.18.0.1/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[::7f00:1]/',
    'https://[::127.0.0.1]/',
    'https://169.254.169.254/',
    'https://localhost/',
  ])('refuses %s with a 422 on url', async (url) => {
    const res = await save(h.app, url);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ url: [MESSAGES.addressNotPublic] });
  });

  it('accepts public addresses', async () => {
    expect((await save(h.app, 'https://93.184.216.34/')).statusCode).toBe(200);
    const v6 = await save(h.app, 'https://[2606:4700::1111]/');
    expect(v6.statusCode, v6.body).toBe(200);
    expect(v6.json().message).toBe('Shop settings saved.');
  });

  it('with ALLOW_PRIVATE_SHOP_URLS accepts the merchant’s network, never metadata or special ranges', async () => {
    expect((await save(lanApp, 'http://[::ffff:127.0.0.1]:8080/')).statusCode).toBe(200);
    expect((await save(lanApp, 'https://10.0.0.8/')).statusCode).toBe(200);
    for (const url of [
      'https://169.254.169.254/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://192.0.2.2/',
      'https://[2002:7f00:1::]/',
      'http://0.0.0.0:8080/',
    ]) {
      const res = await save(lanApp, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ url: [MESSAGES.addressSpecialPurpose] });
    }
    expect((await save(lanApp, 'http://93.184.216.34/')).json().errors).toEqual({
      url: [SHOP_URL_HTTPS_PUBLIC],
    });
  });

  it('names a host that cannot be resolved; with ALLOW_PRIVATE_SHOP_URLS leaves it to connect time', async () => {
    const resolve: Resolver = () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }));
    const input = { shop_system: 'woocommerce' as const, url: 'https://gone.test/', credentials };
    await expect(
      saveShopSettings(testCtx(h.database.primary, cid, { deps: { secrets } }), input, { resolve }),
    ).rejects.toMatchObject({
      errors: { url: [MESSAGES.hostNotFound('gone.test')] },
    });
    const lan = { allowPrivateUrls: true, resolve };
    await expect(
      saveShopSettings(testCtx(h.database.primary, cid, { deps: { secrets } }), input, lan),
    ).resolves.toMatchObject({
      url: 'https://gone.test',
    });
    // Plain http needs a host shown to be on the merchant's network.
    await expect(
      saveShopSettings(
        testCtx(h.database.primary, cid, { deps: { secrets } }),
        { ...input, url: 'http://gone.test/' },
        lan,
      ),
    ).rejects.toMatchObject({ errors: { url: [SHOP_URL_HTTPS_PUBLIC] } });
  });
});

describe('syncing from the address actually dialled', () => {
  /** DNS the test changes as it goes. */
  const answers: Record<string, string[]> = {};
  const resolve: Resolver = async (host) => answers[host] ?? [];

  const queueSync = async () => {
    const [row] = await h.database.primary
      .insert(productSyncs)
      .values({ company_id: cid, shop_system: 'woocommerce', status: 'queued' })
      .returning();
    return row!.id;
  };
  /** Runs a queued sync here (not by a worker), writing in plain transactions. */
  const runSync = (syncId: number, adapterOptions: ShopAdapterOptions) => {
    const ctx = testCtx(h.database.primary, cid, { deps: { secrets } });
    return runProductSync(
      ctx,
      (write) => h.database.primary.transaction((tx) => write(withDb(ctx, tx))),
      syncId,
      { log: quietLog, adapterOptions },
    );
  };

  it('refuses a name that was public when saved and points to loopback at sync time', async () => {
    answers['rebind.test'] = ['93.184.216.34'];
    const url = `https://rebind.test:${listenerPort}`;
    await saveShopSettings(
      testCtx(h.database.primary, cid, { deps: { secrets } }),
      { shop_system: 'woocommerce', url, credentials },
      { allowPrivateUrls: false, resolve },
    );
    answers['rebind.test'] = ['127.0.0.1'];
    const result = await runSync(await queueSync(), { allowPrivateAddresses: false, resolve });
    expect(result).toMatchObject({ status: 'failed', error: MESSAGES.shopAddressRefused(url) });
    expect(connections).toBe(0);
  });

  it('with ALLOW_PRIVATE_SHOP_URLS syncs a shop on loopback, and without it refuses the same shop', async () => {
    answers['lan-shop.test'] = ['127.0.0.1'];
    const url = woo.url.replace('127.0.0.1', 'lan-shop.test');
    await saveShopSettings(
      testCtx(h.database.primary, cid, { deps: { secrets } }),
      { shop_system: 'woocommerce', url, credentials },
      { allowPrivateUrls: true, resolve },
    );
    const lan = await runSync(await queueSync(), { allowPrivateAddresses: true, resolve });
    expect(lan).toMatchObject({ status: 'succeeded', created: 12 });

    const before = woo.requests.length;
    const strict = await runSync(await queueSync(), { allowPrivateAddresses: false, resolve });
    expect(strict).toMatchObject({ status: 'failed', error: MESSAGES.shopAddressRefused(url) });
    expect(woo.requests.length).toBe(before);
  });
});
