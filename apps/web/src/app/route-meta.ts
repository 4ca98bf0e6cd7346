/**
 * The route table's types (spec 01 §3 "Route meta": title, icon, pageType, auth, index, displayNewTag).
 * Each feature declares its routes in `features/<area>/routes.tsx`; `src/routes.tsx` joins them.
 */
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { CompanyFlags } from '@rentloop/domain/roles';
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
  title: string;
  icon?: ComponentType<SvgIconProps>;
  auth: AuthLevel;
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
