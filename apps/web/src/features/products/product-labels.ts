/**
 * A product's status and source as the screens name them. Apart from product-form.ts, whose schemas
 * bring zod and the catalog's country tables (~80 kB gzip): the products list shows these labels
 * without loading the form (docs/performance.md, "First load of the web app").
 */
import type { Product } from '@rentloop/domain/catalog';

export const STATUS_LABELS: Record<Product['status'], string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
  deleted_in_shop: 'Deleted in shop',
};
export const SOURCE_LABELS: Record<Product['source'], string> = {
  manual: 'Manual',
  magento: 'Magento',
  saleor: 'Saleor',
  shopify: 'Shopify',
  shopware5: 'Shopware 5',
  shopware6: 'Shopware 6',
  woocommerce: 'WooCommerce',
};
