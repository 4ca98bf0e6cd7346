/** The operators' administration of every user: the whole list, creating any user, deleting one. */
import { MESSAGES } from '@rentloop/domain/messages';
import type { CompanyRole } from '@rentloop/domain/roles';
import type { USER_SORTS, User } from '@rentloop/domain/users';
import { and, eq, sql } from 'drizzle-orm';
import type { PlatformCtx, UserActor } from '../../context.ts';
import { defineList } from '../../db/define-list.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import type { ListParams } from '../../lists.ts';
import { appBase } from '../auth/account-flows.ts';
import { issueUserToken } from '../auth/tokens.ts';
import { platformMail } from '../templates/mail.ts';
import { createCompanyUser, ownersLeft } from './memberships.ts';
import { getUser } from './profile.ts';
import {
  assertEmailFree,
  assertMayManageSuper,
  membershipsOf,
  toUser,
  type UserRow,
  userColumns,
} from './user-record.ts';

type Sort = (typeof USER_SORTS)[number];

type Filters = { status?: string; role?: string };

/**
 * Every user, for operators (db/define-list.ts). Users belong to no company, so there is no
 * entity_counts row: the total counts the matching users (the whole table when unfiltered).
 */
export const userList = defineList<Sort, Filters, Omit<UserRow, 'password_hash'>>({
  name: 'users',
  table: users,
  id: users.id,
  scopes: { all: undefined },
  columns: userColumns,
  sorts: { id: users.id, name: users.name, email: users.email, created_at: users.created_at },
  filters: {
    status: (v) => sql`${users.status} = ${v}`,
    role: (v) => sql`${users.role} = ${v}`,
  },
  search: (pattern) => sql`(lower(${users.name}) LIKE ${pattern} OR ${users.email} LIKE ${pattern})`,
});

/** Every user (operators). */
export async function listUsers(ctx: PlatformCtx, p: ListParams<Sort, Filters>) {
  const { rows, total } = await userList.list(ctx, p);
  const companiesOf = await membershipsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toUser(r as UserRow, companiesOf)), total };
}

/** Every user for an export (http/list-export.ts): the list's batches, each with its companies. */
export async function* exportUsers(
  ctx: PlatformCtx,
  p: ListParams<Sort, Filters>,
  ids: number[] | undefined,
): AsyncGenerator<User[]> {
  for await (const batch of userList.batches(ctx, p, { ids })) {
    const companiesOf = await membershipsOf(
      ctx,
      batch.map((r) => r.id),
    );
    yield batch.map((r) => toUser(r as UserRow, companiesOf));
  }
}

/** Operators create any user, optionally in a company, optionally as an operator. */
export async function createUserAsOperator(
  ctx: PlatformCtx<UserActor>,
  input: {
    name: string;
    email: string;
    role: User['role'];
    company_id?: number;
    company_role: CompanyRole;
    company_functions: string[];
    send_invitation: boolean;
  },
): Promise<{ user: User; invitation: 'queued' | 'not_sent' | 'skipped' }> {
  const { db: tx, actor } = ctx;
  assertMayManageSuper(actor, input.role);
  if (input.company_id) {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, input.company_id));
    if (!company) throw invalid('company_id', 'No such company.');
    // An existing account by email: its global role changes only with the same right.
    const [existing] = await tx.select({ role: users.role }).from(users).where(eq(users.email, input.email));
    if (input.role) assertMayManageSuper(actor, existing?.role);
    const result = await createCompanyUser(
      { ...ctx, companyId: company.id },
      {
        name: input.name,
        email: input.email,
        role: input.company_role,
        company_functions: input.company_functions,
        send_invitation: input.send_invitation,
      },
    );
    if (input.role) await tx.update(users).set({ role: input.role }).where(eq(users.id, result.user.id));
    return { ...result, user: await getUser(ctx, result.user.id) };
  }
  await assertEmailFree(ctx, input.email);
  const [row] = await tx
    .insert(users)
    .values({ name: input.name, email: input.email, role: input.role, status: 'invited' })
    .returning({ id: users.id });
  let invitation: 'queued' | 'not_sent' | 'skipped' = 'skipped';
  if (input.send_invitation) {
    const token = await issueUserToken(ctx, row!.id, 'invitation');
    const href = `${appBase(ctx.deps)}/auth/password-create?token=${token}&email=${encodeURIComponent(input.email)}`;
    const mail = await platformMail(ctx, 'operator_invitation', { name: input.name, href });
    invitation = (
      await queueMail(ctx, {
        companyId: null,
        kind: 'invitation',
        to: input.email,
        ...mail,
        secrets: [token],
      })
    ).status;
  }
  return { user: await getUser(ctx, row!.id), invitation };
}

export async function deleteUser(ctx: PlatformCtx<UserActor>, id: number): Promise<void> {
  const { db: tx, actor } = ctx;
  if (id === actor.userId) throw new AppError('conflict', 'You cannot delete your own account.');
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
  assertMayManageSuper(actor, target?.role);
  const owned = await tx
    .select({ companyId: companyUsers.company_id })
    .from(companyUsers)
    .where(and(eq(companyUsers.user_id, id), eq(companyUsers.role, 'owner')));
  for (const { companyId } of owned) {
    if ((await ownersLeft(ctx, companyId, id)) === 0)
      throw new AppError('conflict', MESSAGES.cannotRemoveLastOwner);
  }
  const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (deleted.length === 0) throw notFound();
}
