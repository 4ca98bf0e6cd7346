import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const InsightsPage = lazyPage(() => import('./InsightsPage.tsx').then((m) => m.InsightsPage));

export const insightsRoutes: AppRoute[] = [
  {
    path: '/cms/insights',
    meta: { name: 'cms-insights', title: 'Insights', auth: 'guest' },
    Component: InsightsPage,
  },
  {
    path: '/cms/dashboard',
    meta: { name: 'cms-dashboard', title: 'Dashboard', auth: 'guest' },
    Component: InsightsPage,
  },
];
