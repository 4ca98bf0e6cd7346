import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const OrderBuilderPage = lazyPage(() => import('./OrderBuilderPage.tsx').then((m) => m.OrderBuilderPage));

/** `/cms/orders/create`: not in the drawer (the orders list links to it). */
export const orderBuilderRoutes: AppRoute[] = [
  {
    path: '/cms/orders/create',
    meta: { name: 'cms-orders-create', title: 'New order', auth: 'guest' },
    Component: OrderBuilderPage,
  },
];
