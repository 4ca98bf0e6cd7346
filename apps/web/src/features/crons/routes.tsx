import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const CronPage = lazyPage(() => import('./CronPage.tsx').then((m) => m.CronPage));
const CronCreateDialog = lazyPage(() => import('./CronDialogs.tsx').then((m) => m.CronCreateDialog));
const CronEditDialog = lazyPage(() => import('./CronDialogs.tsx').then((m) => m.CronEditDialog));

/** The Cron Manager (spec 01 §2: `/super/cron`; the drawer's Operator section). */
export const cronsRoutes: AppRoute[] = [
  {
    path: '/super/cron',
    meta: { name: 'super-cron', title: 'Cron Manager', auth: 'super' },
    Component: CronPage,
    children: [
      {
        path: '/super/cron/create',
        meta: { name: 'super-cron-create', title: 'New cron', auth: 'super' },
        Component: CronCreateDialog,
      },
      {
        path: '/super/cron/:id/edit',
        meta: { name: 'super-cron-id-edit', title: 'Edit', auth: 'super' },
        Component: CronEditDialog,
      },
    ],
  },
];
