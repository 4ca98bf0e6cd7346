import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const ProfilePage = lazyPage(() => import('./ProfilePage.tsx').then((m) => m.ProfilePage));

export const profileRoutes: AppRoute[] = [
  {
    path: '/auth/profile',
    meta: { name: 'auth-profile', title: 'Profile', auth: 'account' },
    Component: ProfilePage,
  },
];
