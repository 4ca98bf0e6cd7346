/** The company settings (spec 01 §2 `/admin/settings`; admin level: owners, admins, operators). */
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const SettingsPage = lazyPage(() => import('./SettingsPage.tsx').then((m) => m.SettingsPage));

export const settingsRoutes: AppRoute[] = [
  {
    path: '/admin/settings',
    meta: {
      name: 'admin-settings',
      title: 'Settings',
      icon: SettingsOutlined,
      auth: 'admin',
      pageType: 'index',
    },
    Component: SettingsPage,
  },
];
