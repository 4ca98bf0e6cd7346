import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const settingsNav: RouteNavTable = {
  'admin-settings': { icon: SettingsOutlined, pageType: 'index' },
  'super-settings': { icon: TuneOutlined, pageType: 'index' },
};
