import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const subscriptionsNav: RouteNavTable = {
  'cms-subscriptions': { icon: AutorenewOutlined, pageType: 'index' },
  'cms-subscriptions-id': { crumb: (params) => `Subscription ${params.id ?? ''}`.trim() },
};
