import { z } from 'zod';
import { COMPANY_ROLES, type CompanyFlags, GLOBAL_ROLES } from './role-flags.ts';

// The constants, types and `companyFlags` live in role-flags.ts (no zod, for the web app's entry chunk).
export * from './role-flags.ts';

export const companyRoleSchema = z.enum(COMPANY_ROLES);
export const globalRoleSchema = z.enum(GLOBAL_ROLES);

export const companyFlagsSchema = z.object({
  hasCompanyAccess: z.boolean(),
  hasAccess: z.boolean(),
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
  isSuper: z.boolean(),
  isSupport: z.boolean(),
}) satisfies z.ZodType<CompanyFlags>;
