/**
 * The user record as the API returns it (no password hash, with the companies), and the rules
 * every way of changing a user shares (profile.ts, memberships.ts, operators.ts).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { User } from '@rentloop/domain/users';
import { and, asc, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import type { PlatformCtx, UserActor } from '../../context.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';

export type UserRow = typeof users.$inferSelect;

// Every column but the password hash.
const { password_hash: _omit, ...columns } = getTableColumns(users);
export const userColumns = columns;

export async function membershipsOf(ctx: PlatformCtx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, User['companies']>();
  const rows = await ctx.db
    .select({
      user_id: companyUsers.user_id,
      id: companies.id,
      name: companies.name,
      role: companyUsers.role,
      company_functions: companyUsers.company_functions,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(inArray(companyUsers.user_id, userIds))
    .orderBy(asc(companies.name));
  const map = new Map<number, User['companies']>();
  for (const { user_id, ...m } of rows) map.set(user_id, [...(map.get(user_id) ?? []), m]);
  return map;
}

export const toUser = (
  row: Omit<UserRow, 'password_hash'>,
  companiesOf: Map<number, User['companies']>,
): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  status: row.status,
  role: row.role,
  email_verified_at: row.email_verified_at,
  show_errors: row.show_errors,
  show_warnings: row.show_warnings,
  show_successes: row.show_successes,
  created_at: row.created_at,
  updated_at: row.updated_at,
  companies: companiesOf.get(row.id) ?? [],
});

/** A 422 on `email` when another account has the address. */
export async function assertEmailFree(ctx: PlatformCtx, email: string, exceptId?: number) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email));
  if (taken) throw invalid('email', MESSAGES.emailTaken);
}

/**
 * Only a super-admin may create, promote to, change, set the password of or delete a super-admin;
 * a support-user may not (docs/api.md, "Accounts and access").
 */
const ONLY_SUPER_MANAGES_SUPER = 'Only a super-admin may create or change a super-admin.';
/** Whether `actor` may change a user of `targetRole` (a super-admin is changed by super-admins only). */
export const mayManageRole = (actor: UserActor, targetRole: User['role'] | undefined): boolean =>
  targetRole !== 'super-admin' || actor.globalRole === 'super-admin';

export function assertMayManageSuper(actor: UserActor, targetRole: User['role'] | undefined) {
  if (!mayManageRole(actor, targetRole)) throw new AppError('forbidden', ONLY_SUPER_MANAGES_SUPER);
}
