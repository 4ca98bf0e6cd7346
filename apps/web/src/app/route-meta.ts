/**
 * The route table's types (spec 01 §3 "Route meta": title, icon, pageType, auth, index, displayNewTag).
 * The meta is in two parts. What the router needs for every screen (path, name, title, auth level) is in
 * `features/<area>/routes.tsx`, joined by `src/routes.tsx`, in the entry chunk. What only the admin
 * layout shows (the drawer's icons and order, the New tags, the breadcrumbs' texts) is in
 * `features/<area>/nav.ts`, joined by `src/route-nav.ts`, which loads with the admin layout: the sign-in
 * page does not download it (docs/web.md, "Bundles").
 */
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { Me } from '@rentloop/domain/auth';
import type { CompanyFlags, GlobalRole } from '@rentloop/domain/roles';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/**
 * Who may open a route. `public`: anyone (sign-in pages); `account`: any signed-in, verified user, with
 * or without a company (the profile); `guest`: any signed-in user with access to the current company;
 * `admin`: owner, admin, super or support; `super`: super or support.
 */
export type AuthLevel = 'public' | 'account' | 'guest' | 'admin' | 'super';

export interface RouteMeta {
  /** The route name: the path with dashes (`cms-customers-id`, `auth-login`). */
  name: string;
  /** The page's title: the browser tab's, and the breadcrumb's unless `RouteNav.crumb` says otherwise. */
  title: string;
  auth: AuthLevel;
  /**
   * `false` for an operator screen that works across companies (the company and user lists, creating a
   * company), so it opens while the platform has no company yet. Every other screen of level guest,
   * admin or super works on the current company and says so when there is none.
   */
  needsCompany?: boolean;
}

/** How the admin layout shows a route: in the side drawer, in the breadcrumbs. */
export interface RouteNav {
  icon?: ComponentType<SvgIconProps>;
  /** An index page may appear in the side drawer. */
  pageType?: 'index';
  /** Order among the extra index pages of the drawer's main section. */
  index?: number;
  displayNewTag?: boolean;
  /** Shown only in the development build. */
  development?: boolean;
  /** The breadcrumb text when it depends on the URL (`Customer 42`); the title otherwise. */
  crumb?: (params: Params) => string;
}

/** Each feature's `nav.ts`: its routes' `RouteNav`, by route name (a route without one has none). */
export type RouteNavTable = Record<string, RouteNav>;

export interface AppRoute {
  /** Absolute path (`/cms/customers/:id`); children repeat their parent's path as a prefix. */
  path: string;
  meta: RouteMeta;
  Component?: ComponentType;
  /** A route that only forwards to another path. */
  redirectTo?: string;
  children?: AppRoute[];
}

export const NO_FLAGS: CompanyFlags = {
  hasCompanyAccess: false,
  hasAccess: false,
  isOwner: false,
  isAdmin: false,
  isSuper: false,
  isSupport: false,
};

/**
 * The flags with the user's global role: super-admins and support-users are operators whether or not
 * a company is current (an empty platform has none), so the operator screens and menu stay theirs.
 */
export function withGlobalRole(flags: CompanyFlags, role: GlobalRole | null | undefined): CompanyFlags {
  const isSuper = flags.isSuper || role === 'super-admin';
  const isSupport = flags.isSupport || role === 'support-user';
  return { ...flags, isSuper, isSupport, hasAccess: flags.hasAccess || isSuper || isSupport };
}

/** Where the current company stands (see app/current-company.tsx). */
export type CompanyStatus = 'signed-out' | 'loading' | 'ready' | 'none' | 'error';

/** What a route guard does: show the screen, send elsewhere, wait, or explain. */
export type GuardOutcome = 'open' | 'sign-in' | 'verify' | 'wait' | 'error' | 'no-company' | 'index';

/**
 * Spec 01 §6 route guards. Operators are judged by their global role (`me.role`), so they reach the
 * operator screens even with no company; a screen that needs a company says there is none yet.
 */
export function guardOutcome(g: {
  level: AuthLevel;
  needsCompany: boolean;
  signedIn: boolean;
  me: Pick<Me, 'email_verified_at' | 'role'> | null;
  status: CompanyStatus;
  flags: CompanyFlags;
}): GuardOutcome {
  if (g.level === 'public') return 'open';
  if (!g.signedIn) return 'sign-in';
  if (g.me && !g.me.email_verified_at) return 'verify';
  // The profile needs only the user, not a company.
  if (g.level === 'account' && g.me) return 'open';
  if (g.status === 'error') return 'error';
  if (!g.me || g.status === 'loading' || g.status === 'signed-out') return 'wait';
  const operator = g.me.role === 'super-admin' || g.me.role === 'support-user';
  // Staff without a company have nothing to open but their profile.
  if (g.status === 'none' && !operator) return 'no-company';
  if (!mayOpen(g.level, withGlobalRole(g.flags, g.me.role))) return 'index';
  if (g.status === 'none' && g.needsCompany) return 'no-company';
  return 'open';
}

/** Spec 01 §6: the guard of each auth level, read from the current company's flags. */
export function mayOpen(level: AuthLevel, flags: CompanyFlags): boolean {
  switch (level) {
    case 'public':
    case 'account':
      return true;
    case 'guest':
      return flags.hasCompanyAccess || flags.isSuper || flags.isSupport;
    case 'admin':
      return flags.isOwner || flags.isAdmin || flags.isSuper || flags.isSupport;
    case 'super':
      return flags.isSuper || flags.isSupport;
  }
}

const RANK: Record<AuthLevel, number> = { public: 0, account: 1, guest: 2, admin: 3, super: 4 };

/**
 * The level a route's guard enforces (spec 01 §6): a route whose name contains `super` needs super or
 * support, one whose name contains `admin` needs owner, admin, super or support, whatever its meta
 * says; otherwise the meta's level. The stricter of the two wins.
 */
export function guardLevel(meta: Pick<RouteMeta, 'name' | 'auth'>): AuthLevel {
  const byName: AuthLevel = meta.name.includes('super')
    ? 'super'
    : meta.name.includes('admin')
      ? 'admin'
      : 'public';
  return RANK[byName] > RANK[meta.auth] ? byName : meta.auth;
}

/** Depth-first list of every route of a table, children after their parent. */
export function flattenRoutes(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}
