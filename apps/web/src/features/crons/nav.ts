import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const cronsNav: RouteNavTable = {
  'super-cron': { icon: ScheduleOutlined, pageType: 'index' },
};
