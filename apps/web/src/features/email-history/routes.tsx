import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const EmailHistoryPage = lazyPage(() => import('./EmailHistoryPage.tsx').then((m) => m.EmailHistoryPage));

export const emailHistoryRoutes: AppRoute[] = [
  {
    path: '/admin/email-history',
    meta: { name: 'admin-email-history', title: 'Email History', auth: 'admin' },
    Component: EmailHistoryPage,
  },
];
