import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const RepairsPage = lazyPage(() => import('./RepairsPage.tsx').then((m) => m.RepairsPage));
const RepairDetailPage = lazyPage(() => import('./RepairDetailPage.tsx').then((m) => m.RepairDetailPage));

/** Repairs: a case per asset sent to repair, answered with the questionnaire (spec 01 §2). */
export const repairsRoutes: AppRoute[] = [
  {
    path: '/cms/repairs',
    meta: { name: 'cms-repairs', title: 'Repairs', auth: 'guest' },
    Component: RepairsPage,
  },
  {
    path: '/cms/repairs/:id',
    meta: { name: 'cms-repairs-id', title: 'Repair', auth: 'guest' },
    Component: RepairDetailPage,
  },
];
