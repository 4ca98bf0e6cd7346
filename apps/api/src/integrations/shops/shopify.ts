/**
 * Shopify Admin REST API (version 2024-10): `products.json` with up to 250 products a page and
 * cursor pagination through the `Link: <...page_info=...>; rel="next"` header, the total from
 * `products/count.json`, variants embedded in each product, the store's currency from `shop.json`. Authentication is the Admin API access
 * token in `X-Shopify-Access-Token`. Shopify publishes no tax-rate list through this API, so the
 * adapter has no `listTaxRates`. Mapping rules are in docs/shops.md.
 */
import type { ProductType } from '@rentloop/domain/enums';
import { z } from 'zod';
import { createShopHttp, type ShopAdapterOptions } from './http.ts';
import type { ShopAdapter, ShopProduct, ShopProductPage, ShopVariant } from './types.ts';

export const SHOPIFY_API_VERSION = '2024-10';
export const SHOPIFY_UNAUTHORIZED = 'The shop refused the credentials. Check the Admin API access token.';
const API = `/admin/api/${SHOPIFY_API_VERSION}`;
const LIMIT = 250;
const MAX_PAGES = 100_000;

/** Shopify ids are 64-bit integers: read as JSON numbers (exact below 2^53) or strings. */
const id = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String);
const option = z.string().nullish();

const variantSchema = z.object({
  id,
  title: z.string(),
  sku: z.string().nullish(),
  price: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'not a decimal price')
    .nullish(),
  inventory_quantity: z.number().int().nullish(),
  inventory_management: z.string().nullish(),
  requires_shipping: z.boolean().nullish(),
  option1: option,
  option2: option,
  option3: option,
});
type ShopifyVariant = z.infer<typeof variantSchema>;

const productSchema = z.object({
  id,
  title: z.string(),
  body_html: z.string().nullish(),
  product_type: z.string().nullish(),
  /** Comma-separated. */
  tags: z.string().nullish(),
  status: z.string(),
  image: z.object({ src: z.string() }).nullish(),
  images: z.array(z.object({ src: z.string() })).nullish(),
  options: z.array(z.object({ name: z.string(), position: z.number().int().nullish() })).nullish(),
  variants: z.array(variantSchema),
});
type ShopifyProduct = z.infer<typeof productSchema>;

const productsResponse = z.object({ products: z.array(productSchema) });
const countResponse = z.object({ count: z.number().int().min(0) });
/** `shop.json`: the store's settings; `currency` is the one its prices are in. */
const shopResponse = z.object({
  shop: z.object({ currency: z.string().regex(/^[A-Za-z]{3}$/, 'not a currency code') }),
});

const DEFAULT_TITLE = 'Default Title';
const CONSUMABLE = new Set(['consumable', 'consumables']);
const DIGITAL = new Set(['digital', 'digital product', 'digital products']);

const tagsOf = (p: ShopifyProduct) =>
  (p.tags ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

/**
 * consumable: the tag `consumable` or the product type "Consumable"; digital: the tag `digital`, the
 * product type "Digital", or no variant requires shipping (how Shopify marks digital goods); else normal.
 */
export function shopifyProductType(p: ShopifyProduct): ProductType {
  const tags = tagsOf(p);
  const type = (p.product_type ?? '').trim().toLowerCase();
  if (CONSUMABLE.has(type) || tags.some((t) => CONSUMABLE.has(t))) return 'consumable';
  if (DIGITAL.has(type) || tags.some((t) => DIGITAL.has(t))) return 'digital';
  if (p.variants.length > 0 && p.variants.every((v) => v.requires_shipping === false)) return 'digital';
  return 'normal';
}

/** active, draft and archived as they are; anything else (a future status) as draft. */
export function shopifyProductStatus(status: string): ShopProduct['status'] {
  return status === 'active' || status === 'archived' ? status : 'draft';
}

function variantOf(product: ShopifyProduct, v: ShopifyVariant): ShopVariant {
  const names = [...(product.options ?? [])]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((o) => o.name);
  const options: Record<string, string> = {};
  [v.option1, v.option2, v.option3].forEach((value, i) => {
    if (value === null || value === undefined || value === '') return;
    if (value === DEFAULT_TITLE && product.variants.length === 1) return;
    options[names[i] ?? `Option ${i + 1}`] = value;
  });
  return {
    shopId: v.id,
    sku: v.sku || null,
    name: v.title === DEFAULT_TITLE || v.title === '' ? product.title : v.title,
    options,
    price: v.price ?? null,
    stock: v.inventory_management === 'shopify' ? (v.inventory_quantity ?? null) : null,
  };
}

export function mapShopifyProduct(p: ShopifyProduct): ShopProduct {
  return {
    shopId: p.id,
    name: p.title,
    description: p.body_html || null,
    type: shopifyProductType(p),
    status: shopifyProductStatus(p.status),
    imageUrl: p.image?.src || p.images?.[0]?.src || null,
    variants: p.variants.map((v) => variantOf(p, v)),
  };
}

/** The `rel="next"` target of a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const m of header.matchAll(/<([^>]+)>\s*;\s*rel="?([^",;]+)"?/g)) {
    if (m[2]?.trim() === 'next') return m[1] ?? null;
  }
  return null;
}

export function createShopifyAdapter(
  connection: { url: string; credentials: { access_token: string } },
  options?: ShopAdapterOptions,
): ShopAdapter {
  const http = createShopHttp({
    url: connection.url,
    headers: { 'x-shopify-access-token': connection.credentials.access_token },
    unauthorizedMessage: SHOPIFY_UNAUTHORIZED,
    options,
  });

  return {
    async currency(opts = {}) {
      const { data } = await http.getJson(`${API}/shop.json`, shopResponse, opts);
      return data.shop.currency.toUpperCase();
    },

    async *listProducts(opts = {}): AsyncGenerator<ShopProductPage> {
      const { signal } = opts;
      const { data: count } = await http.getJson(`${API}/products/count.json`, countResponse, { signal });
      let target: string | null = `${API}/products.json?limit=${LIMIT}`;
      for (let page = 1; target && page <= MAX_PAGES; page++) {
        const res: Awaited<ReturnType<typeof http.getJson<typeof productsResponse>>> = await http.getJson(
          target,
          productsResponse,
          { signal },
        );
        yield { products: res.data.products.map(mapShopifyProduct), total: count.count };
        const next = nextLink(res.headers.get('link'));
        // The cursor must stay on the shop's own origin (checked again by getJson).
        target = next ? http.resolve(next).toString() : null;
      }
    },
  };
}
