import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopAdapter } from './index.ts';
import { mapShopifyProduct, nextLink, SHOPIFY_UNAUTHORIZED } from './shopify.ts';
import { FakeCatalog, type FakeProduct } from './testing/catalog.ts';
import { closedPort } from './testing/fake-server.ts';
import {
  type FakeShopify,
  SHOPIFY_TOKEN,
  shopifyProductId,
  shopifyVariantId,
  startFakeShopify,
} from './testing/fake-shopify.ts';
import { type ShopAdapter, ShopError, type ShopProduct } from './types.ts';

const COUNT = 260;
let shop: FakeShopify;

beforeAll(async () => {
  shop = await startFakeShopify(new FakeCatalog(COUNT));
});
afterAll(async () => {
  await shop?.close();
});

const adapter = (token = SHOPIFY_TOKEN, url = shop.url) =>
  createShopAdapter(
    { shop_system: 'shopify', url, credentials: { access_token: token } },
    // The fake shop listens on 127.0.0.1 (as with ALLOW_PRIVATE_SHOP_URLS).
    { retryDelayMs: 5, timeoutMs: 5_000, allowPrivateAddresses: true },
  );

async function pagesOf(a: ShopAdapter) {
  const pages: { products: ShopProduct[]; total: number | null }[] = [];
  for await (const page of a.listProducts()) pages.push(page);
  return pages;
}

const failure = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ShopError);
  return err as ShopError;
};

/** What the documented mapping rules make of a catalog product on Shopify. */
function expected(p: FakeProduct): ShopProduct {
  return {
    shopId: String(shopifyProductId(p.key)),
    name: p.name,
    description: p.description || null,
    type: p.kind,
    status: p.status,
    imageUrl: p.image,
    variants: p.variants.map((v) => ({
      shopId: String(shopifyVariantId(p.key, v.index)),
      sku: v.sku,
      name: p.variable ? v.options.map(([, value]) => value).join(' / ') : p.name,
      options: Object.fromEntries(v.options),
      price: v.price || '0.00',
      stock: p.tracked ? v.stock : null,
    })),
  };
}

