import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopAdapter } from './index.ts';
import { FakeCatalog, type FakeProduct } from './testing/catalog.ts';
import { closedPort } from './testing/fake-server.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  variationId,
  WOO_KEY,
  WOO_SECRET,
} from './testing/fake-woocommerce.ts';
import { type ShopAdapter, ShopError, type ShopProduct } from './types.ts';
import { mapWooProduct, WOOCOMMERCE_UNAUTHORIZED } from './woocommerce.ts';

const COUNT = 300;
let shop: FakeWooCommerce;

beforeAll(async () => {
  shop = await startFakeWooCommerce(new FakeCatalog(COUNT));
});
afterAll(async () => {
  await shop?.close();
});

const adapter = (credentials: { consumer_key?: string; consumer_secret?: string } = {}, url = shop.url) =>
  createShopAdapter(
    {
      shop_system: 'woocommerce',
      url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET, ...credentials },
    },
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

/** What the documented mapping rules make of a catalog product on WooCommerce. */
function expected(p: FakeProduct): ShopProduct {
  return {
    shopId: String(p.key),
    name: p.name,
    description: p.description || null,
    type: p.kind,
    // publish -> active; draft, pending and private -> draft.
    status: p.status === 'active' ? 'active' : 'draft',
    imageUrl: p.image,
    variants: p.variants.map((v) => ({
      shopId: p.variable ? String(variationId(p.key, v.index)) : String(p.key),
      sku: v.sku,
      name: p.variable ? `${p.name} - ${v.options.map(([, value]) => value).join(', ')}` : p.name,
      options: Object.fromEntries(v.options),
      price: v.price || null,
      stock: p.tracked ? v.stock : null,
    })),
  };
}

