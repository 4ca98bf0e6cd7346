import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const WebhooksPage = lazyPage(() => import('./WebhooksPage.tsx').then((m) => m.WebhooksPage));
const WebhookCreateDialog = lazyPage(() => import('./WebhookDialogs.tsx').then((m) => m.WebhookCreateDialog));
const WebhookEditDialog = lazyPage(() => import('./WebhookDialogs.tsx').then((m) => m.WebhookEditDialog));
const WebhookDetailPage = lazyPage(() => import('./WebhookDetailPage.tsx').then((m) => m.WebhookDetailPage));
const DeliveryDialog = lazyPage(() => import('./DeliveryDialog.tsx').then((m) => m.DeliveryDialog));

/**
 * Webhooks (spec 01 §2 `/admin/webhooks`, spec 02 §7): the admin level (owner, admin, operators), which
 * the name's `admin` also asks of the guard. The list, a webhook's page with its deliveries, and dialogs.
 */
export const webhooksRoutes: AppRoute[] = [
  {
    path: '/admin/webhooks',
    meta: { name: 'admin-webhooks', title: 'Webhooks', auth: 'admin' },
    Component: WebhooksPage,
    children: [
      {
        path: '/admin/webhooks/create',
        meta: { name: 'admin-webhooks-create', title: 'New webhook', auth: 'admin' },
        Component: WebhookCreateDialog,
      },
    ],
  },
  {
    path: '/admin/webhooks/:id',
    meta: { name: 'admin-webhooks-id', title: 'Webhook', auth: 'admin' },
    Component: WebhookDetailPage,
    children: [
      {
        path: '/admin/webhooks/:id/edit',
        meta: { name: 'admin-webhooks-id-edit', title: 'Edit webhook', auth: 'admin' },
        Component: WebhookEditDialog,
      },
      {
        path: '/admin/webhooks/:id/deliveries/:deliveryId',
        meta: { name: 'admin-webhooks-id-deliveries-id', title: 'Delivery', auth: 'admin' },
        Component: DeliveryDialog,
      },
    ],
  },
];
