import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const productsNav: RouteNavTable = {
  'cms-products': { icon: Inventory2Outlined, pageType: 'index' },
  'cms-products-bundles-id': { crumb: (params) => `Bundle ${params.bundleId ?? ''}`.trim() },
  'cms-products-collections-id': { crumb: (params) => `Collection ${params.collectionId ?? ''}`.trim() },
  'cms-products-tax-id': { crumb: (params) => `Tax rule ${params.ruleId ?? ''}`.trim() },
  'cms-products-availability-sku': { crumb: (params) => params.sku ?? 'SKU' },
  'cms-products-id': { crumb: (params) => `Product ${params.id ?? ''}`.trim() },
};
