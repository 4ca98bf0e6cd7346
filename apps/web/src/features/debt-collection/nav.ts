import GavelOutlined from '@mui/icons-material/GavelOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const debtCollectionNav: RouteNavTable = {
  'cms-debt-collection': { icon: GavelOutlined, pageType: 'index', index: 1, displayNewTag: true },
  'cms-debt-collection-claims-id': { crumb: (params) => `Claim #${params.id ?? ''}` },
};
