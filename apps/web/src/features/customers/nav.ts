import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const customersNav: RouteNavTable = {
  'cms-customers': { icon: PeopleAltOutlined, pageType: 'index' },
  'cms-customers-id': { crumb: (params) => `Customer ${params.id ?? ''}`.trim() },
};
