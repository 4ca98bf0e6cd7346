import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const emailHistoryNav: RouteNavTable = {
  'admin-email-history': { icon: MarkEmailReadOutlined, pageType: 'index' },
};
