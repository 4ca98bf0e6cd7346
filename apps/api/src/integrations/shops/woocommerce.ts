/**
 * WooCommerce REST API v3 (`/wp-json/wc/v3`): products page by page (`per_page` at most 100, the
 * `X-WP-Total` / `X-WP-TotalPages` headers), a variable product's variations from
 * `/products/{id}/variations`, the tax rates from `/taxes`, and the store's currency from
 * `/data/currencies/current`. Authentication is HTTP Basic with the
 * REST API consumer key and secret (WooCommerce accepts it over HTTPS; plain http only reaches a local
 * test shop). Mapping rules are in docs/shops.md.
 */
import type { ProductType } from '@rentloop/domain/enums';
import { z } from 'zod';
import { createShopHttp, mapLimit, type ShopAdapterOptions, type ShopHttp } from './http.ts';
import type { ShopAdapter, ShopProduct, ShopProductPage, ShopTaxRate, ShopVariant } from './types.ts';

export const WOOCOMMERCE_UNAUTHORIZED = 'The shop refused the credentials. Check the API key and secret.';
const API = '/wp-json/wc/v3';
const PER_PAGE = 100;
/** Variations fetched at once for the variable products of a page. */
const VARIATION_CONCURRENCY = 4;
const MAX_PAGES = 100_000;

/** A WooCommerce price: a decimal string, or '' when the product has none. */
const price = z
  .string()
  .regex(/^\d+(\.\d+)?$|^$/, 'not a decimal price')
  .nullish();
const term = z.object({ slug: z.string() });
const image = z.object({ src: z.string() });

const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  description: z.string().nullish(),
  sku: z.string().nullish(),
  price,
  regular_price: price,
  virtual: z.boolean().optional(),
  downloadable: z.boolean().optional(),
  manage_stock: z.boolean().nullish(),
  stock_quantity: z.number().nullish(),
  images: z.array(image).nullish(),
  categories: z.array(term).nullish(),
  tags: z.array(term).nullish(),
  variations: z.array(z.number().int()).nullish(),
});
type WooProduct = z.infer<typeof productSchema>;

const variationSchema = z.object({
  id: z.number().int().positive(),
  /** Not sent by older WooCommerce versions. */
  name: z.string().nullish(),
  sku: z.string().nullish(),
  price,
  regular_price: price,
  virtual: z.boolean().optional(),
  downloadable: z.boolean().optional(),
  /** true, false, or 'parent' when the variation shares the product's stock. */
  manage_stock: z.union([z.boolean(), z.literal('parent')]).nullish(),
  stock_quantity: z.number().nullish(),
  attributes: z.array(z.object({ name: z.string(), option: z.string() })).nullish(),
});
type WooVariation = z.infer<typeof variationSchema>;

const taxSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  state: z.string(),
  rate: z.string().regex(/^\d+(\.\d+)?$/, 'not a decimal rate'),
  name: z.string().nullish(),
  priority: z.number().int().nullish(),
  order: z.number().int().nullish(),
  class: z.string(),
  postcodes: z.array(z.string()).nullish(),
  cities: z.array(z.string()).nullish(),
  postcode: z.string().nullish(),
  city: z.string().nullish(),
});

/** `GET /data/currencies/current`: the store's currency ({ code, name, symbol, _links }). */
const currencyResponse = z.object({
  code: z.string().regex(/^[A-Za-z]{3}$/, 'not a currency code'),
  name: z.string().nullish(),
  symbol: z.string().nullish(),
});

const TAX_CLASSES: Record<string, ShopTaxRate['productClass']> = {
  standard: 'standard',
  'reduced-rate': 'reduced',
  'zero-rate': 'zero',
};

const CONSUMABLE_SLUGS = new Set(['consumable', 'consumables']);

/** The price a customer pays now (`price`, the sale price while on sale), else the regular price. */
const priceOf = (p: { price?: string | null; regular_price?: string | null }) =>
  p.price || p.regular_price || null;

const stockOf = (manage: boolean | null | undefined, quantity: number | null | undefined) =>
  manage === true && quantity !== null && quantity !== undefined ? Math.trunc(quantity) : null;

const isDigital = (p: { virtual?: boolean; downloadable?: boolean }) => Boolean(p.virtual || p.downloadable);

/** consumable by tag or category slug; digital when virtual or downloadable (all variations of a variable one). */
export function wooProductType(product: WooProduct, variations: WooVariation[]): ProductType {
  const slugs = [...(product.tags ?? []), ...(product.categories ?? [])].map((t) => t.slug.toLowerCase());
  if (slugs.some((s) => CONSUMABLE_SLUGS.has(s))) return 'consumable';
  if (isDigital(product)) return 'digital';
  if (variations.length > 0 && variations.every(isDigital)) return 'digital';
  return 'normal';
}

/** publish -> active; trash -> archived; draft, pending, private, future and anything else -> draft. */
export function wooProductStatus(status: string): ShopProduct['status'] {
  if (status === 'publish') return 'active';
  if (status === 'trash') return 'archived';
  return 'draft';
}

