import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const DebtCollectionPage = lazyPage(() =>
  import('./DebtCollectionPage.tsx').then((m) => m.DebtCollectionPage),
);
const ClaimDetailPage = lazyPage(() => import('./ClaimDetailPage.tsx').then((m) => m.ClaimDetailPage));

/**
 * Debt collection (spec 01 §2 `/cms/debt-collection`, `/cms/debt-collection/claims/{id}`, flagged New;
 * spec 02 §6: guest level). The drawer shows the entry only while the company's `debt_collection` feature
 * flag is on, and its New tag while `new_tags` is (drawer-menu.ts `withFeatureFlags`).
 */
export const debtCollectionRoutes: AppRoute[] = [
  {
    path: '/cms/debt-collection',
    meta: { name: 'cms-debt-collection', title: 'Debt Collection', auth: 'guest' },
    Component: DebtCollectionPage,
  },
  {
    path: '/cms/debt-collection/claims/:id',
    meta: { name: 'cms-debt-collection-claims-id', title: 'Claim', auth: 'guest' },
    Component: ClaimDetailPage,
  },
];
