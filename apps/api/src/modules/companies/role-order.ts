import { COMPANY_ROLES } from '@rentloop/domain/role-flags';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A member's companies, highest role first (owner, admin, user), so that "their first company"
 * (spec 01 §6, the one a sign-in without a stored company opens) is the one where they can do most:
 * an owner of Northwind who is a plain user in Alpine lands in Northwind, not in the first by name.
 * Callers add name and id after it, so equal roles stay in alphabetical order.
 */
export function roleRankDesc(role: AnyColumn): SQL {
  // COMPANY_ROLES runs lowest to highest; the CASE gives each its index, an unknown or null role -1.
  const cases = COMPANY_ROLES.map((r, i) => sql`WHEN ${r} THEN ${i}`);
  return sql`CASE ${role} ${sql.join(cases, sql` `)} ELSE -1 END DESC`;
}
