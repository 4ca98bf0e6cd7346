/**
 * The company settings (spec 01 §2 `/admin/settings`; admin level: owners, admins, operators) and the
 * platform's (`/super/settings`, "Settings Super": operators).
 */
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const SettingsPage = lazyPage(() => import('./SettingsPage.tsx').then((m) => m.SettingsPage));
const SuperSettingsPage = lazyPage(() => import('./SuperSettingsPage.tsx').then((m) => m.SuperSettingsPage));

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
  {
    path: '/super/settings',
    meta: {
      name: 'super-settings',
      title: 'Settings Super',
      icon: TuneOutlined,
      auth: 'super',
      pageType: 'index',
    },
    Component: SuperSettingsPage,
  },
];
