import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const SuperNotificationsPage = lazyPage(() =>
  import('./SuperNotificationsPage.tsx').then((m) => m.SuperNotificationsPage),
);
const SuperNotificationCreatePage = lazyPage(() =>
  import('./SuperNotificationCreatePage.tsx').then((m) => m.SuperNotificationCreatePage),
);

/** Platform notifications (spec 01 §2: `/super/notifications`, `/super/notifications-create`; operators). */
export const notificationsRoutes: AppRoute[] = [
  {
    path: '/super/notifications',
    meta: { name: 'super-notifications', title: 'Notifications', auth: 'super', needsCompany: false },
    Component: SuperNotificationsPage,
  },
  {
    path: '/super/notifications-create',
    meta: {
      name: 'super-notifications-create',
      title: 'New notification',
      auth: 'super',
      needsCompany: false,
    },
    Component: SuperNotificationCreatePage,
  },
];
