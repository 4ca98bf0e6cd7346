import { type CompanyFlags, companyFlags } from '@rentloop/domain/roles';
import { describe, expect, it } from 'vitest';
import { appRouteNav } from '../route-nav.ts';
import { appRoutes } from '../routes.tsx';
import { buildDrawer, withFeatureFlags } from './drawer-menu.ts';
import {
  type AppRoute,
  type AuthLevel,
  flattenRoutes,
  type RouteNav,
  type RouteNavTable,
} from './route-meta.ts';

/** A route of the test table with its drawer meta (an index page unless `extra` says otherwise). */
type TestRoute = AppRoute & { nav: RouteNav };
const route = (
  path: string,
  name: string,
  auth: AuthLevel,
  { title, ...nav }: RouteNav & { title?: string } = {},
): TestRoute => ({ path, meta: { name, title: title ?? name, auth }, nav: { pageType: 'index', ...nav } });
const navOf = (routes: TestRoute[]): RouteNavTable =>
  Object.fromEntries(routes.map((r) => [r.meta.name, r.nav]));

const owner = companyFlags('owner', null);
const user = companyFlags('user', null);
const operator = companyFlags(null, 'super-admin');
const titles = (routes: TestRoute[], flags: CompanyFlags, isDevelopment = false) =>
  buildDrawer(routes, navOf(routes), { flags, isDevelopment }).map((s) => [
    s.header,
    s.items.map((i) => i.title),
  ]);

const table: TestRoute[] = [
  route('/cms/customers', 'cms-customers', 'guest', { title: 'Customers' }),
  route('/cms/insights', 'cms-insights', 'guest', { title: 'Insights' }),
  route('/cms/transactions', 'cms-transactions', 'guest', { title: 'Transactions' }),
  route('/cms/vouchers', 'cms-vouchers', 'guest', { title: 'Vouchers', index: 2 }),
  route('/cms/debt-collection', 'cms-debt-collection', 'guest', {
    title: 'Debt Collection',
    index: 1,
    displayNewTag: true,
  }),
  route('/admin/webhooks', 'admin-webhooks', 'admin', { title: 'Webhooks' }),
  route('/admin/email-history', 'admin-email-history', 'admin', { title: 'Email History' }),
  route('/admin/users', 'admin-users', 'admin', { title: 'Admin users' }),
  route('/super/settings', 'super-settings', 'super', { title: 'Settings Super' }),
  route('/super/companies', 'super-companies', 'super', { title: 'Companies' }),
  route('/super/default-email-templates', 'super-default-email-templates', 'super', {
    title: 'Default Email Templates',
  }),
  route('/test', 'test', 'guest', { title: 'Test', development: true }),
  route('/cms/customers/:id', 'cms-customers-id', 'guest', { pageType: undefined }),
];

describe('buildDrawer', () => {
  it('orders the main section as the spec lists it, then the other index pages by index', () => {
    expect(titles(table, user)).toEqual([
      [null, ['Insights', 'Customers', 'Payments', 'Debt Collection', 'Vouchers']],
    ]);
  });

  it('adds the Admins section for owners, Users first and the rest by title', () => {
    expect(titles(table, owner)[1]).toEqual(['Admins', ['Users', 'Email History', 'Webhooks']]);
  });

  it('adds the Operator section for super and support only', () => {
    const sections = titles(table, operator);
    expect(sections.map(([header]) => header)).toEqual([null, 'Admins', 'Operator']);
    expect(sections[2]).toEqual(['Operator', ['Company List', 'Default Email Templates', 'Settings Super']]);
    expect(titles(table, companyFlags(null, 'support-user')).map(([h]) => h)).toContain('Operator');
    expect(titles(table, owner).map(([h]) => h)).not.toContain('Operator');
  });

  it('shows the Test section and development items only in development', () => {
    expect(titles(table, user, true).at(-1)).toEqual(['Test', ['Test']]);
    expect(titles(table, user, false).map(([h]) => h)).not.toContain('Test');
  });

  it('shows no header for a section without routes, and nothing without company access', () => {
    const onlyMain = table.filter((r) => r.meta.auth === 'guest' && !r.nav.development);
    expect(titles(onlyMain, operator).map(([h]) => h)).toEqual([null]);
    expect(titles(table, companyFlags(null, null))).toEqual([]);
  });

  it('carries the New tag', () => {
    const items = buildDrawer(table, navOf(table), { flags: user, isDevelopment: false })[0]?.items ?? [];
    expect(items.find((i) => i.name === 'cms-debt-collection')?.displayNewTag).toBe(true);
    expect(items.find((i) => i.name === 'cms-insights')?.displayNewTag).toBe(false);
  });

  it('gives the real route table its sections in the spec order', () => {
    const sections = (flags: CompanyFlags) =>
      new Map(
        buildDrawer(appRoutes, appRouteNav, { flags, isDevelopment: false }).map((s) => [
          s.header,
          s.items.map((i) => i.title),
        ]),
      );
    expect(sections(user).get(null)?.slice(0, 2)).toEqual(['Insights', 'Customers']);
    const main = sections(user).get(null) ?? [];
    expect(main.indexOf('Subscriptions')).toBeGreaterThan(main.indexOf('Customers'));
    expect([...sections(user).keys()]).toEqual([null]);
    expect([...sections(owner).keys()]).toEqual([null, 'Admins']);
    expect(sections(owner).get('Admins')).toEqual([
      'Users',
      'Email History',
      'Repair Questions',
      'Settings',
      'Webhooks',
    ]);
    expect([...sections(operator).keys()]).toEqual([null, 'Admins', 'Operator']);
    expect(sections(operator).get('Operator')).toEqual([
      'Company List',
      'User List',
      'Event List',
      'History logs',
      'Cron Manager',
      'Default Email Templates',
      'Notifications',
      'Settings Super',
    ]);
  });
});

describe('the drawer meta (src/route-nav.ts)', () => {
  it('names only routes of the table (a renamed route must not lose its icon silently)', () => {
    const names = new Set(flattenRoutes(appRoutes).map((r) => r.meta.name));
    expect(Object.keys(appRouteNav).filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('withFeatureFlags', () => {
  const drawer = () => buildDrawer(table, navOf(table), { flags: owner, isDevelopment: false });
  const main = (sections: ReturnType<typeof drawer>) => sections[0]?.items ?? [];

  it('keeps the drawer as built while both flags are on', () => {
    expect(withFeatureFlags(drawer(), { newTags: true, debtCollection: true })).toEqual(drawer());
  });

  it('hides the Debt Collection entry when debt_collection is off, and the New tags when new_tags is off', () => {
    const off = withFeatureFlags(drawer(), { newTags: false, debtCollection: false });
    expect(main(off).map((i) => i.title)).not.toContain('Debt Collection');
    expect(main(drawer()).some((i) => i.displayNewTag)).toBe(true);
    const noTags = withFeatureFlags(drawer(), { newTags: false, debtCollection: true });
    expect(main(noTags).map((i) => i.title)).toContain('Debt Collection');
    expect(noTags.flatMap((s) => s.items).some((i) => i.displayNewTag)).toBe(false);
  });
});
