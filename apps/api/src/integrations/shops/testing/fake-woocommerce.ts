/**
 * A fake WooCommerce shop speaking REST API v3 as WooCommerce does: `/wp-json/wc/v3/products`,
 * `/products/{id}/variations`, `/taxes` and `/data/currencies/current` (the catalog's currency), `per_page` (1-100) and `page`, `orderby`/`order`, the
 * `X-WP-Total` / `X-WP-TotalPages` and `Link` headers, HTTP Basic (or query-string) consumer key and
 * secret with WooCommerce's 401 bodies, and its `rest_no_route` 404.
 *
 * Catalog rendering (see catalog.ts for the rules): product id = key; variation id = 100000 + key*10 + index;
 * draft -> 'draft' (odd keys) or 'pending' (even keys), archived -> 'private'; digital -> virtual (even
 * keys) or downloadable (odd keys), on the variations for a variable product; consumable -> the
 * category `consumables` (key % 20 === 5) or the tag `consumable` (key % 20 === 15); variations
 * carry `name` only when key % 8 === 0 (newer WooCommerce versions send it).
 */
import type { FakeCatalog, FakeProduct, FakeVariant } from './catalog.ts';
import {
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  intParam,
  startFakeServer,
} from './fake-server.ts';

export const WOO_KEY = 'ck_4f1d0c2b9a8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c';
export const WOO_SECRET = 'cs_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b';

export const variationId = (key: number, index: number) => 100_000 + key * 10 + index;

/** A raw WooCommerce tax rate. */
interface WooTax {
  id: number;
  country: string;
  state: string;
  postcode: string;
  city: string;
  postcodes: string[];
  cities: string[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  order: number;
  class: string;
}

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );
const CA_PROVINCES: [string, string][] = [
  ['AB', '5.0000'],
  ['BC', '12.0000'],
  ['MB', '12.0000'],
  ['NB', '15.0000'],
  ['NL', '15.0000'],
  ['NS', '15.0000'],
  ['NT', '5.0000'],
  ['NU', '5.0000'],
  ['ON', '13.0000'],
  ['PE', '15.0000'],
  ['QC', '5.0000'],
  ['SK', '11.0000'],
  ['YT', '5.0000'],
];
/** Country, standard rate, reduced rate. */
const EU: [string, string, string][] = [
  ['AT', '20', '10'],
  ['BE', '21', '6'],
  ['BG', '20', '9'],
  ['CY', '19', '5'],
  ['CZ', '21', '12'],
  ['DE', '19', '7'],
  ['DK', '25', '0'],
  ['EE', '22', '9'],
  ['ES', '21', '10'],
  ['FI', '24', '14'],
  ['FR', '20', '5.5'],
  ['GR', '24', '13'],
  ['HR', '25', '13'],
  ['HU', '27', '18'],
  ['IE', '23', '13.5'],
  ['IT', '22', '10'],
  ['LT', '21', '9'],
  ['LU', '17', '8'],
  ['LV', '21', '12'],
  ['MT', '18', '7'],
  ['NL', '21', '9'],
  ['PL', '23', '8'],
  ['PT', '23', '13'],
  ['RO', '19', '9'],
  ['SE', '25', '12'],
  ['SI', '22', '9.5'],
  ['SK', '20', '10'],
];
const ZERO_RATED = ['BE', 'FI', 'IE', 'MT', 'SE'];

/**
 * 127 rates: 51 US states, 13 Canadian provinces, 27 EU standard and 27 reduced, 5 zero-rated, and four
 * Rentloop cannot express as a rule or that repeat a key: Quebec's QST (priority 2, same key as its
 * GST), a rate limited to a postcode, one without a country, and one of a custom class.
 */
export function wooTaxRates(): WooTax[] {
  const rates: Omit<WooTax, 'id' | 'order'>[] = [];
  const base = {
    postcode: '',
    city: '',
    postcodes: [],
    cities: [],
    priority: 1,
    compound: false,
    shipping: true,
  };
  for (const [i, state] of US_STATES.entries()) {
    rates.push({
      ...base,
      country: 'US',
      state,
      rate: `${4 + (i % 4)}.${['0000', '2500', '5000', '7500'][i % 4]}`,
      name: `${state} State Tax`,
      class: 'standard',
    });
  }
  for (const [state, rate] of CA_PROVINCES) {
    rates.push({ ...base, country: 'CA', state, rate, name: 'GST/HST', class: 'standard' });
  }
  for (const [country, standard, reduced] of EU) {
    rates.push({ ...base, country, state: '', rate: `${standard}.0000`, name: 'VAT', class: 'standard' });
    rates.push({
      ...base,
      country,
      state: '',
      rate: reduced.includes('.') ? `${reduced}000` : `${reduced}.0000`,
      name: 'Reduced VAT',
      class: 'reduced-rate',
    });
  }
  for (const country of ZERO_RATED) {
    rates.push({ ...base, country, state: '', rate: '0.0000', name: 'Zero VAT', class: 'zero-rate' });
  }
  rates.push({
    ...base,
    country: 'CA',
    state: 'QC',
    rate: '9.9750',
    name: 'QST',
    priority: 2,
    compound: false,
    class: 'standard',
  });
  rates.push({
    ...base,
    country: 'US',
    state: 'CA',
    postcodes: ['90210'],
    rate: '9.5000',
    name: 'Beverly Hills',
    priority: 2,
    class: 'standard',
  });
  rates.push({ ...base, country: '', state: '', rate: '5.0000', name: 'Everywhere', class: 'standard' });
  rates.push({ ...base, country: 'DE', state: '', rate: '25.0000', name: 'Luxury', class: 'luxury' });
  return rates.map((r, i) => ({ ...r, id: i + 1, order: i }));
}

