import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const UsersPage = lazyPage(() => import('./UsersPage.tsx').then((m) => m.UsersPage));
const UserCreateDialog = lazyPage(() => import('./UserCreateDialog.tsx').then((m) => m.UserCreateDialog));

export const usersRoutes: AppRoute[] = [
  {
    path: '/admin/users',
    meta: { name: 'admin-users', title: 'Users', auth: 'admin' },
    Component: UsersPage,
    children: [
      {
        path: '/admin/users/create',
        meta: { name: 'admin-users-create', title: 'Invite user', auth: 'admin' },
        Component: UserCreateDialog,
      },
    ],
  },
];
