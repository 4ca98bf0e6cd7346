import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const OrdersPage = lazyPage(() => import('./OrdersPage.tsx').then((m) => m.OrdersPage));
const ConsumableOrdersPage = lazyPage(() => import('./OrdersPage.tsx').then((m) => m.ConsumableOrdersPage));
const OrderDetailPage = lazyPage(() => import('./OrderDetailPage.tsx').then((m) => m.OrderDetailPage));
const DraftOrdersPage = lazyPage(() => import('./DraftOrdersPage.tsx').then((m) => m.DraftOrdersPage));
const DraftOrderDetailPage = lazyPage(() =>
  import('./DraftOrderDetailPage.tsx').then((m) => m.DraftOrderDetailPage),
);

export const ordersRoutes: AppRoute[] = [
  {
    path: '/cms/orders',
    meta: { name: 'cms-orders', title: 'Orders', auth: 'guest' },
    Component: OrdersPage,
  },
  {
    path: '/cms/orders/drafts',
    meta: { name: 'cms-orders-drafts', title: 'Quotes', auth: 'guest' },
    Component: DraftOrdersPage,
  },
  {
    path: '/cms/orders/drafts/:id',
    meta: { name: 'cms-orders-drafts-id', title: 'Quote', auth: 'guest' },
    Component: DraftOrderDetailPage,
  },
  {
    path: '/cms/orders/consumables',
    meta: { name: 'cms-orders-consumables', title: 'Consumables', auth: 'guest' },
    Component: ConsumableOrdersPage,
  },
  {
    path: '/cms/orders/consumables/:id',
    meta: { name: 'cms-orders-consumables-id', title: 'Consumable order', auth: 'guest' },
    Component: OrderDetailPage,
  },
  {
    path: '/cms/orders/:id',
    meta: { name: 'cms-orders-id', title: 'Order', auth: 'guest' },
    Component: OrderDetailPage,
  },
];