const link = (origin: string, path: string, query: URLSearchParams, page: number, pages: number) => {
  const at = (p: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    return `<${origin}${path}?${q}>`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(`${at(page - 1)}; rel="prev"`);
  if (page < pages) parts.push(`${at(page + 1)}; rel="next"`);
  return parts.join(', ');
};

const error = (status: number, code: string, message: string, extra: object = {}): FakeResponse => ({
  status,
  body: { code, message, data: { status, ...extra } },
});

/** One page of `items` with WooCommerce's headers, or a 400 for a bad `per_page` or `page`. */
function paged(req: FakeRequest, origin: string, items: unknown[]): FakeResponse {
  const perPage = intParam(req.query, 'per_page', 10);
  const page = intParam(req.query, 'page', 1);
  if (!(perPage >= 1 && perPage <= 100)) {
    return error(400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
      params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
    });
  }
  if (!(page >= 1)) return error(400, 'rest_invalid_param', 'Invalid parameter(s): page');
  const pages = Math.ceil(items.length / perPage);
  const headers: Record<string, string> = {
    'x-wp-total': String(items.length),
    'x-wp-totalpages': String(pages),
  };
  const l = link(origin, req.path, req.query, page, pages);
  if (l) headers.link = l;
  return { status: 200, headers, body: items.slice((page - 1) * perPage, page * perPage) };
}

/** Sorted as `orderby` (id or date; date = creation = key order) and `order` ask; WooCommerce's default is date desc. */
function ordered<T extends { id: number }>(req: FakeRequest, items: T[]): T[] {
  const asc = (req.query.get('order') ?? 'desc') === 'asc';
  return [...items].sort((a, b) => (asc ? a.id - b.id : b.id - a.id));
}

const isDigitalVirtual = (p: FakeProduct) => p.kind === 'digital' && p.key % 2 === 0;
const isDigitalDownload = (p: FakeProduct) => p.kind === 'digital' && p.key % 2 === 1;

const stockStatus = (v: FakeVariant) => (v.stock === null || v.stock > 0 ? 'instock' : 'outofstock');

function renderVariation(p: FakeProduct, v: FakeVariant, origin: string) {
  return {
    id: variationId(p.key, v.index),
    ...(p.key % 8 === 0 ? { name: `${p.name} - ${v.options.map(([, value]) => value).join(', ')}` } : {}),
    date_created: '2024-03-01T10:00:00',
    description: '',
    permalink: `${origin}/product/${p.key}/?attribute_pa_color=${v.options[0]?.[1] ?? ''}`,
    sku: v.sku ?? '',
    price: v.price,
    regular_price: v.price,
    sale_price: '',
    on_sale: false,
    status: 'publish',
    purchasable: v.price !== '',
    virtual: isDigitalVirtual(p),
    downloadable: isDigitalDownload(p),
    downloads: [],
    tax_status: 'taxable',
    tax_class: '',
    manage_stock: p.tracked,
    stock_quantity: v.stock,
    stock_status: stockStatus(v),
    backorders: 'no',
    weight: '',
    dimensions: { length: '', width: '', height: '' },
    shipping_class: '',
    image: null,
    attributes: v.options.map(([name, option]) => ({ id: 0, name, option })),
    menu_order: v.index,
    meta_data: [],
  };
}

