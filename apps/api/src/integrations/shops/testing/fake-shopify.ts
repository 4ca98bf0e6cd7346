/**
 * A fake Shopify shop speaking the Admin REST API 2024-10 as Shopify does: `products.json` (limit
 * 1-250, default 50) with cursor pagination (`page_info` in `Link: <...>; rel="previous", <...>; rel="next"`,
 * no other filter allowed next to a cursor), `products/count.json`, `shop.json` (the store, with the
 * catalog's currency), the `X-Shopify-Access-Token`
 * header with Shopify's 401 body, and `{"errors":"Not Found"}` for anything else.
 *
 * Catalog rendering (see catalog.ts for the rules): product id = 8 000 000 000 + key; variant id =
 * 45 000 000 000 + key*10 + index; a simple product has one "Default Title" variant; consumable ->
 * product_type "Consumable" (key % 20 === 5) or the tag `consumable` (key % 20 === 15); digital -> no
 * variant requires shipping (even keys) or the tag `digital` (odd keys); no price -> "0.00"; an
 * untracked variant still reports an inventory_quantity (3), as Shopify does.
 */
import type { FakeCatalog, FakeProduct, FakeVariant } from './catalog.ts';
import {
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  intParam,
  startFakeServer,
} from './fake-server.ts';

export const SHOPIFY_TOKEN = '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';
const API = '/admin/api/2024-10';

export const shopifyProductId = (key: number) => 8_000_000_000 + key;
export const shopifyVariantId = (key: number, index: number) => 45_000_000_000 + key * 10 + index;

const cursor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const readCursor = (text: string): { after?: number; before?: number } | null => {
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null ? v : null;
  } catch {
    return null;
  }
};

function renderVariant(p: FakeProduct, v: FakeVariant) {
  const options = p.variable ? v.options.map(([, value]) => value) : ['Default Title'];
  const requiresShipping = !(p.kind === 'digital' && p.key % 2 === 0);
  return {
    id: shopifyVariantId(p.key, v.index),
    product_id: shopifyProductId(p.key),
    title: options.join(' / '),
    price: v.price === '' ? '0.00' : v.price,
    sku: v.sku ?? '',
    position: v.index + 1,
    inventory_policy: 'deny',
    compare_at_price: null,
    fulfillment_service: 'manual',
    inventory_management: p.tracked ? 'shopify' : null,
    option1: options[0] ?? null,
    option2: options[1] ?? null,
    option3: options[2] ?? null,
    created_at: '2024-03-01T10:00:00-05:00',
    updated_at: '2024-03-02T10:00:00-05:00',
    taxable: true,
    barcode: null,
    grams: 1200,
    weight: 1.2,
    weight_unit: 'kg',
    inventory_item_id: 49_000_000_000 + p.key * 10 + v.index,
    inventory_quantity: v.stock ?? 3,
    old_inventory_quantity: v.stock ?? 3,
    requires_shipping: requiresShipping,
    admin_graphql_api_id: `gid://shopify/ProductVariant/${shopifyVariantId(p.key, v.index)}`,
    image_id: null,
  };
}

function renderProduct(p: FakeProduct) {
  const id = shopifyProductId(p.key);
  const tags = ['rental'];
  if (p.kind === 'consumable' && p.key % 20 === 15) tags.push('consumable');
  if (p.kind === 'digital' && p.key % 2 === 1) tags.push('digital');
  const optionNames = p.variable
    ? [...new Set(p.variants.flatMap((v) => v.options.map(([n]) => n)))]
    : ['Title'];
  const image = p.image
    ? {
        id: 30_000_000_000 + p.key,
        product_id: id,
        position: 1,
        alt: null,
        width: 800,
        height: 600,
        src: p.image,
        variant_ids: [],
      }
    : null;
  return {
    id,
    title: p.name,
    body_html: p.description || null,
    vendor: 'Rentloop Test Shop',
    product_type: p.kind === 'consumable' && p.key % 20 === 5 ? 'Consumable' : 'Rental equipment',
    created_at: '2024-03-01T10:00:00-05:00',
    handle: p.name.toLowerCase().replaceAll(' ', '-'),
    updated_at: '2024-03-02T10:00:00-05:00',
    published_at: p.status === 'active' ? '2024-03-01T10:00:00-05:00' : null,
    template_suffix: null,
    published_scope: 'web',
    tags: tags.join(', '),
    status: p.status,
    admin_graphql_api_id: `gid://shopify/Product/${id}`,
    variants: p.variants.map((v) => renderVariant(p, v)),
    options: optionNames.map((name, i) => ({
      id: 10_000_000_000 + p.key * 10 + i,
      product_id: id,
      name,
      position: i + 1,
      values: p.variable ? [...new Set(p.variants.map((v) => v.options[i]?.[1] ?? ''))] : ['Default Title'],
    })),
    images: image ? [image] : [],
    image,
  };
}

const notFound = (): FakeResponse => ({ status: 404, body: { errors: 'Not Found' } });

