/**
 * The admin layout's part of the route meta: every feature's drawer entries (icon, index page, order, New
 * tag) and breadcrumb texts, by route name. Only the admin layout (the side drawer, the breadcrumbs)
 * imports it, so the icons load with that lazy chunk and not with the entry (docs/web.md, "Bundles").
 * A route's path, title and auth level are in the route table, `src/routes.tsx`.
 */
import type { RouteNav, RouteNavTable } from './app/route-meta.ts';
import { assetsNav } from './features/assets/nav.ts';
import { companiesNav } from './features/companies/nav.ts';
import { cronsNav } from './features/crons/nav.ts';
import { customersNav } from './features/customers/nav.ts';
import { dataExportNav } from './features/data-export/nav.ts';
import { debtCollectionNav } from './features/debt-collection/nav.ts';
import { emailHistoryNav } from './features/email-history/nav.ts';
import { eventsNav } from './features/events/nav.ts';
import { historyLogsNav } from './features/history-logs/nav.ts';
import { insightsNav } from './features/insights/nav.ts';
import { invoicesNav } from './features/invoices/nav.ts';
import { notificationsNav } from './features/notifications/nav.ts';
import { ordersNav } from './features/orders/nav.ts';
import { productsNav } from './features/products/nav.ts';
import { recurringPaymentsNav } from './features/recurring-payments/nav.ts';
import { repairQuestionsNav } from './features/repair-questions/nav.ts';
import { repairsNav } from './features/repairs/nav.ts';
import { returnsNav } from './features/returns/nav.ts';
import { settingsNav } from './features/settings/nav.ts';
import { subscriptionsNav } from './features/subscriptions/nav.ts';
import { superUsersNav } from './features/super/nav.ts';
import { templatesNav } from './features/templates/nav.ts';
import { transactionsNav } from './features/transactions/nav.ts';
import { usersNav } from './features/users/nav.ts';
import { vouchersNav } from './features/vouchers/nav.ts';
import { webhooksNav } from './features/webhooks/nav.ts';

export const appRouteNav: RouteNavTable = {
  ...insightsNav,
  ...customersNav,
  ...ordersNav,
  ...productsNav,
  ...vouchersNav,
  ...dataExportNav,
  ...subscriptionsNav,
  ...transactionsNav,
  ...invoicesNav,
  ...debtCollectionNav,
  ...recurringPaymentsNav,
  ...assetsNav,
  ...repairsNav,
  ...returnsNav,
  ...usersNav,
  ...emailHistoryNav,
  ...webhooksNav,
  ...settingsNav,
  ...repairQuestionsNav,
  ...companiesNav,
  ...superUsersNav,
  ...eventsNav,
  ...historyLogsNav,
  ...cronsNav,
  ...templatesNav,
  ...notificationsNav,
};

/** A route's drawer and breadcrumb meta (none for most detail pages and dialogs). */
export const routeNav = (name: string): RouteNav => appRouteNav[name] ?? {};
