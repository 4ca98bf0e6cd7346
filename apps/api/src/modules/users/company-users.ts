/**
 * The users of one company as its owners and admins see and manage them (`/api/auth/{company}/users`):
 * the members, and the pending invitations as rows of what the admin typed (invitations.ts). A row's
 * `id` is a member's user id or an invitation's id; they come from one sequence, so an id names one of
 * them at most, and a pending row's id tells nothing about the account behind its address.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { CompanyRole } from '@rentloop/domain/roles';
import type { CompanyUser, USER_SORTS, User } from '@rentloop/domain/users';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Ctx, UserActor } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, companyInvitations, companyUsers, users } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import { type ListParams, likePattern } from '../../lists.ts';
import {
  findInvitation,
  type InvitationStatus,
  invitationAsUser,
  invitationTo,
  invite,
  sendInvitationMail,
} from './invitations.ts';
import { assertMayGrant, removeCompanyUser, sendInvitation } from './memberships.ts';

type Sort = (typeof USER_SORTS)[number];
type UserRow = typeof users.$inferSelect;

/**
 * Members and invitations in one relation with the columns of a list row. An invitation's columns are
 * the admin's input and constants: searching, filtering and sorting (on these columns only) can never
 * reveal anything of the account behind an invited address.
 */
function companyUserRows(tx: Tx, companyId: number) {
  const members = tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      role: users.role,
      email_verified_at: users.email_verified_at,
      show_errors: users.show_errors,
      show_warnings: users.show_warnings,
      show_successes: users.show_successes,
      created_at: users.created_at,
      updated_at: users.updated_at,
      // Aliased: both queries have a `role` of their own, and the outer query names columns.
      company_role: sql<CompanyRole>`${companyUsers.role}`.as('company_role'),
      company_functions: companyUsers.company_functions,
    })
    .from(users)
    .innerJoin(companyUsers, eq(companyUsers.user_id, users.id))
    .where(eq(companyUsers.company_id, companyId));
  const invited = tx
    .select({
      id: companyInvitations.id,
      name: companyInvitations.name,
      email: companyInvitations.email,
      status: sql<UserRow['status']>`'invited'::text`.as('status'),
      role: sql<UserRow['role']>`null::text`.as('role'),
      email_verified_at: sql<string | null>`null::timestamptz`.as('email_verified_at'),
      show_errors: sql<boolean>`true`.as('show_errors'),
      show_warnings: sql<boolean>`true`.as('show_warnings'),
      show_successes: sql<boolean>`true`.as('show_successes'),
      created_at: companyInvitations.created_at,
      updated_at: companyInvitations.updated_at,
      company_role: sql<CompanyRole>`${companyInvitations.role}`.as('company_role'),
      company_functions: companyInvitations.company_functions,
    })
    .from(companyInvitations)
    .where(eq(companyInvitations.company_id, companyId));
  return unionAll(members, invited).as('company_user_rows');
}

/** The users of one company, with their role there, and its pending invitations. */
export async function listCompanyUsers(
  ctx: Ctx,
  p: ListParams<Sort, { status?: string; role?: string }>,
): Promise<{ rows: CompanyUser[]; total: number }> {
  const tx = ctx.db;
  const rows = companyUserRows(tx, ctx.companyId);
  const conditions: SQL[] = [];
  if (p.search)
    conditions.push(
      sql`(lower(${rows.name}) LIKE ${likePattern(p.search)} OR ${rows.email} LIKE ${likePattern(p.search)})`,
    );
  if (p.filters.status) conditions.push(eq(rows.status, p.filters.status as UserRow['status']));
  if (p.filters.role) conditions.push(eq(rows.company_role, p.filters.role as CompanyRole));
  const where = conditions.length ? and(...conditions) : undefined;
  const dir = p.desc ? desc : asc;
  const [page, [total]] = await Promise.all([
    tx
      .select()
      .from(rows)
      .where(where)
      .orderBy(dir(rows[p.sort]), dir(rows.id))
      .limit(p.perPage)
      .offset(p.offset),
    tx.select({ n: count() }).from(rows).where(where),
  ]);
  return { rows: page, total: Number(total?.n ?? 0) };
}

/**
 * `POST /api/auth/{company}/users`: invites the address (invitations.ts); the answer describes the
 * invitation, whatever account is behind it. A member or an address invited already is a 422: the
 * company's own list shows both.
 */
export async function inviteCompanyUser(
  ctx: Ctx<UserActor>,
  input: {
    name: string;
    email: string;
    role: CompanyRole;
    company_functions: string[];
    send_invitation: boolean;
  },
): Promise<{ user: User; invitation: InvitationStatus }> {
  const { db: tx, companyId } = ctx;
  assertMayGrant(ctx.actor, input.role);
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(companyUsers, and(eq(companyUsers.user_id, users.id), eq(companyUsers.company_id, companyId)))
    .where(eq(users.email, input.email));
  if (member) throw invalid('email', MESSAGES.userAlreadyMember);
  if (await invitationTo(ctx, input.email)) throw invalid('email', MESSAGES.userAlreadyInvited);
  const { invitation, status } = await invite(ctx, {
    ...input,
    send: input.send_invitation,
  });
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { user: invitationAsUser(invitation, company!.name), invitation: status };
}

/** `POST /api/auth/{company}/users/{id}/send-invitation-email`: a pending row, or an invited member. */
export async function resendInvitation(ctx: Ctx<UserActor>, id: number): Promise<'queued' | 'not_sent'> {
  const invitation = await findInvitation(ctx, id);
  if (invitation) return sendInvitationMail(ctx, invitation);
  return sendInvitation(ctx, id);
}

/** `DELETE /api/auth/{company}/users/{id}`: withdraws a pending invitation, or removes a member. */
export async function removeFromCompany(ctx: Ctx<UserActor>, id: number): Promise<void> {
  const invitation = await findInvitation(ctx, id);
  if (!invitation) return removeCompanyUser(ctx, id);
  await ctx.db.delete(companyInvitations).where(eq(companyInvitations.id, invitation.id));
}
