import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const SuperUsersPage = lazyPage(() => import('./SuperUsersPage.tsx').then((m) => m.SuperUsersPage));
const SuperUserCreateDialog = lazyPage(() =>
  import('./SuperUserCreateDialog.tsx').then((m) => m.SuperUserCreateDialog),
);
const SuperUserDetailPage = lazyPage(() =>
  import('./SuperUserDetailPage.tsx').then((m) => m.SuperUserDetailPage),
);

export const superUsersRoutes: AppRoute[] = [
  {
    path: '/super/users',
    meta: { name: 'super-users', needsCompany: false, title: 'Users', auth: 'super' },
    Component: SuperUsersPage,
    children: [
      {
        path: '/super/users/create',
        meta: { name: 'super-users-create', needsCompany: false, title: 'New user', auth: 'super' },
        Component: SuperUserCreateDialog,
      },
    ],
  },
  {
    path: '/super/users/:id',
    meta: { name: 'super-users-id', needsCompany: false, title: 'User', auth: 'super' },
    Component: SuperUserDetailPage,
  },
];
