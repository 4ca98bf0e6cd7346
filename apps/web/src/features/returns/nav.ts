import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const returnsNav: RouteNavTable = {
  'cms-returns': { icon: AssignmentReturnOutlined, pageType: 'index' },
  'cms-returns-id': { crumb: (params) => `Return ${params.id ?? ''}`.trim() },
};
