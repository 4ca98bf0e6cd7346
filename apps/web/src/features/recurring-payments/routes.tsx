import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const RecurringPaymentsPage = lazyPage(() =>
  import('./RecurringPaymentsPage.tsx').then((m) => m.RecurringPaymentsPage),
);

export const recurringPaymentsRoutes: AppRoute[] = [
  {
    path: '/cms/recurring-payments',
    meta: {
      name: 'cms-recurring-payments',
      title: 'Recurring Payments',
      icon: EventRepeatOutlined,
      auth: 'guest',
      pageType: 'index',
    },
    Component: RecurringPaymentsPage,
  },
];
