import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const notificationsNav: RouteNavTable = {
  'super-notifications': { icon: NotificationsOutlined, pageType: 'index' },
};
