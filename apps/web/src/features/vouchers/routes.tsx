import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const VouchersPage = lazyPage(() => import('./VouchersPage.tsx').then((m) => m.VouchersPage));
const VoucherCreateDialog = lazyPage(() => import('./VoucherDialogs.tsx').then((m) => m.VoucherCreateDialog));
const VoucherEditDialog = lazyPage(() => import('./VoucherDialogs.tsx').then((m) => m.VoucherEditDialog));
const VoucherProductsDialog = lazyPage(() =>
  import('./VoucherProductsDialog.tsx').then((m) => m.VoucherProductsDialog),
);

export const vouchersRoutes: AppRoute[] = [
  {
    path: '/cms/vouchers',
    meta: { name: 'cms-vouchers', title: 'Vouchers', auth: 'guest' },
    Component: VouchersPage,
    children: [
      {
        path: '/cms/vouchers/create',
        meta: { name: 'cms-vouchers-create', title: 'New voucher', auth: 'guest' },
        Component: VoucherCreateDialog,
      },
      {
        path: '/cms/vouchers/:id/edit',
        meta: { name: 'cms-vouchers-id-edit', title: 'Edit voucher', auth: 'guest' },
        Component: VoucherEditDialog,
      },
      {
        path: '/cms/vouchers/:id/products',
        meta: { name: 'cms-vouchers-id-products', title: 'Voucher products', auth: 'guest' },
        Component: VoucherProductsDialog,
      },
    ],
  },
];
