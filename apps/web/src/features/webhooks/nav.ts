import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type { RouteNavTable } from '../../app/route-meta.ts';

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const webhooksNav: RouteNavTable = {
  'admin-webhooks': { icon: WebhookOutlined, pageType: 'index' },
  'admin-webhooks-id': { crumb: (params) => `Webhook ${params.id ?? ''}`.trim() },
};