/** `GET shop.json` as Shopify answers it (the store's settings; `currency` is what prices are in). */
function renderShop(origin: string, catalog: FakeCatalog) {
  const host = new URL(origin).host;
  const currency = catalog.currency;
  return {
    shop: {
      id: 71_000_000_001,
      name: 'Rentloop Test Shop',
      email: 'owner@shop.example.test',
      domain: host,
      province: 'Berlin',
      country: 'DE',
      address1: 'Torstraße 1',
      zip: '10119',
      city: 'Berlin',
      source: null,
      phone: '+49 30 1234567',
      latitude: 52.5291,
      longitude: 13.4016,
      primary_locale: 'en',
      address2: '',
      created_at: '2024-01-15T09:00:00+01:00',
      updated_at: '2024-03-02T10:00:00+01:00',
      country_code: 'DE',
      country_name: 'Germany',
      currency,
      customer_email: 'owner@shop.example.test',
      timezone: '(GMT+01:00) Europe/Berlin',
      iana_timezone: 'Europe/Berlin',
      shop_owner: 'Test Owner',
      money_format: `{{amount}} ${currency}`,
      money_with_currency_format: `{{amount}} ${currency}`,
      weight_unit: 'kg',
      province_code: 'BE',
      taxes_included: true,
      auto_configure_tax_inclusivity: null,
      tax_shipping: null,
      county_taxes: true,
      plan_display_name: 'Basic',
      plan_name: 'basic',
      has_discounts: false,
      has_gift_cards: false,
      myshopify_domain: 'rentloop-test-shop.myshopify.com',
      google_apps_domain: null,
      google_apps_login_enabled: null,
      money_in_emails_format: `{{amount}} ${currency}`,
      money_with_currency_in_emails_format: `{{amount}} ${currency}`,
      eligible_for_payments: true,
      requires_extra_payments_agreement: false,
      password_enabled: false,
      has_storefront: true,
      finances: true,
      primary_location_id: 72_000_000_001,
      checkout_api_supported: true,
      multi_location_enabled: true,
      setup_required: false,
      pre_launch_enabled: false,
      enabled_presentment_currencies: [currency],
      transactional_sms_disabled: false,
      marketing_sms_consent_enabled_at_checkout: false,
    },
  };
}

function productsPage(req: FakeRequest, origin: string, catalog: FakeCatalog): FakeResponse {
  const limit = Math.min(intParam(req.query, 'limit', 50), 250);
  if (!(limit >= 1)) return { status: 400, body: { errors: { limit: 'Invalid value.' } } };
  const pageInfo = req.query.get('page_info');
  let products = catalog.products;
  let position: { after?: number; before?: number } = {};
  if (pageInfo !== null) {
    const extra = [...req.query.keys()].filter((k) => k !== 'page_info' && k !== 'limit' && k !== 'fields');
    const decoded = readCursor(pageInfo);
    if (extra.length > 0 || !decoded) {
      return { status: 400, body: { errors: { page_info: 'Invalid value.' } } };
    }
    position = decoded;
  }
  if (position.after !== undefined) products = products.filter((p) => p.key > position.after!);
  if (position.before !== undefined) {
    products = products.filter((p) => p.key < position.before!).slice(-limit);
  }
  const page = products.slice(0, limit);
  const first = page[0];
  const last = page.at(-1);
  const links: string[] = [];
  const at = (c: object) => `<${origin}${API}/products.json?limit=${limit}&page_info=${cursor(c)}>`;
  if (first && catalog.products.some((p) => p.key < first.key))
    links.push(`${at({ before: first.key })}; rel="previous"`);
  if (last && catalog.products.some((p) => p.key > last.key))
    links.push(`${at({ after: last.key })}; rel="next"`);
  const headers: Record<string, string> = { 'x-shopify-shop-api-call-limit': '1/40' };
  if (links.length) headers.link = links.join(', ');
  return { status: 200, headers, body: { products: page.map(renderProduct) } };
}

export interface FakeShopify extends FakeServer {
  catalog: FakeCatalog;
  productListRequests(): FakeRequest[];
}

/** Starts a fake Shopify shop serving `catalog` to the access token SHOPIFY_TOKEN. */
export async function startFakeShopify(catalog: FakeCatalog): Promise<FakeShopify> {
  const server = await startFakeServer((req, origin) => {
    if (req.headers['x-shopify-access-token'] !== SHOPIFY_TOKEN) {
      return {
        status: 401,
        body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
      };
    }
    if (req.method !== 'GET') return notFound();
    if (req.path === `${API}/shop.json`) return { status: 200, body: renderShop(origin, catalog) };
    if (req.path === `${API}/products/count.json`) return { status: 200, body: { count: catalog.size } };
    if (req.path === `${API}/products.json`) return productsPage(req, origin, catalog);
    return notFound();
  });
  return {
    ...server,
    catalog,
    productListRequests: () => server.requests.filter((r) => r.path === `${API}/products.json`),
  };
}
