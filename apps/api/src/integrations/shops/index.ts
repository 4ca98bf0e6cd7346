/**
 * The shop adapter for a company's connection. Each platform lives in its own file; all share the
 * HTTP client in http.ts (timeout, retries, same-origin redirects, `ShopError`s).
 */
import type { ShopAdapterOptions } from './http.ts';
import { createShopifyAdapter } from './shopify.ts';
import type { ShopAdapter, ShopConnection } from './types.ts';
import { ShopError } from './types.ts';
import { createWooCommerceAdapter } from './woocommerce.ts';

export type { ShopAdapterOptions } from './http.ts';

/** Platforms with an adapter (the others in SHOP_SYSTEMS can be configured but not synced yet). */
export const SHOP_ADAPTERS = ['woocommerce', 'shopify'] as const;

export const hasShopAdapter = (system: string | null | undefined): system is (typeof SHOP_ADAPTERS)[number] =>
  (SHOP_ADAPTERS as readonly string[]).includes(system ?? '');

export function createShopAdapter(connection: ShopConnection, opts?: ShopAdapterOptions): ShopAdapter {
  switch (connection.shop_system) {
    case 'woocommerce':
      return createWooCommerceAdapter(connection, opts);
    case 'shopify':
      return createShopifyAdapter(connection, opts);
    default: {
      const system = (connection as { shop_system: string }).shop_system;
      throw new ShopError('not_supported', `Product sync for ${system} is not available yet.`);
    }
  }
}