function renderProduct(p: FakeProduct, origin: string) {
  const simple = p.variants[0]!;
  const prices = p.variants.map((v) => v.price).filter(Boolean);
  const status =
    p.status === 'active' ? 'publish' : p.status === 'archived' ? 'private' : p.key % 2 ? 'draft' : 'pending';
  const categories = [{ id: 15, name: 'Rentals', slug: 'rentals' }];
  if (p.kind === 'consumable' && p.key % 20 === 5)
    categories.push({ id: 21, name: 'Consumables', slug: 'consumables' });
  const tags =
    p.kind === 'consumable' && p.key % 20 === 15 ? [{ id: 31, name: 'Consumable', slug: 'consumable' }] : [];
  const optionNames = [...new Set(p.variants.flatMap((v) => v.options.map(([name]) => name)))];
  return {
    id: p.key,
    name: p.name,
    slug: p.name.toLowerCase().replaceAll(' ', '-'),
    permalink: `${origin}/product/${p.key}/`,
    date_created: '2024-03-01T10:00:00',
    date_modified: '2024-03-02T10:00:00',
    type: p.variable ? 'variable' : 'simple',
    status,
    featured: false,
    catalog_visibility: 'visible',
    description: p.description,
    short_description: '',
    sku: p.variable ? (p.variants[0]?.sku?.split('-').slice(0, 2).join('-') ?? '') : (simple.sku ?? ''),
    price: p.variable ? ([...prices].sort((a, b) => Number(a) - Number(b))[0] ?? '') : simple.price,
    regular_price: p.variable ? '' : simple.price,
    sale_price: '',
    on_sale: false,
    purchasable: prices.length > 0,
    total_sales: 0,
    virtual: !p.variable && isDigitalVirtual(p),
    downloadable: !p.variable && isDigitalDownload(p),
    downloads: [],
    tax_status: 'taxable',
    tax_class: '',
    manage_stock: !p.variable && p.tracked,
    stock_quantity: p.variable ? null : simple.stock,
    stock_status: stockStatus(simple),
    backorders: 'no',
    weight: '',
    dimensions: { length: '', width: '', height: '' },
    shipping_required: !(isDigitalVirtual(p) || isDigitalDownload(p)),
    categories,
    tags,
    images: p.image ? [{ id: p.key + 5000, src: p.image, name: `${p.key}.jpg`, alt: '' }] : [],
    attributes: optionNames.map((name, position) => ({
      id: 0,
      name,
      position,
      visible: true,
      variation: true,
      options: [...new Set(p.variants.map((v) => v.options.find(([n]) => n === name)?.[1] ?? ''))],
    })),
    variations: p.variable ? p.variants.map((v) => variationId(p.key, v.index)) : [],
    meta_data: [],
    _links: { self: [{ href: `${origin}/wp-json/wc/v3/products/${p.key}` }] },
  };
}

export interface FakeWooCommerce extends FakeServer {
  catalog: FakeCatalog;
  /** Requests to the product list (not variations or taxes). */
  productListRequests(): FakeRequest[];
}

/** Starts a fake WooCommerce shop serving `catalog` to the consumer key and secret WOO_KEY / WOO_SECRET. */
export async function startFakeWooCommerce(catalog: FakeCatalog): Promise<FakeWooCommerce> {
  const taxes = wooTaxRates();
  const server = await startFakeServer((req, origin) => {
    const authError = authenticate(req);
    if (authError) return authError;
    if (req.method !== 'GET') return noRoute();
    if (req.path === '/wp-json/wc/v3/products') {
      return paged(
        req,
        origin,
        ordered(
          req,
          catalog.products.map((p) => renderProduct(p, origin)),
        ),
      );
    }
    const variations = /^\/wp-json\/wc\/v3\/products\/(\d+)\/variations$/.exec(req.path);
    if (variations) {
      const key = Number(variations[1]);
      if (!catalog.has(key)) {
        return error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      }
      const p = catalog.get(key);
      const items = p.variable ? p.variants.map((v) => renderVariation(p, v, origin)) : [];
      return paged(req, origin, ordered(req, items));
    }
    if (req.path === '/wp-json/wc/v3/data/currencies/current') {
      return { status: 200, body: currentCurrency(origin, catalog.currency) };
    }
    if (req.path === '/wp-json/wc/v3/taxes') {
      const sorted =
        req.query.get('orderby') === 'id'
          ? ordered(req, taxes)
          : [...taxes].sort((a, b) => a.order - b.order);
      return paged(req, origin, sorted);
    }
    return noRoute();
  });
  return {
    ...server,
    catalog,
    productListRequests: () => server.requests.filter((r) => r.path === '/wp-json/wc/v3/products'),
  };
}

/** Currency names and symbols as WooCommerce sends them (its `get_woocommerce_currencies()`, HTML entities). */
const WOO_CURRENCIES: Record<string, [name: string, symbol: string]> = {
  AUD: ['Australian dollar', '&#36;'],
  CAD: ['Canadian dollar', '&#36;'],
  CHF: ['Swiss franc', '&#67;&#72;&#70;'],
  EUR: ['Euro', '&euro;'],
  GBP: ['Pound sterling', '&pound;'],
  USD: ['United States (US) dollar', '&#36;'],
};

/** `GET /data/currencies/current`: the store's currency, with WooCommerce's `_links`. */
function currentCurrency(origin: string, code: string) {
  const [name, symbol] = WOO_CURRENCIES[code] ?? [code, code];
  return {
    code,
    name,
    symbol,
    _links: {
      self: [{ href: `${origin}/wp-json/wc/v3/data/currencies/current` }],
      collection: [{ href: `${origin}/wp-json/wc/v3/data/currencies` }],
    },
  };
}

const noRoute = () => error(404, 'rest_no_route', 'No route was found matching the URL and request method.');

function authenticate(req: FakeRequest): FakeResponse | null {
  let key = req.query.get('consumer_key');
  let secret = req.query.get('consumer_secret');
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    key = decoded.slice(0, colon);
    secret = decoded.slice(colon + 1);
  }
  if (!key) return error(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
  if (key !== WOO_KEY) return error(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
  if (secret !== WOO_SECRET) {
    return error(401, 'woocommerce_rest_authentication_error', 'Consumer secret is invalid.');
  }
  return null;
}
