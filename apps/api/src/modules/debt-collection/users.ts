/**
 * The company's user at the agency (spec 02 §3 "Debt-collection user": enabled or disabled):
 * `GET debtist/user`, `POST debtist/users`, `PUT debtist/users/enable|disable`. The agency is asked
 * first, outside any transaction; what it answered is stored after (one user per company).
 */
import { DEBT_TEXTS, type DebtUser, type DebtUserInput } from '@rentloop/domain/debt-collection';
import { and, eq } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { debtUsers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type AgencyOptions, agencyFailure, agencyOf } from './agency.ts';

type Row = typeof debtUsers.$inferSelect;

const iso = (v: string | Date) => new Date(v).toISOString();
const toUser = (row: Row): DebtUser => ({
  id: Number(row.id),
  reference: row.reference,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  enabled: row.enabled,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

async function userRow(ctx: Ctx): Promise<Row | null> {
  const [row] = await ctx.db.select().from(debtUsers).where(eq(debtUsers.company_id, ctx.companyId));
  return row ?? null;
}

/** GET debtist/user: the company's user, or null when it has none yet. */
export async function getDebtUser(ctx: Ctx): Promise<DebtUser | null> {
  await agencyOf(ctx);
  const row = await userRow(ctx);
  return row ? toUser(row) : null;
}

export async function createDebtUser(
  ctx: Ctx,
  transact: Transact,
  input: DebtUserInput,
  options: AgencyOptions = {},
): Promise<DebtUser> {
  const agency = await agencyOf(ctx, options);
  if (await userRow(ctx)) throw new AppError('conflict', DEBT_TEXTS.userExists);
  let answer: Awaited<ReturnType<typeof agency.createUser>>;
  try {
    answer = await agency.createUser({
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
    });
  } catch (err) {
    agencyFailure(err, DEBT_TEXTS.userFailed);
  }
  return transact(async (tx) => {
    const now = tx.clock.now().toISOString();
    const [row] = await tx.db
      .insert(debtUsers)
      .values({
        company_id: tx.companyId,
        provider: agency.provider,
        reference: answer.reference,
        email: answer.email,
        first_name: answer.firstName,
        last_name: answer.lastName,
        enabled: answer.enabled,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent create stored its user first: the company keeps that one.
    if (!row) throw new AppError('conflict', DEBT_TEXTS.userExists);
    return toUser(row);
  });
}

export async function setDebtUserEnabled(
  ctx: Ctx,
  transact: Transact,
  enabled: boolean,
  options: AgencyOptions = {},
): Promise<DebtUser> {
  const agency = await agencyOf(ctx, options);
  const row = await userRow(ctx);
  if (!row) throw new AppError('conflict', DEBT_TEXTS.noUser);
  let answer: Awaited<ReturnType<typeof agency.setUserEnabled>>;
  try {
    answer = await agency.setUserEnabled(row.reference, enabled);
  } catch (err) {
    agencyFailure(err, `Failed to ${enabled ? 'enable' : 'disable'} the Debtist user.`);
  }
  return transact(async (tx) => {
    const [updated] = await tx.db
      .update(debtUsers)
      .set({ enabled: answer.enabled, updated_at: tx.clock.now().toISOString() })
      .where(and(eq(debtUsers.company_id, tx.companyId), eq(debtUsers.id, row.id)))
      .returning();
    if (!updated) throw new AppError('conflict', DEBT_TEXTS.noUser);
    return toUser(updated);
  });
}
