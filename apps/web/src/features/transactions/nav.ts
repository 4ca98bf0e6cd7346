import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const transactionsNav: RouteNavTable = {
  'cms-transactions': { icon: PaymentsOutlined, pageType: 'index' },
  'cms-transactions-id': { crumb: (params) => `Payment ${params.id ?? ''}`.trim() },
};
