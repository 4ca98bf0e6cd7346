import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const historyLogsNav: RouteNavTable = {
  'super-history-logs': { icon: HistoryOutlined, pageType: 'index' },
  'super-history-logs-id': { crumb: (params) => `Entry ${params.id ?? ''}`.trim() },
};
