/**
 * The roles and the flags derived from them, without zod: the web app's entry chunk needs
 * `companyFlags` on every screen, and importing it from `roles.ts` would load all of zod (~26 kB gzip)
 * before the sign-in page can show (docs/web.md, "Bundles"). `roles.ts` re-exports all of this with
 * the schemas.
 */

/** Roles a user holds within one company. */
export const COMPANY_ROLES = ['user', 'admin', 'owner'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Platform-wide roles of the provider's own operators. */
export const GLOBAL_ROLES = ['super-admin', 'support-user'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

/** Rank of each company role: a route that needs `admin` admits `admin` and `owner`. */
export const COMPANY_ROLE_RANK: Record<CompanyRole, number> = { user: 1, admin: 2, owner: 3 };

export interface CompanyFlags {
  hasCompanyAccess: boolean;
  hasAccess: boolean;
  isOwner: boolean;
  isAdmin: boolean;
  isSuper: boolean;
  isSupport: boolean;
}

/** The flags the web app uses to show or hide things, from the user's company role and global role. */
export function companyFlags(role: CompanyRole | null, globalRole: GlobalRole | null): CompanyFlags {
  const isSuper = globalRole === 'super-admin';
  const isSupport = globalRole === 'support-user';
  const hasCompanyAccess = role !== null;
  return {
    hasCompanyAccess,
    hasAccess: hasCompanyAccess || isSuper || isSupport,
    isOwner: role === 'owner',
    isAdmin: role === 'admin' || role === 'owner',
    isSuper,
    isSupport,
  };
}
