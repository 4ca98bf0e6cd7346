import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const assetsNav: RouteNavTable = {
  'cms-assets': { icon: QrCode2Outlined, pageType: 'index' },
  'cms-assets-id': { crumb: (params) => `Asset ${params.id ?? ''}`.trim() },
};
