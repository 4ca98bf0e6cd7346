import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const CustomersPage = lazyPage(() => import('./CustomersPage.tsx').then((m) => m.CustomersPage));
const CustomerCreateDialog = lazyPage(() =>
  import('./CustomerCreateDialog.tsx').then((m) => m.CustomerCreateDialog),
);
const CustomerDetailPage = lazyPage(() =>
  import('./CustomerDetailPage.tsx').then((m) => m.CustomerDetailPage),
);
const CustomerEditDialog = lazyPage(() =>
  import('./CustomerEditDialog.tsx').then((m) => m.CustomerEditDialog),
);

export const customersRoutes: AppRoute[] = [
  {
    path: '/cms/customers',
    meta: { name: 'cms-customers', title: 'Customers', auth: 'guest' },
    Component: CustomersPage,
    children: [
      {
        path: '/cms/customers/create',
        meta: { name: 'cms-customers-create', title: 'New customer', auth: 'guest' },
        Component: CustomerCreateDialog,
      },
    ],
  },
  {
    path: '/cms/customers/:id',
    meta: { name: 'cms-customers-id', title: 'Customer', auth: 'guest' },
    Component: CustomerDetailPage,
    children: [
      {
        path: '/cms/customers/:id/edit',
        meta: { name: 'cms-customers-id-edit', title: 'Edit', auth: 'guest' },
        Component: CustomerEditDialog,
      },
    ],
  },
];
