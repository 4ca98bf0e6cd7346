import { z } from 'zod';

/** Roles a user holds within one company. */
export const COMPANY_ROLES = ['user', 'admin', 'owner'] as const;
export const companyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof companyRoleSchema>;

/** Platform-wide roles of the provider's own operators. */
export const GLOBAL_ROLES = ['super-admin', 'support-user'] as const;
export const globalRoleSchema = z.enum(GLOBAL_ROLES);
export type GlobalRole = z.infer<typeof globalRoleSchema>;

/** Rank of each company role: a route that needs `admin` admits `admin` and `owner`. */
export const COMPANY_ROLE_RANK: Record<CompanyRole, number> = { user: 1, admin: 2, owner: 3 };

export const companyFlagsSchema = z.object({
  hasCompanyAccess: z.boolean(),
  hasAccess: z.boolean(),
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
  isSuper: z.boolean(),
  isSupport: z.boolean(),
});
export type CompanyFlags = z.infer<typeof companyFlagsSchema>;

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
