/** The sync and tax-refresh routes end to end: settings -> start -> job -> status, over HTTP. */
import { SHOP_URL_HTTPS, SHOP_URL_HTTPS_PUBLIC, SHOP_URL_SCHEME } from '@rentloop/domain/companies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCatalog } from '../../integrations/shops/testing/catalog.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  WOO_KEY,
  WOO_SECRET,
} from '../../integrations/shops/testing/fake-woocommerce.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness({ jobs: true });
let woo: FakeWooCommerce;
let cid: number;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  woo = await startFakeWooCommerce(new FakeCatalog(40));
  const company = await createCompany(h.database, { name: 'Synced Rentals', currency: 'EUR' });
  cid = company.id;
  admin = await createUser(h, { company, role: 'admin' });
  staff = await createUser(h, { company, role: 'user' });
});
afterAll(() => woo.close());

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;

describe('shop URLs', () => {
  it('refuses a shop on a private network unless the server allows it', async () => {
    const { buildApp } = await import('../../app.ts');
    const strict = await buildApp({ database: h.database, logLevel: 'silent', allowPrivateShopUrls: false });
    try {
      const res = await call(strict, admin, {
        method: 'PUT',
        url: `/api/companies/${cid}/settings/shop_system`,
        payload: {
          shop_system: 'woocommerce',
          url: 'http://169.254.169.254/',
          credentials: { consumer_key: 'k', consumer_secret: 's' },
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.url[0]).toMatch(/public internet address/);
    } finally {
      await strict.close();
    }
  });
});

describe('shop URLs: https only, http only for a local shop when the server allows private addresses', () => {
  const save = (app: Parameters<typeof call>[0], url: string) =>
    call(app, admin, {
      method: 'PUT',
      url: `/api/companies/${cid}/settings/shop_system`,
      payload: { shop_system: 'woocommerce', url, credentials: { consumer_key: 'k', consumer_secret: 's' } },
    });
  const urlErrors = async (res: Awaited<ReturnType<typeof save>>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().status).toBe(false);
    return res.json().errors;
  };

  it('refuses http:// and ftp:// for a public shop, naming the url field', async () => {
    const { buildApp } = await import('../../app.ts');
    const strict = await buildApp({ database: h.database, logLevel: 'silent', allowPrivateShopUrls: false });
    try {
      // A public address (an IP literal: no DNS lookup needed here).
      expect(await urlErrors(await save(strict, 'http://93.184.216.34/'))).toEqual({ url: [SHOP_URL_HTTPS] });
      expect(await urlErrors(await save(strict, 'ftp://93.184.216.34/'))).toEqual({ url: [SHOP_URL_SCHEME] });
      expect((await save(strict, 'https://93.184.216.34/')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('with ALLOW_PRIVATE_SHOP_URLS allows http:// for a local shop only', async () => {
    // The harness's app runs with allowPrivateShopUrls (as the e2e server with ALLOW_PRIVATE_SHOP_URLS=true).
    expect((await save(h.app, 'http://127.0.0.1:8080/')).statusCode).toBe(200);
    expect((await save(h.app, 'http://192.168.1.20/shop')).statusCode).toBe(200);
    expect(await urlErrors(await save(h.app, 'http://93.184.216.34/'))).toEqual({
      url: [SHOP_URL_HTTPS_PUBLIC],
    });
    expect(await urlErrors(await save(h.app, 'ftp://127.0.0.1/'))).toEqual({ url: [SHOP_URL_SCHEME] });
    // Disconnect again: the next tests start without a shop.
    const off = await call(h.app, admin, {
      method: 'PUT',
      url: `/api/companies/${cid}/settings/shop_system`,
      payload: { shop_system: null },
    });
    expect(off.statusCode).toBe(200);
  });
});

describe('product sync over HTTP', () => {
  it('answers 409 with a clear message while no shop is connected', async () => {
    const res = await call(h.app, admin, { method: 'POST', url: api('products/sync') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No shop is connected. Connect your shop in Settings first.');
    expect((await call(h.app, staff, { method: 'GET', url: api('products/sync') })).json().data).toBeNull();
  });

  it('connects a shop without ever returning its credentials', async () => {
    const res = await call(h.app, admin, {
      method: 'PUT',
      url: `/api/companies/${cid}/settings/shop_system`,
      payload: {
        shop_system: 'woocommerce',
        url: `${woo.url}/`,
        credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      shop_system: 'woocommerce',
      url: woo.url,
      has_credentials: true,
      syncable: true,
    });
    expect(res.body).not.toContain(WOO_SECRET);
    const read = await call(h.app, admin, {
      method: 'GET',
      url: `/api/companies/${cid}/settings/shop_system`,
    });
    expect(read.body).not.toContain(WOO_KEY);
    expect(
      (await call(h.app, staff, { method: 'GET', url: `/api/companies/${cid}/settings/shop_system` }))
        .statusCode,
    ).toBe(403);
    const noCreds = await call(h.app, admin, {
      method: 'PUT',
      url: `/api/companies/${cid}/settings/shop_system`,
      payload: { shop_system: 'shopify', url: 'https://x.myshopify.com' },
    });
    expect(noCreds.statusCode).toBe(422);
    expect(noCreds.json().errors).toHaveProperty('credentials');
  });

  it('starts a sync (202), refuses a second while it runs, and reports the finished result', async () => {
    // The shop holds its answers, so the sync stays in progress while the second start is tried.
    const release = woo.hold();
    const started = await call(h.app, admin, { method: 'POST', url: api('products/sync') });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'queued', shop_system: 'woocommerce' });
    const second = await call(h.app, admin, { method: 'POST', url: api('products/sync') });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already queued or running/);
    release();
    await expect
      .poll(
        async () =>
          (await call(h.app, staff, { method: 'GET', url: api('products/sync') })).json().data.status,
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe('succeeded');
    const sync = (await call(h.app, staff, { method: 'GET', url: api('products/sync') })).json().data;
    expect(sync.processed).toBe(40);
    const list = (
      await call(h.app, staff, { method: 'GET', url: `/read-replica/${cid}/rentloopdb/products?per_page=1` })
    ).json();
    expect(list.meta.total).toBe(40);
    expect(list.data[0]).toMatchObject({ source: 'woocommerce', currency: 'EUR' });
    // The company's members are told (written by the job right after the sync's own transaction).
    const notices = async () =>
      (
        await call(h.app, staff, { method: 'GET', url: `/read-replica/${cid}/rentloopdb/notifications` })
      ).json();
    await expect.poll(async () => (await notices()).meta.unread, { timeout: 10_000, interval: 100 }).toBe(1);
    expect((await notices()).data[0]).toMatchObject({
      company_id: cid,
      title: 'Product sync finished',
      description: '40 new, 0 updated, 0 unchanged, 0 removed.',
      type: 'success',
      author: 'Rentloop',
      is_read: false,
    });
    expect((await call(h.app, staff, { method: 'POST', url: api('products/sync') })).statusCode).toBe(403);
  });

  it('imports the shop’s tax rates as rules', async () => {
    const res = await call(h.app, admin, { method: 'POST', url: api('tax-rules/refresh') });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result.created).toBeGreaterThan(0);
    const rules = (await call(h.app, staff, { method: 'GET', url: api('tax-rules?per_page=100') })).json();
    expect(rules.meta.total).toBe(result.created);
    expect(rules.data.every((r: { source: string }) => r.source === 'woocommerce')).toBe(true);
  });
});
