import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { type CompanyRole, companyFlags, type GlobalRole } from '@rentloop/domain/roles';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { type Ctx, hasOperatorPowers, type PlatformCtx, type UserActor } from '../../context.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { companies, companyUsers } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { likePattern } from '../../lists.ts';
import { applyCompanyDefaults } from '../settings/platform.ts';
import { roleRankDesc } from './role-order.ts';

type CompanyRow = typeof companies.$inferSelect;

const withFlags = (c: CompanyRow, role: CompanyRole | null, globalRole: GlobalRole | null): UserCompany => ({
  ...c,
  role,
  ...companyFlags(role, globalRole),
});

/** Companies the actor may see: every company for (verified) operators, their memberships for staff. */
export async function listCompanies(
  ctx: PlatformCtx<UserActor>,
  p: { search?: string; offset: number; perPage: number },
): Promise<{ rows: UserCompany[]; total: number }> {
  const { db, actor } = ctx;
  const operator = hasOperatorPowers(actor);
  const conditions: SQL[] = [];
  if (p.search) conditions.push(sql`lower(${companies.name}) LIKE ${likePattern(p.search)}`);
  const membership = and(eq(companyUsers.company_id, companies.id), eq(companyUsers.user_id, actor.userId));
  const base = db
    .select({ company: companies, role: companyUsers.role })
    .from(companies)
    [operator ? 'leftJoin' : 'innerJoin'](companyUsers, membership);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    base
      .where(where)
      // Operators see every company by name (the operator list); staff their own, highest role first.
      .orderBy(...(operator ? [] : [roleRankDesc(companyUsers.role)]), asc(companies.name), asc(companies.id))
      .limit(p.perPage)
      .offset(p.offset),
    db
      .select({ n: count() })
      .from(companies)
      [operator ? 'leftJoin' : 'innerJoin'](companyUsers, membership)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => withFlags(r.company, r.role ?? null, actor.globalRole)),
    total: Number(totalRow?.n ?? 0),
  };
}

export async function getCompany(ctx: PlatformCtx<UserActor>, id: number): Promise<UserCompany> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({ company: companies, role: companyUsers.role })
    .from(companies)
    .leftJoin(
      companyUsers,
      and(eq(companyUsers.company_id, companies.id), eq(companyUsers.user_id, actor.userId)),
    )
    .where(eq(companies.id, id))
    .limit(1);
  if (!row || (row.role === null && !hasOperatorPowers(actor))) throw notFound();
  return withFlags(row.company, row.role, actor.globalRole);
}

/** SQLSTATE of the trigger that keeps a company's currency once amounts are stored in it. */
const CURRENCY_FROZEN = 'RL001';

/** SQLSTATE of the triggers that keep test companies apart from real ones (migration 0038). */
const TEST_GUARD = 'RL003';

type CompanyInput = Partial<
  Pick<CompanyRow, 'name' | 'currency' | 'shop_system' | 'payment_system' | 'is_test'>
>;

/** Operators create companies. */
export async function createCompany(
  ctx: PlatformCtx<UserActor>,
  input: CompanyInput & { name: string },
): Promise<UserCompany> {
  const [row] = await ctx.db.insert(companies).values(input).returning();
  // It starts with the settings the operators chose for new companies (/super/settings).
  await applyCompanyDefaults(ctx, Number(row!.id));
  return withFlags(row!, null, ctx.actor.globalRole);
}

/** Owners of the company and operators update it. */
export async function updateCompany(ctx: Ctx<UserActor>, input: CompanyInput): Promise<UserCompany> {
  const current = await getCompany(ctx, ctx.companyId);
  if (!hasOperatorPowers(ctx.actor) && current.role !== 'owner') throw new AppError('forbidden');
  if (input.is_test !== undefined && input.is_test !== current.is_test && !hasOperatorPowers(ctx.actor))
    throw new AppError('forbidden', MESSAGES.testFlagOperatorsOnly);
  if (Object.keys(input).length > 0) {
    try {
      await ctx.db
        .update(companies)
        .set({ ...input, updated_at: ctx.clock.now().toISOString() })
        .where(eq(companies.id, ctx.companyId));
    } catch (e) {
      // The database refuses a new currency once amounts are stored in the old one (migration 0017).
      if (sqlStateOf(e) === CURRENCY_FROZEN) throw invalid('currency', MESSAGES.currencyFrozen);
      // A real company never becomes a test company, a moved clock keeps one (migration 0038).
      if (sqlStateOf(e) === TEST_GUARD)
        throw invalid('is_test', input.is_test ? MESSAGES.companyHasOrders : MESSAGES.companyStaysTest);
      throw e;
    }
  }
  return getCompany(ctx, ctx.companyId);
}

/** Operators delete a company with everything in it (cascades); the audit trail keeps the record. */
export async function deleteCompany(ctx: PlatformCtx, id: number): Promise<void> {
  const deleted = await ctx.db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  if (deleted.length === 0) throw notFound();
}
