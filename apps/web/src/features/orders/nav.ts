import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const ordersNav: RouteNavTable = {
  'cms-orders': { icon: ReceiptLongOutlined, pageType: 'index' },
  'cms-orders-drafts-id': { crumb: (params) => `Quote ${params.id ?? ''}`.trim() },
  'cms-orders-consumables-id': { crumb: (params) => `Order ${params.id ?? ''}`.trim() },
  'cms-orders-id': { crumb: (params) => `Order ${params.id ?? ''}`.trim() },
};
