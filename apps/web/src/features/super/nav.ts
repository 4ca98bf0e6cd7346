import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const superUsersNav: RouteNavTable = {
  'super-users': { icon: ManageAccountsOutlined, pageType: 'index' },
  'super-users-id': { crumb: (params) => `User ${params.id ?? ''}`.trim() },
};
