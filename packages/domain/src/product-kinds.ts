/**
 * A product's sources, statuses and tax classes. Apart from catalog.ts (which re-exports them): zod-free
 * and without the country tables catalog.ts imports, so the products list, which filters by status,
 * loads neither (docs/performance.md, "First load of the web app").
 */
export const PRODUCT_SOURCES = [
  'manual',
  'magento',
  'saleor',
  'shopify',
  'shopware5',
  'shopware6',
  'woocommerce',
] as const;
export const PRODUCT_STATUSES = ['active', 'draft', 'archived', 'deleted_in_shop'] as const;
/** Tax classes a product can belong to; a tax rule applies to one class. */
export const PRODUCT_CLASSES = ['standard', 'reduced', 'zero'] as const;
