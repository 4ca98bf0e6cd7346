/**
 * The one interface every shop platform adapter implements (WooCommerce, Shopify, ...). The sync
 * (modules/catalog/sync.ts) pages through `listProducts` and upserts by the shop's own ids.
 */
import type { ProductType } from '@rentloop/domain/enums';

export interface ShopVariant {
  /** The shop's own id of the variant (for a product without variants: the product's id). */
  shopId: string;
  sku: string | null;
  name: string;
  /** Option name -> value, e.g. { Color: 'Red', Size: 'M' }. */
  options: Record<string, string>;
  /** Decimal string in the shop's currency ("129.00"), or null when the shop has no price. */
  price: string | null;
  /** Units in stock, or null when the shop does not track stock. */
  stock: number | null;
}

export interface ShopProduct {
  shopId: string;
  name: string;
  description: string | null;
  type: ProductType;
  status: 'active' | 'draft' | 'archived';
  imageUrl: string | null;
  variants: ShopVariant[];
}

export interface ShopTaxRate {
  country: string;
  region: string | null;
  productClass: 'standard' | 'reduced' | 'zero';
  percentage: string;
  name: string | null;
}

/** A page of products and, when the shop says it, the total number of products. */
export interface ShopProductPage {
  products: ShopProduct[];
  total: number | null;
}

export interface ShopAdapter {
  /** The ISO 4217 code of the currency the shop's prices are in ("EUR"). */
  currency(options?: { signal?: AbortSignal }): Promise<string>;
  /** Every product of the shop, page by page. */
  listProducts(options?: { signal?: AbortSignal }): AsyncGenerator<ShopProductPage>;
  /** The shop's tax rates, when the platform exposes them. */
  listTaxRates?(options?: { signal?: AbortSignal }): Promise<ShopTaxRate[]>;
}

export type ShopErrorKind = 'unreachable' | 'unauthorized' | 'bad_response' | 'not_supported';

/** A failure talking to the shop, with a message a merchant can act on. */
export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** How a company reaches its shop (from its `shop_system` settings; credentials decrypted). */
export type ShopConnection =
  | {
      shop_system: 'woocommerce';
      url: string;
      credentials: { consumer_key: string; consumer_secret: string };
    }
  | { shop_system: 'shopify'; url: string; credentials: { access_token: string } };
