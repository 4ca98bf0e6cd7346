import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const ReturnsPage = lazyPage(() => import('./ReturnsPage.tsx').then((m) => m.ReturnsPage));
const ReturnDetailPage = lazyPage(() => import('./ReturnDetailPage.tsx').then((m) => m.ReturnDetailPage));

/** Returns: rented units coming back (spec 01 §2 `/cms/returns`; the detail screen is ours). */
export const returnsRoutes: AppRoute[] = [
  {
    path: '/cms/returns',
    meta: { name: 'cms-returns', title: 'Returns', auth: 'guest' },
    Component: ReturnsPage,
  },
  {
    path: '/cms/returns/:id',
    meta: { name: 'cms-returns-id', title: 'Return', auth: 'guest' },
    Component: ReturnDetailPage,
  },
];
