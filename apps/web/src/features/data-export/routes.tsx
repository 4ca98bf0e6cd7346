import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const DataExportPage = lazyPage(() => import('./DataExportPage.tsx').then((m) => m.DataExportPage));

/**
 * Data export (spec 01 §2 `/cms/data-export/{token?}`): the form, the user's recent exports, and with a
 * token (the notification's link) that export's download. An index page of the drawer's main section
 * (spec 01 §2: index pages declared by routes follow Repairs), after Vouchers.
 */
export const dataExportRoutes: AppRoute[] = [
  {
    path: '/cms/data-export',
    meta: { name: 'cms-data-export', title: 'Data Export', auth: 'guest' },
    Component: DataExportPage,
  },
  {
    path: '/cms/data-export/:token',
    meta: { name: 'cms-data-export-token', title: 'Data Export', auth: 'guest' },
    Component: DataExportPage,
  },
];
