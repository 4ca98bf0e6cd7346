import BuildOutlined from '@mui/icons-material/BuildOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const repairsNav: RouteNavTable = {
  'cms-repairs': { icon: BuildOutlined, pageType: 'index' },
  'cms-repairs-id': { crumb: (params) => `Repair ${params.id ?? ''}`.trim() },
};
