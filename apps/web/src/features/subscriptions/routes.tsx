import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const SubscriptionsPage = lazyPage(() => import('./SubscriptionsPage.tsx').then((m) => m.SubscriptionsPage));
const SubscriptionDetailPage = lazyPage(() =>
  import('./SubscriptionDetailPage.tsx').then((m) => m.SubscriptionDetailPage),
);

export const subscriptionsRoutes: AppRoute[] = [
  {
    path: '/cms/subscriptions',
    meta: { name: 'cms-subscriptions', title: 'Subscriptions', auth: 'guest' },
    Component: SubscriptionsPage,
  },
  {
    path: '/cms/subscriptions/:id',
    meta: { name: 'cms-subscriptions-id', title: 'Subscription', auth: 'guest' },
    Component: SubscriptionDetailPage,
  },
];
