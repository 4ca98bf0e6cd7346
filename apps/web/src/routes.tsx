/**
 * The route table: every screen with what the router needs (path, lazy page, name, title, auth level).
 * The router, the side drawer and the breadcrumbs are all built from it; the drawer's icons and order,
 * the New tags and the breadcrumb texts are in `src/route-nav.ts`, which loads with the admin layout, so
 * this table, in the entry every screen loads, stays small (see docs/web.md, "Bundles").
 */

import type { AppRoute } from './app/route-meta.ts';
import { flattenRoutes } from './app/route-meta.ts';
import { assetsRoutes } from './features/assets/routes.tsx';
import { IndexRedirect } from './features/auth/IndexRedirect.tsx';
import { authRoutes } from './features/auth/routes.tsx';
import { companiesRoutes } from './features/companies/routes.tsx';
import { cronsRoutes } from './features/crons/routes.tsx';
import { customersRoutes } from './features/customers/routes.tsx';
import { dataExportRoutes } from './features/data-export/routes.tsx';
import { debtCollectionRoutes } from './features/debt-collection/routes.tsx';
import { emailHistoryRoutes } from './features/email-history/routes.tsx';
import { eventsRoutes } from './features/events/routes.tsx';
import { historyLogsRoutes } from './features/history-logs/routes.tsx';
import { insightsRoutes } from './features/insights/routes.tsx';
import { invoicesRoutes } from './features/invoices/routes.tsx';
import { notificationsRoutes } from './features/notifications/routes.tsx';
import { orderBuilderRoutes } from './features/order-builder/routes.tsx';
import { ordersRoutes } from './features/orders/routes.tsx';
import { productsRoutes } from './features/products/routes.tsx';
import { profileRoutes } from './features/profile/routes.tsx';
import { recurringPaymentsRoutes } from './features/recurring-payments/routes.tsx';
import { repairQuestionsRoutes } from './features/repair-questions/routes.tsx';
import { repairsRoutes } from './features/repairs/routes.tsx';
import { returnsRoutes } from './features/returns/routes.tsx';
import { settingsRoutes } from './features/settings/routes.tsx';
import { subscriptionsRoutes } from './features/subscriptions/routes.tsx';
import { superUsersRoutes } from './features/super/routes.tsx';
import { templatesRoutes } from './features/templates/routes.tsx';
import { transactionsRoutes } from './features/transactions/routes.tsx';
import { usersRoutes } from './features/users/routes.tsx';
import { vouchersRoutes } from './features/vouchers/routes.tsx';
import { webhooksRoutes } from './features/webhooks/routes.tsx';

export const appRoutes: AppRoute[] = [
  { path: '/', meta: { name: 'index', title: 'Home', auth: 'public' }, Component: IndexRedirect },
  { path: '/cms', meta: { name: 'cms', title: 'Home', auth: 'guest' }, redirectTo: '/cms/insights' },
  ...insightsRoutes,
  ...customersRoutes,
  ...ordersRoutes,
  ...productsRoutes,
  ...vouchersRoutes,
  ...dataExportRoutes,
  ...orderBuilderRoutes,
  ...subscriptionsRoutes,
  ...transactionsRoutes,
  ...invoicesRoutes,
  ...debtCollectionRoutes,
  ...recurringPaymentsRoutes,
  ...assetsRoutes,
  ...repairsRoutes,
  ...returnsRoutes,
  ...authRoutes,
  ...profileRoutes,
  ...usersRoutes,
  ...emailHistoryRoutes,
  ...webhooksRoutes,
  ...settingsRoutes,
  ...repairQuestionsRoutes,
  ...companiesRoutes,
  ...superUsersRoutes,
  ...eventsRoutes,
  ...historyLogsRoutes,
  ...cronsRoutes,
  ...templatesRoutes,
  ...notificationsRoutes,
];

const byName = new Map(flattenRoutes(appRoutes).map((route) => [route.meta.name, route]));

/** Whether a route of this name exists (the drawer and the app bar show links only to existing routes). */
export const hasRoute = (name: string) => byName.has(name);

export const routeByName = (name: string) => byName.get(name);
