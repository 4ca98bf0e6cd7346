/**
 * The users of one company as its owners and admins see and manage them (`/api/auth/{company}/users`):
 * the members, and the pending invitations as rows of what the admin typed (invitations.ts). A row's
 * `id` is a member's user id or an invitation's id; they come from one sequence, so an id names one of
 * them at most, and a pending row's id tells nothing about the account behind its address.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { CompanyRole } from '@rentloop/domain/roles';
import type { CompanyUser, USER_SORTS, User } from '@rentloop/domain/users';
import { and, eq, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Ctx, UserActor } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, companyInvitations, companyUsers, users } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
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
function companyUserRows(qb: QueryBuilder, companyId: ReturnType<typeof ph>) {
  const members = qb
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
    .where(sql`${companyUsers.company_id} = ${companyId}`);
  const invited = qb
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
    .where(sql`${companyInvitations.company_id} = ${companyId}`);
  return members.unionAll(invited).as('company_user_rows');
}

const rows = companyUserRows(new QueryBuilder(), ph('companyId'));
type Filters = { status?: string; role?: string };

/**
 * The users of one company, with their role there, and its pending invitations (db/define-list.ts):
 * the list reads the union above. No entity_counts row (members and invitations are two tables): the
 * total counts the company's rows, on `company_users`' key and the invitations' company index.
 */
export const companyUserList = defineList<Sort, Filters, CompanyUser>({
  name: 'company_users',
  table: rows as unknown as PgTable,
  id: rows.id as unknown as PgColumn,
  // The company is chosen inside the union (its `companyId` placeholder).
  scopes: { company: undefined },
  columns: rows._.selectedFields as SelectedFields,
  sorts: {
    id: rows.id as unknown as PgColumn,
    name: rows.name as unknown as PgColumn,
    email: rows.email as unknown as PgColumn,
    created_at: rows.created_at as unknown as PgColumn,
  },
  filters: {
    status: (v) => sql`${rows.status} = ${v}`,
    role: (v) => sql`${rows.company_role} = ${v}`,
  },
  search: (pattern) => sql`(lower(${rows.name}) LIKE ${pattern} OR ${rows.email} LIKE ${pattern})`,
});

export function listCompanyUsers(
  ctx: Ctx,
  p: ListParams<Sort, Filters>,
): Promise<{ rows: CompanyUser[]; total: number }> {
  return companyUserList.list(ctx, p);
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
export async function removeFromCompany(ctx: Ctx<UserActor>, id: number): Promise<'removed' | 'withdrawn'> {
  const invitation = await findInvitation(ctx, id);
  if (!invitation) {
    await removeCompanyUser(ctx, id);
    return 'removed';
  }
  await ctx.db.delete(companyInvitations).where(eq(companyInvitations.id, invitation.id));
  return 'withdrawn';
}
