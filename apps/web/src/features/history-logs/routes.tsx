import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const HistoryLogsPage = lazyPage(() => import('./HistoryLogsPage.tsx').then((m) => m.HistoryLogsPage));
const HistoryLogDetailPage = lazyPage(() =>
  import('./HistoryLogDetailPage.tsx').then((m) => m.HistoryLogDetailPage),
);

export const historyLogsRoutes: AppRoute[] = [
  {
    path: '/super/history-logs',
    meta: { name: 'super-history-logs', title: 'History logs', auth: 'super' },
    Component: HistoryLogsPage,
  },
  {
    path: '/super/history-logs/:id',
    meta: { name: 'super-history-logs-id', title: 'History log', auth: 'super' },
    Component: HistoryLogDetailPage,
  },
];
