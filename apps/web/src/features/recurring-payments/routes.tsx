import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const RecurringPaymentsPage = lazyPage(() =>
  import('./RecurringPaymentsPage.tsx').then((m) => m.RecurringPaymentsPage),
);

export const recurringPaymentsRoutes: AppRoute[] = [
  {
    path: '/cms/recurring-payments',
    meta: { name: 'cms-recurring-payments', title: 'Recurring Payments', auth: 'guest' },
    Component: RecurringPaymentsPage,
  },
];