function variantOf(product: WooProduct, v: WooVariation): ShopVariant {
  const options: Record<string, string> = {};
  for (const a of v.attributes ?? []) if (a.option !== '') options[a.name] = a.option;
  const values = Object.values(options);
  const fallbackName = values.length > 0 ? `${product.name} - ${values.join(', ')}` : product.name;
  const stock =
    v.manage_stock === 'parent'
      ? stockOf(product.manage_stock, product.stock_quantity)
      : stockOf(v.manage_stock === true, v.stock_quantity);
  return {
    shopId: String(v.id),
    sku: v.sku || null,
    name: v.name || fallbackName,
    options,
    price: priceOf(v),
    stock,
  };
}

export function mapWooProduct(product: WooProduct, variations: WooVariation[]): ShopProduct {
  const variants: ShopVariant[] =
    product.type === 'variable'
      ? variations.map((v) => variantOf(product, v))
      : [
          {
            shopId: String(product.id),
            sku: product.sku || null,
            name: product.name,
            options: {},
            price: priceOf(product),
            stock: stockOf(product.manage_stock, product.stock_quantity),
          },
        ];
  return {
    shopId: String(product.id),
    name: product.name,
    description: product.description || null,
    type: wooProductType(product, variations),
    status: wooProductStatus(product.status),
    imageUrl: product.images?.[0]?.src || null,
    variants,
  };
}

/** An integer response header, or null when it is missing or not a number. */
const intHeader = (headers: Headers, name: string) => {
  const v = headers.get(name);
  return v !== null && /^\d+$/.test(v.trim()) ? Number.parseInt(v, 10) : null;
};

/** Every page of a WooCommerce collection, following X-WP-TotalPages (or until a short page). */
async function* pages<S extends z.ZodType>(
  http: ShopHttp,
  path: string,
  item: S,
  signal: AbortSignal | undefined,
): AsyncGenerator<{ items: z.infer<S>[]; total: number | null }> {
  const list = z.array(item);
  for (let page = 1; page <= MAX_PAGES; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const { data, headers } = await http.getJson(`${path}${sep}per_page=${PER_PAGE}&page=${page}`, list, {
      signal,
    });
    const totalPages = intHeader(headers, 'x-wp-totalpages');
    yield { items: data as z.infer<S>[], total: intHeader(headers, 'x-wp-total') };
    const last = totalPages !== null ? page >= totalPages : data.length < PER_PAGE;
    if (last || data.length === 0) return;
  }
}

export function createWooCommerceAdapter(
  connection: { url: string; credentials: { consumer_key: string; consumer_secret: string } },
  options?: ShopAdapterOptions,
): ShopAdapter {
  const basic = Buffer.from(
    `${connection.credentials.consumer_key}:${connection.credentials.consumer_secret}`,
  ).toString('base64');
  const http = createShopHttp({
    url: connection.url,
    headers: { authorization: `Basic ${basic}` },
    unauthorizedMessage: WOOCOMMERCE_UNAUTHORIZED,
    options,
  });

  async function variationsOf(product: WooProduct, signal: AbortSignal | undefined) {
    if (product.type !== 'variable' || (product.variations?.length ?? 0) === 0) return [];
    const out: WooVariation[] = [];
    for await (const page of pages(
      http,
      `${API}/products/${product.id}/variations?orderby=id&order=asc`,
      variationSchema,
      signal,
    )) {
      out.push(...page.items);
    }
    return out;
  }

  return {
    async currency(opts = {}) {
      const { data } = await http.getJson(`${API}/data/currencies/current`, currencyResponse, opts);
      return data.code.toUpperCase();
    },

    async *listProducts(opts = {}): AsyncGenerator<ShopProductPage> {
      // Oldest first by id: a product created during the sync lands on a later page instead of shifting the pages.
      for await (const page of pages(
        http,
        `${API}/products?orderby=id&order=asc`,
        productSchema,
        opts.signal,
      )) {
        const products = await mapLimit(page.items, VARIATION_CONCURRENCY, async (p) =>
          mapWooProduct(p, await variationsOf(p, opts.signal)),
        );
        yield { products, total: page.total };
      }
    },

    /**
     * The shop's tax rates, highest priority first. Rates Rentloop's rules cannot express are left out:
     * no country (applies everywhere), limited to postcodes or cities, or a custom tax class.
     */
    async listTaxRates(opts = {}) {
      const rates: z.infer<typeof taxSchema>[] = [];
      for await (const page of pages(http, `${API}/taxes?orderby=order&order=asc`, taxSchema, opts.signal)) {
        rates.push(...page.items);
      }
      rates.sort((a, b) => (a.priority ?? 1) - (b.priority ?? 1) || (a.order ?? 0) - (b.order ?? 0));
      const out: ShopTaxRate[] = [];
      for (const r of rates) {
        const productClass = TAX_CLASSES[r.class];
        const limited =
          (r.postcodes?.length ?? 0) > 0 ||
          (r.cities?.length ?? 0) > 0 ||
          Boolean(r.postcode) ||
          Boolean(r.city);
        if (!productClass || !r.country || limited) continue;
        out.push({
          country: r.country.toLowerCase(),
          region: r.state ? r.state.toUpperCase() : null,
          productClass,
          percentage: r.rate,
          name: r.name || null,
        });
      }
      return out;
    },
  };
}
