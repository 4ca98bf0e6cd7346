import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const InsightsPage = lazyPage(() => import('./InsightsPage.tsx').then((m) => m.InsightsPage));

export const insightsRoutes: AppRoute[] = [
  {
    path: '/cms/insights',
    meta: {
      name: 'cms-insights',
      title: 'Insights',
      icon: InsightsOutlined,
      auth: 'guest',
      pageType: 'index',
    },
    Component: InsightsPage,
  },
  {
    path: '/cms/dashboard',
    meta: { name: 'cms-dashboard', title: 'Dashboard', icon: InsightsOutlined, auth: 'guest' },
    Component: InsightsPage,
  },
];
