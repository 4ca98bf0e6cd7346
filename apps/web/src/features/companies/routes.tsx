import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const CompaniesPage = lazyPage(() => import('./CompaniesPage.tsx').then((m) => m.CompaniesPage));
const CompanyCreateDialog = lazyPage(() =>
  import('./CompanyCreateDialog.tsx').then((m) => m.CompanyCreateDialog),
);
const CompanyCreatePage = lazyPage(() => import('./CompanyCreatePage.tsx').then((m) => m.CompanyCreatePage));
const CompanyDetailPage = lazyPage(() => import('./CompanyDetailPage.tsx').then((m) => m.CompanyDetailPage));

export const companiesRoutes: AppRoute[] = [
  {
    path: '/super/companies',
    meta: { name: 'super-companies', needsCompany: false, title: 'Companies', auth: 'super' },
    Component: CompaniesPage,
    children: [
      {
        path: '/super/companies/create',
        meta: { name: 'super-companies-create', needsCompany: false, title: 'New company', auth: 'super' },
        Component: CompanyCreateDialog,
      },
    ],
  },
  {
    path: '/super/companies/:id',
    meta: { name: 'super-companies-id', needsCompany: false, title: 'Company', auth: 'super' },
    Component: CompanyDetailPage,
  },
  // Spec 01 §2: company creation is also reachable under this name (from the company switcher).
  // Creating companies is an operator tool, so the route needs super or support like the API.
  {
    path: '/cms/companies/create',
    meta: { name: 'cms-companies-create', needsCompany: false, title: 'New company', auth: 'super' },
    Component: CompanyCreatePage,
  },
];
