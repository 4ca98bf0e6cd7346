import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const TransactionsPage = lazyPage(() => import('./TransactionsPage.tsx').then((m) => m.TransactionsPage));
const TransactionDetailPage = lazyPage(() =>
  import('./TransactionDetailPage.tsx').then((m) => m.TransactionDetailPage),
);

/** Transactions on the wire and in the URL, "Payments" to merchants (spec 01 §1). */
export const transactionsRoutes: AppRoute[] = [
  {
    path: '/cms/transactions',
    meta: { name: 'cms-transactions', title: 'Payments', auth: 'guest' },
    Component: TransactionsPage,
  },
  {
    path: '/cms/transactions/:id',
    meta: { name: 'cms-transactions-id', title: 'Payment', auth: 'guest' },
    Component: TransactionDetailPage,
  },
];
