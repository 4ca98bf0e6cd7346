import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const eventsNav: RouteNavTable = {
  'super-events': { icon: EventNoteOutlined, pageType: 'index' },
  'super-events-id': { crumb: (params) => `Event ${params.id ?? ''}`.trim() },
};
