import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const invoicesNav: RouteNavTable = {
  'cms-invoices': { icon: RequestQuoteOutlined, pageType: 'index' },
  'cms-invoice-downloads-id': { crumb: (params) => `Invoices download ${params.id ?? ''}`.trim() },
  'cms-invoices-id': { crumb: (params) => `Invoice ${params.id ?? ''}`.trim() },
  'cms-invoices-id-cancel': { crumb: (params) => `Cancel invoice ${params.id ?? ''}`.trim() },
  'cms-invoices-id-edit': { crumb: (params) => `Edit invoice ${params.id ?? ''}`.trim() },
};
