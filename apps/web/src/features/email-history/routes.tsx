import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const EmailHistoryPage = lazyPage(() => import('./EmailHistoryPage.tsx').then((m) => m.EmailHistoryPage));

export const emailHistoryRoutes: AppRoute[] = [
  {
    path: '/admin/email-history',
    meta: {
      name: 'admin-email-history',
      title: 'Email History',
      icon: MarkEmailReadOutlined,
      auth: 'admin',
      pageType: 'index',
    },
    Component: EmailHistoryPage,
  },
];