describe('WooCommerce adapter', () => {
  it('pages through every product with per_page=100, oldest first, with the shop’s total', async () => {
    const before = shop.requests.length;
    const pages = await pagesOf(adapter());
    expect(pages.map((p) => p.products.length)).toEqual([100, 100, 100]);
    expect(pages.map((p) => p.total)).toEqual([COUNT, COUNT, COUNT]);
    const ids = pages.flatMap((p) => p.products.map((x) => Number(x.shopId)));
    expect(ids).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));

    const requests = shop.requests.slice(before);
    const lists = requests.filter((r) => r.path === '/wp-json/wc/v3/products');
    expect(lists.map((r) => [r.query.get('per_page'), r.query.get('page'), r.query.get('orderby')])).toEqual([
      ['100', '1', 'id'],
      ['100', '2', 'id'],
      ['100', '3', 'id'],
    ]);
    // Variations are asked for the variable products only, once each.
    const variationPaths = requests.filter((r) => r.path.endsWith('/variations')).map((r) => r.path);
    const variable = shop.catalog.products.filter((p) => p.variable);
    expect(variationPaths.sort()).toEqual(
      variable.map((p) => `/wp-json/wc/v3/products/${p.key}/variations`).sort(),
    );
    expect(requests.every((r) => r.headers.authorization?.startsWith('Basic '))).toBe(true);
  });

  it('maps type, status, stock, price, options and image by the documented rules', async () => {
    const products = (await pagesOf(adapter())).flatMap((p) => p.products);
    for (const p of shop.catalog.products) {
      expect(products.find((x) => x.shopId === String(p.key))).toEqual(expected(p));
    }
    const byKey = (key: number) => products.find((x) => x.shopId === String(key))!;
    // A few facts spelled out: three decimals pass through, a missing price is null.
    expect(byKey(7).variants[0]!.price).toBe('19.995');
    expect(byKey(11).variants[0]!.price).toBeNull();
    expect(byKey(5)).toMatchObject({ type: 'consumable' }); // category "consumables"
    expect(byKey(15)).toMatchObject({ type: 'consumable' }); // tag "consumable"
    expect(byKey(9)).toMatchObject({ type: 'digital' }); // downloadable
    expect(byKey(18)).toMatchObject({ type: 'digital' }); // virtual
    expect(byKey(36)).toMatchObject({ type: 'digital' }); // variable, every variation virtual
    expect(byKey(17)).toMatchObject({ status: 'draft' }); // draft
    expect(byKey(34)).toMatchObject({ status: 'draft' }); // pending
    expect(byKey(29)).toMatchObject({ status: 'draft' }); // private
    expect(byKey(10).variants[0]!.stock).toBeNull(); // manage_stock false
    expect(byKey(6).imageUrl).toBeNull();
    const variable = byKey(8);
    expect(variable.variants.map((v) => v.options)).toEqual([
      { Color: 'Red', Size: 'S' },
      { Color: 'Red', Size: 'M' },
      { Color: 'Blue', Size: 'S' },
      { Color: 'Blue', Size: 'M' },
    ]);
  });

  it('takes the stock of the product for a variation whose stock is managed by its parent', () => {
    const product = {
      id: 1,
      name: 'Tent',
      type: 'variable',
      status: 'publish',
      manage_stock: true,
      stock_quantity: 12,
      variations: [2, 3],
    };
    const mapped = mapWooProduct(product, [
      { id: 2, manage_stock: 'parent', stock_quantity: 12, attributes: [{ name: 'Size', option: 'L' }] },
      { id: 3, manage_stock: true, stock_quantity: 4, price: '', regular_price: '49.00' },
    ]);
    expect(mapped.variants).toEqual([
      { shopId: '2', sku: null, name: 'Tent - L', options: { Size: 'L' }, price: null, stock: 12 },
      { shopId: '3', sku: null, name: 'Tent', options: {}, price: '49.00', stock: 4 },
    ]);
  });

  it('reads the store currency from data/currencies/current', async () => {
    const before = shop.requests.length;
    expect(await adapter().currency()).toBe('EUR');
    shop.catalog.currency = 'USD';
    try {
      expect(await adapter().currency()).toBe('USD');
    } finally {
      shop.catalog.currency = 'EUR';
    }
    expect(shop.requests.slice(before).map((r) => r.path)).toEqual([
      '/wp-json/wc/v3/data/currencies/current',
      '/wp-json/wc/v3/data/currencies/current',
    ]);
    expect((await failure(adapter({ consumer_secret: 'cs_wrong' }).currency())).message).toBe(
      WOOCOMMERCE_UNAUTHORIZED,
    );
    // An older WooCommerce without the data endpoints answers rest_no_route.
    shop.inject({
      status: 404,
      body: {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      },
    });
    expect((await failure(adapter().currency())).message).toMatch(
      /has no API at \/wp-json\/wc\/v3\/data\/currencies\/current/,
    );
  });

  it('refuses bad credentials with a clear message', async () => {
    for (const credentials of [{ consumer_secret: 'cs_wrong' }, { consumer_key: 'ck_wrong' }]) {
      const err = await failure(pagesOf(adapter(credentials)));
      expect(err.kind).toBe('unauthorized');
      expect(err.message).toBe(WOOCOMMERCE_UNAUTHORIZED);
    }
  });

  it('reports a shop that does not answer as unreachable', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const err = await failure(pagesOf(adapter({}, url)));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toBe(`Could not reach the shop at ${url}.`);
  });

  it('retries a 429 after its Retry-After and a 500 after a backoff, then goes on', async () => {
    const before = shop.requests.length;
    const page = (n: string) => (r: { path: string; query: URLSearchParams }) =>
      r.path === '/wp-json/wc/v3/products' && r.query.get('page') === n;
    shop.inject({
      status: 429,
      headers: { 'retry-after': '1' },
      body: { message: 'Too many' },
      when: page('2'),
    });
    shop.inject({ status: 500, body: '<html>Internal error</html>', when: page('3') });
    const started = Date.now();
    const pages = await pagesOf(adapter());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(pages.flatMap((p) => p.products)).toHaveLength(COUNT);
    const pagesAsked = shop.requests
      .slice(before)
      .filter((r) => r.path === '/wp-json/wc/v3/products')
      .map((r) => r.query.get('page'));
    expect(pagesAsked).toEqual(['1', '2', '2', '3', '3']);
  });

  it('gives up after four attempts when the shop keeps failing', async () => {
    const before = shop.requests.length;
    shop.inject({ status: 503, body: 'Service Unavailable', times: 4 });
    const err = await failure(pagesOf(adapter()));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toBe(
      `The shop at ${shop.url} answered with a server error (HTTP 503). Try again later.`,
    );
    expect(shop.requests.length - before).toBe(4);
  });

  it('reports a body that is not JSON, or not a product list, as a bad response', async () => {
    shop.inject({ status: 200, body: '<!DOCTYPE html><p>Maintenance</p>' });
    const notJson = await failure(pagesOf(adapter()));
    expect(notJson.kind).toBe('bad_response');
    expect(notJson.message).toBe(
      `The shop at ${shop.url} sent a response that is not JSON (/wp-json/wc/v3/products).`,
    );

    shop.inject({ status: 200, body: [{ id: 'abc', name: 'Tent' }] });
    const wrongShape = await failure(pagesOf(adapter()));
    expect(wrongShape.kind).toBe('bad_response');
    expect(wrongShape.message).toMatch(
      new RegExp(`^The shop at ${shop.url} sent an unexpected response \\(/wp-json/wc/v3/products: 0\\.id: `),
    );

    shop.inject({
      status: 200,
      body: [{ id: 1, name: 'Tent', type: 'simple', status: 'publish', price: 'free' }],
    });
    expect((await failure(pagesOf(adapter()))).message).toContain('0.price: not a decimal price');
  });

  it('lists the tax rates Rentloop can express, highest priority first', async () => {
    const before = shop.requests.length;
    const rates = await adapter().listTaxRates!();
    const pages = shop.requests.slice(before).filter((r) => r.path === '/wp-json/wc/v3/taxes');
    expect(pages.map((r) => r.query.get('page'))).toEqual(['1', '2']);
    // 127 in the shop; left out: a postcode-limited rate, one without a country, a custom class.
    expect(rates).toHaveLength(124);
    expect(rates.filter((r) => r.productClass === 'reduced')).toHaveLength(27);
    expect(rates.filter((r) => r.productClass === 'zero')).toHaveLength(5);
    expect(rates.find((r) => r.country === 'de' && r.productClass === 'standard')).toEqual({
      country: 'de',
      region: null,
      productClass: 'standard',
      percentage: '19.0000',
      name: 'VAT',
    });
    expect(rates.find((r) => r.region === 'NY')).toMatchObject({ country: 'us', percentage: '4.0000' });
    const quebec = rates.filter((r) => r.country === 'ca' && r.region === 'QC').map((r) => r.name);
    expect(quebec).toEqual(['GST/HST', 'QST']);
    expect(
      rates.some((r) => r.name === 'Beverly Hills' || r.name === 'Everywhere' || r.name === 'Luxury'),
    ).toBe(false);
  });
});
