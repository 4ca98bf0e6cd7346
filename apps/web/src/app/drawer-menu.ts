/**
 * The side drawer's sections, built from the route table and its drawer meta (`src/route-nav.ts`)
 * (spec 01 §2 "Side drawer"):
 * 1. main: the fixed items, then the other index pages of level guest, ordered by their index value;
 * 2. "Admins": Users, then the other admin-level index pages sorted by title;
 * 3. "Operator": the operator tools, then the other super-level index pages sorted by title;
 * 4. "Test": development only.
 * An item appears only when its route exists and the user may open it; a header only when its
 * section has an item to show.
 */
import type { CompanyFlags } from '@rentloop/domain/roles';
import type { AppRoute, RouteMeta, RouteNav, RouteNavTable } from './route-meta.ts';
import { flattenRoutes } from './route-meta.ts';

export type SectionId = 'main' | 'admins' | 'operator' | 'test';

interface MenuEntry {
  route: string;
  /** The drawer's wording where it differs from the route title. */
  title?: string;
}

const FIXED: Record<SectionId, MenuEntry[]> = {
  main: [
    { route: 'cms-insights' },
    { route: 'cms-customers' },
    { route: 'cms-orders' },
    { route: 'cms-subscriptions' },
    { route: 'cms-transactions', title: 'Payments' },
    { route: 'cms-invoices' },
    { route: 'cms-recurring-payments' },
    { route: 'cms-returns' },
    { route: 'cms-assets' },
    { route: 'cms-products' },
    { route: 'cms-repairs' },
  ],
  admins: [{ route: 'admin-users', title: 'Users' }],
  operator: [
    { route: 'super-companies', title: 'Company List' },
    { route: 'super-users', title: 'User List' },
    { route: 'super-events', title: 'Event List' },
    { route: 'super-history-logs', title: 'History logs' },
    { route: 'super-cron', title: 'Cron Manager' },
  ],
  test: [{ route: 'test', title: 'Test' }],
};

const HEADERS: Record<SectionId, string | null> = {
  main: null,
  admins: 'Admins',
  operator: 'Operator',
  test: 'Test',
};

export interface DrawerItem {
  name: string;
  title: string;
  path: string;
  icon: RouteNav['icon'];
  displayNewTag: boolean;
}

export interface DrawerSection {
  id: SectionId;
  header: string | null;
  items: DrawerItem[];
}

export interface DrawerContext {
  flags: CompanyFlags;
  isDevelopment: boolean;
}

/** Who sees each section (spec 01 §6). */
function sectionVisible(id: SectionId, { flags, isDevelopment }: DrawerContext): boolean {
  switch (id) {
    case 'main':
      return flags.hasCompanyAccess || flags.isSuper || flags.isSupport;
    case 'admins':
      return flags.isOwner || flags.isAdmin || flags.isSuper || flags.isSupport;
    case 'operator':
      return flags.isSuper || flags.isSupport;
    case 'test':
      return isDevelopment;
  }
}

const LEVEL_SECTION: Partial<Record<RouteMeta['auth'], SectionId>> = {
  guest: 'main',
  admin: 'admins',
  super: 'operator',
};

const byTitle = (a: DrawerItem, b: DrawerItem) => a.title.localeCompare(b.title);

export function buildDrawer(routes: AppRoute[], nav: RouteNavTable, context: DrawerContext): DrawerSection[] {
  const all = flattenRoutes(routes);
  const navOf = (route: AppRoute): RouteNav => nav[route.meta.name] ?? {};
  const byName = new Map(all.map((r) => [r.meta.name, r]));
  const fixedNames = new Set(Object.values(FIXED).flatMap((entries) => entries.map((e) => e.route)));

  const toItem = (route: AppRoute, title?: string): DrawerItem => ({
    name: route.meta.name,
    title: title ?? route.meta.title,
    path: route.path,
    icon: navOf(route).icon,
    displayNewTag: navOf(route).displayNewTag ?? false,
  });
  const shown = (route: AppRoute) => !navOf(route).development || context.isDevelopment;

  const sections: DrawerSection[] = [];
  for (const id of Object.keys(FIXED) as SectionId[]) {
    if (!sectionVisible(id, context)) continue;
    const fixed = FIXED[id].flatMap((entry) => {
      const route = byName.get(entry.route);
      return route && shown(route) ? [toItem(route, entry.title)] : [];
    });
    const extra = all.filter(
      (r) =>
        navOf(r).pageType === 'index' &&
        !fixedNames.has(r.meta.name) &&
        LEVEL_SECTION[r.meta.auth] === id &&
        shown(r),
    );
    const extraItems =
      id === 'main'
        ? extra.sort((a, b) => (navOf(a).index ?? 0) - (navOf(b).index ?? 0)).map((r) => toItem(r))
        : extra.map((r) => toItem(r)).sort(byTitle);
    const items = [...fixed, ...extraItems];
    if (items.length > 0) sections.push({ id, header: HEADERS[id], items });
  }
  return sections;
}

/**
 * The drawer as the company's feature flags want it (`useFeatureFlags`): the New tags only while
 * `new_tags` is on, and the Debt Collection entry (when its screen exists) only while `debt_collection` is.
 */
export function withFeatureFlags(
  sections: DrawerSection[],
  flags: { newTags: boolean; debtCollection: boolean },
): DrawerSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items
        .filter((item) => flags.debtCollection || item.name !== 'cms-debt-collection')
        .map((item) => (flags.newTags ? item : { ...item, displayNewTag: false })),
    }))
    .filter((section) => section.items.length > 0);
}
