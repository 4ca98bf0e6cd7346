import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const AssetsPage = lazyPage(() => import('./AssetsPage.tsx').then((m) => m.AssetsPage));
const AssetCreateDialog = lazyPage(() => import('./AssetCreateDialog.tsx').then((m) => m.AssetCreateDialog));
const AssetDetailPage = lazyPage(() => import('./AssetDetailPage.tsx').then((m) => m.AssetDetailPage));

/** Assets: product tracking, one record per physical unit (spec 01 §2 `/cms/assets`, `/cms/assets/{id}`). */
export const assetsRoutes: AppRoute[] = [
  {
    path: '/cms/assets',
    meta: { name: 'cms-assets', title: 'Assets', auth: 'guest' },
    Component: AssetsPage,
    children: [
      {
        path: '/cms/assets/create',
        meta: { name: 'cms-assets-create', title: 'New asset', auth: 'guest' },
        Component: AssetCreateDialog,
      },
    ],
  },
  {
    path: '/cms/assets/:id',
    meta: { name: 'cms-assets-id', title: 'Asset', auth: 'guest' },
    Component: AssetDetailPage,
  },
];
