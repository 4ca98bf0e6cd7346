import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const InvoicesPage = lazyPage(() => import('./InvoicesPage.tsx').then((m) => m.InvoicesPage));
const InvoiceDetailPage = lazyPage(() => import('./InvoiceDetailPage.tsx').then((m) => m.InvoiceDetailPage));
const InvoiceCancelPage = lazyPage(() => import('./InvoiceCancelPage.tsx').then((m) => m.InvoiceCancelPage));
const InvoiceEditPage = lazyPage(() => import('./InvoiceEditPage.tsx').then((m) => m.InvoiceEditPage));
const InvoicesZipPage = lazyPage(() => import('./InvoicesZipPage.tsx').then((m) => m.InvoicesZipPage));

export const invoicesRoutes: AppRoute[] = [
  {
    path: '/cms/invoices',
    meta: { name: 'cms-invoices', title: 'Invoices', auth: 'guest' },
    Component: InvoicesPage,
  },
  {
    // The link of the "invoices download" mail (POST invoices/zip): the ZIP fetched with the session.
    path: '/cms/invoice-downloads/:id',
    meta: { name: 'cms-invoice-downloads-id', title: 'Invoices download', auth: 'guest' },
    Component: InvoicesZipPage,
  },
  {
    path: '/cms/invoices/:id',
    meta: { name: 'cms-invoices-id', title: 'Invoice', auth: 'guest' },
    Component: InvoiceDetailPage,
  },
  {
    // Spec 01 §2: the cancellation of an invoice (preview, confirm, with or without a replacement).
    path: '/cms/invoices/:id/cancel',
    meta: { name: 'cms-invoices-id-cancel', title: 'Cancel invoice', auth: 'guest' },
    Component: InvoiceCancelPage,
  },
  {
    // Spec 01 §2: editing a replacement invoice (a draft) and issuing it.
    path: '/cms/invoices/:id/edit',
    meta: { name: 'cms-invoices-id-edit', title: 'Edit replacement invoice', auth: 'guest' },
    Component: InvoiceEditPage,
  },
];
