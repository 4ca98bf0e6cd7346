/**
 * The route guard and the drawer for an operator on an empty platform (no company yet): the operator
 * flags come from the user's global role in `GET /api/auth/me`, not from a current company.
 */
import { meSchema } from '@rentloop/domain/auth';
import { type CompanyFlags, companyFlags, type GlobalRole } from '@rentloop/domain/roles';
import { describe, expect, it } from 'vitest';
import { appRouteNav } from '../route-nav.ts';
import { appRoutes } from '../routes.tsx';
import { buildDrawer } from './drawer-menu.ts';
import {
  type AuthLevel,
  type CompanyStatus,
  flattenRoutes,
  guardLevel,
  guardOutcome,
  NO_FLAGS,
  withGlobalRole,
} from './route-meta.ts';

/** `GET /api/auth/me` as the server answers it, for a user with no company. */
const meResponse = (role: GlobalRole | null, verified = true) =>
  meSchema.parse({
    id: 1,
    name: 'Rentloop Admin',
    email: 'admin@rentloop.test',
    status: 'active',
    role,
    email_verified_at: verified ? '2026-01-01T00:00:00.000Z' : null,
    created_at: '2026-01-01T00:00:00.000Z',
    show_errors: true,
    show_warnings: true,
    show_successes: true,
    companies: [],
  });

const routeByName = (name: string) => {
  const route = flattenRoutes(appRoutes).find((r) => r.meta.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
};

/** The guard's answer for a named route of the real route table. */
const outcome = (
  name: string,
  me: ReturnType<typeof meResponse> | null,
  status: CompanyStatus,
  flags: CompanyFlags = NO_FLAGS,
) => {
  const { meta } = routeByName(name);
  return guardOutcome({
    level: guardLevel(meta),
    needsCompany: meta.needsCompany ?? true,
    signedIn: true,
    me,
    status,
    flags,
  });
};

describe('withGlobalRole', () => {
  it('makes super-admins and support-users operators without any company', () => {
    expect(withGlobalRole(NO_FLAGS, 'super-admin')).toMatchObject({ isSuper: true, hasAccess: true });
    expect(withGlobalRole(NO_FLAGS, 'support-user')).toMatchObject({ isSupport: true, hasAccess: true });
    expect(withGlobalRole(NO_FLAGS, null)).toEqual(NO_FLAGS);
    // It only adds: a company's own flags stay.
    expect(withGlobalRole(companyFlags('owner', null), 'support-user')).toMatchObject({
      isOwner: true,
      isAdmin: true,
      hasCompanyAccess: true,
      isSupport: true,
    });
  });
});

describe('the route guard on an empty platform (no company yet)', () => {
  const operatorScreens = [
    'super-companies',
    'super-companies-create',
    'super-companies-id',
    'cms-companies-create',
    'super-users',
    'super-users-create',
    'super-users-id',
    'super-default-email-templates',
    'super-default-email-templates-id-lang-edit',
    // Platform notifications are everyone's, not a company's.
    'super-notifications',
    'super-notifications-create',
  ];

  it.each(['super-admin', 'support-user'] as const)(
    'opens the operator screens to a %s, whose flags come from GET /api/auth/me',
    (role) => {
      const me = meResponse(role);
      for (const name of operatorScreens) expect(outcome(name, me, 'none'), name).toBe('open');
    },
  );

  it('says "no company yet" (with a link to create one) on company screens, instead of sending away', () => {
    const me = meResponse('super-admin');
    for (const name of ['cms-insights', 'cms-customers', 'admin-users', 'super-history-logs']) {
      expect(outcome(name, me, 'none'), name).toBe('no-company');
    }
  });

  it('gives a user without a global role and no company only the profile, and company users no operator screens', () => {
    const me = meResponse(null);
    expect(outcome('super-companies', me, 'none')).toBe('no-company');
    expect(outcome('cms-customers', me, 'none')).toBe('no-company');
    expect(outcome('auth-profile', me, 'none')).toBe('open');
    // A company user opening an operator screen goes to the index.
    expect(outcome('super-companies', me, 'ready', companyFlags('owner', null))).toBe('index');
  });

  it('sends an unverified operator to verify first, and waits while the company is resolved', () => {
    expect(outcome('super-companies', meResponse('super-admin', false), 'none')).toBe('verify');
    expect(outcome('super-companies', meResponse('super-admin'), 'loading')).toBe('wait');
    expect(outcome('super-companies', null, 'loading')).toBe('wait');
  });

  it('marks only operator screens as working without a company', () => {
    const companyless = flattenRoutes(appRoutes)
      .filter((r) => r.meta.needsCompany === false)
      .map((r) => r.meta.name)
      .sort();
    expect(companyless).toEqual([...operatorScreens].sort());
    for (const name of companyless)
      expect(guardLevel(routeByName(name).meta)).toBe('super' satisfies AuthLevel);
  });
});

describe('the side drawer on an empty platform', () => {
  it.each(['super-admin', 'support-user'] as const)('shows the Operator section to a %s', (role) => {
    const sections = buildDrawer(appRoutes, appRouteNav, {
      flags: withGlobalRole(NO_FLAGS, meResponse(role).role),
      isDevelopment: false,
    });
    const operator = sections.find((s) => s.id === 'operator');
    expect(operator?.header).toBe('Operator');
    expect(operator?.items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['super-companies', 'super-users', 'super-history-logs']),
    );
  });

  it('shows no Operator section to a user without a global role', () => {
    const sections = buildDrawer(appRoutes, appRouteNav, {
      flags: withGlobalRole(NO_FLAGS, meResponse(null).role),
      isDevelopment: false,
    });
    expect(sections.map((s) => s.id)).not.toContain('operator');
  });
});

describe('the order builder and subscriptions', () => {
  it('open for a company user and need a company', () => {
    const me = meResponse(null);
    for (const name of ['cms-orders-create', 'cms-subscriptions', 'cms-subscriptions-id']) {
      expect(outcome(name, me, 'ready', companyFlags('user', null)), name).toBe('open');
      expect(outcome(name, me, 'none'), name).toBe('no-company');
    }
  });
});
