/**
 * No network inside a database transaction (db/transaction-scope.ts). On embedded PGlite an open
 * transaction holds the only connection: a tax refresh waiting on a slow shop inside the request's
 * transaction stalled every other request until the shop answered. Now the shop is called first and
 * the rules are written after, so other requests are served while the shop is slow; and an outside
 * call from inside a transaction is refused outright.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertOutsideTransaction,
  CallInTransactionError,
  inTransactionScope,
} from '../../db/transaction-scope.ts';
import { guardedFetch } from '../../integrations/guarded-fetch.ts';
import { FakeCatalog } from '../../integrations/shops/testing/catalog.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  WOO_KEY,
  WOO_SECRET,
} from '../../integrations/shops/testing/fake-woocommerce.ts';
import { call, customerBody } from '../../testing/harness.ts';
import { admin, cid, h, useCatalogFixture } from './test-fixture.ts';

let shop: FakeWooCommerce;

useCatalogFixture(async () => {
  shop = await startFakeWooCommerce(new FakeCatalog(3, { currency: 'CAD' }));
  const connected = await call(h.app, admin, {
    method: 'PUT',
    url: `/api/companies/${cid}/settings/shop_system`,
    payload: {
      shop_system: 'woocommerce',
      url: shop.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
    },
  });
  expect(connected.statusCode).toBe(200);
});
afterAll(async () => {
  await shop?.close();
});

/** The answer of `request`, or 'stalled' when it takes longer than `ms`. */
async function within<T>(ms: number, request: Promise<T>): Promise<T | 'stalled'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), ms);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a slow shop', () => {
  it('does not stall other requests while the tax refresh waits for it', async () => {
    const release = shop.hold((r) => r.path.endsWith('/taxes'));
    let refresh: ReturnType<typeof call> | undefined;
    try {
      refresh = call(h.app, admin, {
        method: 'POST',
        url: `/api/${cid}/rentloopdb/tax-rules/refresh`,
      });
      // The shop has the request and is holding it.
      await expect
        .poll(() => shop.requests.some((r) => r.path.endsWith('/taxes')), { timeout: 10_000 })
        .toBe(true);

      const list = await within(
        3_000,
        call(h.app, admin, { method: 'GET', url: `/read-replica/${cid}/rentloopdb/customers` }),
      );
      expect(list === 'stalled' ? 'stalled' : list.statusCode).toBe(200);
      const created = await within(
        3_000,
        call(h.app, admin, {
          method: 'POST',
          url: `/api/${cid}/rentloopdb/customers`,
          payload: customerBody(),
        }),
      );
      expect(created === 'stalled' ? 'stalled' : created.statusCode).toBe(201);
    } finally {
      release();
    }
    const done = await refresh;
    expect(done?.statusCode).toBe(200);
    expect(done?.json().message).toBe('Tax rules refreshed from the shop.');
  });
});

describe('the guard', () => {
  it('refuses an outside call or a DNS lookup from inside a transaction, and allows it outside', async () => {
    const fetchShop = guardedFetch({ allowPrivate: true });
    await expect(
      inTransactionScope(() =>
        fetchShop(new URL(`${shop.url}/wp-json/wc/v3/taxes`), { method: 'GET', headers: {} }),
      ),
    ).rejects.toBeInstanceOf(CallInTransactionError);
    expect(() => assertOutsideTransaction('A call')).not.toThrow();
    const outside = await fetchShop(new URL(`${shop.url}/wp-json/wc/v3/taxes`), {
      method: 'GET',
      headers: {},
    });
    expect(outside.status).toBeLessThan(500);
  });
});
