import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const companiesNav: RouteNavTable = {
  'super-companies': { icon: ApartmentOutlined, pageType: 'index' },
  'super-companies-id': { crumb: (params) => `Company ${params.id ?? ''}`.trim() },
};