describe('Shopify adapter', () => {
  it('follows the Link cursor through every product, with the total from count.json', async () => {
    const before = shop.requests.length;
    const pages = await pagesOf(adapter());
    expect(pages.map((p) => p.products.length)).toEqual([250, 10]);
    expect(pages.map((p) => p.total)).toEqual([COUNT, COUNT]);
    const ids = pages.flatMap((p) => p.products.map((x) => x.shopId));
    expect(new Set(ids).size).toBe(COUNT);

    const requests = shop.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual([
      '/admin/api/2024-10/products/count.json',
      '/admin/api/2024-10/products.json',
      '/admin/api/2024-10/products.json',
    ]);
    expect(requests[1]!.query.toString()).toBe('limit=250');
    expect([...requests[2]!.query.keys()].sort()).toEqual(['limit', 'page_info']);
    expect(requests.every((r) => r.headers['x-shopify-access-token'] === SHOPIFY_TOKEN)).toBe(true);
  });

  it('maps type, status, stock, price, options and image by the documented rules', async () => {
    const products = (await pagesOf(adapter())).flatMap((p) => p.products);
    for (const p of shop.catalog.products) {
      expect(products.find((x) => x.shopId === String(shopifyProductId(p.key)))).toEqual(expected(p));
    }
    const byKey = (key: number) => products.find((x) => x.shopId === String(shopifyProductId(key)))!;
    expect(byKey(5)).toMatchObject({ type: 'consumable' }); // product type "Consumable"
    expect(byKey(15)).toMatchObject({ type: 'consumable' }); // tag "consumable"
    expect(byKey(18)).toMatchObject({ type: 'digital' }); // no variant requires shipping
    expect(byKey(9)).toMatchObject({ type: 'digital' }); // tag "digital"
    expect(byKey(29)).toMatchObject({ status: 'archived' });
    expect(byKey(10).variants[0]!.stock).toBeNull(); // inventory not managed by Shopify (it still says 3)
    // A product without options has one "Default Title" variant: no options, the product's name.
    expect(byKey(1).variants).toEqual([
      expect.objectContaining({ name: byKey(1).name, options: {}, sku: 'SKU-1' }),
    ]);
    expect(byKey(12).variants[0]!.options).toEqual({ Color: 'Red' });
  });

  it('reads large ids given as strings and names options beyond the product’s list by position', () => {
    const mapped = mapShopifyProduct({
      id: '9007199254740993',
      title: 'Kayak',
      status: 'unlisted',
      options: [{ name: 'Size', position: 1 }],
      variants: [{ id: '9007199254740995', title: 'L / Red', price: '10.00', option1: 'L', option2: 'Red' }],
    });
    expect(mapped).toMatchObject({ shopId: '9007199254740993', status: 'draft', type: 'normal' });
    expect(mapped.variants[0]).toMatchObject({
      shopId: '9007199254740995',
      options: { Size: 'L', 'Option 2': 'Red' },
      stock: null,
    });
  });

  it('parses Link headers with a previous and a next page', () => {
    expect(
      nextLink('<https://a.test/p?page_info=x>; rel="previous", <https://a.test/p?page_info=y>; rel="next"'),
    ).toBe('https://a.test/p?page_info=y');
    expect(nextLink('<https://a.test/p?page_info=x>; rel="previous"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it('reads the store currency from shop.json, with the access token', async () => {
    const before = shop.requests.length;
    expect(await adapter().currency()).toBe('EUR');
    shop.catalog.currency = 'CAD';
    try {
      expect(await adapter().currency()).toBe('CAD');
    } finally {
      shop.catalog.currency = 'EUR';
    }
    const requests = shop.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual([
      '/admin/api/2024-10/shop.json',
      '/admin/api/2024-10/shop.json',
    ]);
    expect(requests[0]!.headers['x-shopify-access-token']).toBe(SHOPIFY_TOKEN);
    expect((await failure(adapter('shpat_wrong').currency())).message).toBe(SHOPIFY_UNAUTHORIZED);
    shop.inject({ status: 200, body: { shop: { currency: 'euro' } } });
    expect((await failure(adapter().currency())).kind).toBe('bad_response');
  });

  it('has no tax-rate list', () => {
    expect(adapter().listTaxRates).toBeUndefined();
  });

  it('refuses a bad access token with a clear message', async () => {
    const err = await failure(pagesOf(adapter('shpat_wrong')));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe(SHOPIFY_UNAUTHORIZED);
  });

  it('reports a shop that does not answer as unreachable', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const err = await failure(pagesOf(adapter(SHOPIFY_TOKEN, url)));
    expect(err).toMatchObject({ kind: 'unreachable', message: `Could not reach the shop at ${url}.` });
  });

  it('retries a 429 after its Retry-After and a 500, then goes on', async () => {
    const before = shop.requests.length;
    shop.inject({
      status: 500,
      body: { errors: 'Internal Server Error' },
      when: (r) => r.path.endsWith('count.json'),
    });
    shop.inject({
      status: 429,
      headers: { 'retry-after': '1.0' },
      body: {
        errors:
          'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
      },
      when: (r) => r.query.has('page_info'),
    });
    const started = Date.now();
    const pages = await pagesOf(adapter());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(pages.flatMap((p) => p.products)).toHaveLength(COUNT);
    const seen = shop.requests
      .slice(before)
      .map((r) => (r.query.has('page_info') ? 'next' : r.path.split('/').pop()));
    expect(seen).toEqual(['count.json', 'count.json', 'products.json', 'next', 'next']);
  });

  it('reports an unexpected body as a bad response', async () => {
    shop.inject({ status: 200, body: { products: 'none' }, when: (r) => r.path.endsWith('products.json') });
    const err = await failure(pagesOf(adapter()));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toMatch(
      /^The shop at .* sent an unexpected response \(\/admin\/api\/2024-10\/products\.json: products: /,
    );
  });

  it('refuses a next-page link that leaves the shop', async () => {
    shop.inject({
      status: 200,
      headers: { link: '<https://elsewhere.test/admin/api/2024-10/products.json?page_info=abc>; rel="next"' },
      body: { products: [] },
      when: (r) => r.path.endsWith('products.json'),
    });
    const err = await failure(pagesOf(adapter()));
    expect(err).toMatchObject({
      kind: 'bad_response',
      message: `The shop at ${shop.url} sent us to another address (https://elsewhere.test). Enter the shop's own address in Settings.`,
    });
  });
});
