/**
 * Users: profiles, passwords, membership of companies with roles, invitations, and the operators'
 * administration of every user. Rules of who may do what live here, next to the queries.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { COMPANY_ROLE_RANK, type CompanyRole } from '@rentloop/domain/roles';
import type { ProfileUpdate, USER_SORTS, User } from '@rentloop/domain/users';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type UserActor as Actor, type Clock, hasOperatorPowers } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, companyUsers, sessions, users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { invitationMail, linkSecrets } from '../../integrations/email/templates.ts';
import { type ListParams, likePattern } from '../../lists.ts';
import { appBase, sendVerification } from '../auth/account-flows.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { issueUserToken } from '../auth/tokens.ts';
import { cancelInvitation, invite } from './invitations.ts';
import { changeUserStatus } from './status.ts';

type Deps = FastifyInstance['deps'];
type Sort = (typeof USER_SORTS)[number];
type UserRow = typeof users.$inferSelect;

// Every column but the password hash.
const { password_hash: _omit, ...userColumns } = getTableColumns(users);

async function membershipsOf(tx: Tx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, User['companies']>();
  const rows = await tx
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

const toUser = (row: Omit<UserRow, 'password_hash'>, companiesOf: Map<number, User['companies']>): User => ({
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

function listConditions(p: ListParams<Sort, { status?: string; role?: string }>): SQL[] {
  const c: SQL[] = [];
  if (p.search)
    c.push(
      sql`(lower(${users.name}) LIKE ${likePattern(p.search)} OR ${users.email} LIKE ${likePattern(p.search)})`,
    );
  if (p.filters.status) c.push(eq(users.status, p.filters.status as UserRow['status']));
  return c;
}

/** Every user (operators). */
export async function listUsers(tx: Tx, p: ListParams<Sort, { status?: string; role?: string }>) {
  const conditions = listConditions(p);
  if (p.filters.role) conditions.push(eq(users.role, p.filters.role as NonNullable<UserRow['role']>));
  const where = conditions.length ? and(...conditions) : undefined;
  const dir = p.desc ? desc : asc;
  const [rows, [total]] = await Promise.all([
    tx
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(dir(users[p.sort]), dir(users.id))
      .limit(p.perPage)
      .offset(p.offset),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  const companiesOf = await membershipsOf(
    tx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toUser(r, companiesOf)), total: Number(total?.n ?? 0) };
}

/** A user's own record, or any user for (verified) operators; anyone else's is not found. */
export async function getUser(tx: Tx, actor: Actor, id: number): Promise<User> {
  if (actor.userId !== id && !hasOperatorPowers(actor)) throw notFound();
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return toUser(row, await membershipsOf(tx, [id]));
}

async function emailFree(tx: Tx, email: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email));
  if (taken) throw invalid('email', MESSAGES.emailTaken);
}

/** Profile update (self) or any user (operators). A new email must be verified again. */
export async function updateUser(
  tx: Tx,
  deps: Deps,
  actor: Actor,
  id: number,
  update: ProfileUpdate,
  clock: Clock,
): Promise<User> {
  const { password, current_password, status, ...input } = update;
  const current = await getUser(tx, actor, id);
  assertMayManageSuper(actor, current.role);
  if (password !== undefined) await changePassword(tx, actor, id, { password, current_password });
  if (status !== undefined && !hasOperatorPowers(actor)) throw new AppError('forbidden');
  // Through the status's transition table, with its event (status.ts); the same status again is no change.
  if (status !== undefined && status !== current.status)
    await changeUserStatus({ db: tx, actor, clock, deps }, id, status);
  const emailChanged = input.email !== undefined && input.email !== current.email;
  if (emailChanged) await emailFree(tx, input.email!, id);
  await tx
    .update(users)
    .set({ ...input, ...(emailChanged ? { email_verified_at: null } : {}), updated_at: sql`now()` })
    .where(eq(users.id, id));
  if (emailChanged) await sendVerification(tx, deps, id);
  return getUser(tx, actor, id);
}

async function revokeSessions(tx: Tx, userId: number, keepSessionId?: number) {
  await tx
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_id, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/**
 * Own password: needs the current one, and ends the user's other sessions. An operator setting
 * another user's password needs no current password and ends all of that user's sessions.
 */
export async function changePassword(
  tx: Tx,
  actor: Actor,
  userId: number,
  input: { current_password?: string; password: string },
): Promise<void> {
  const self = actor.userId === userId;
  if (!self && !hasOperatorPowers(actor)) throw notFound();
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  assertMayManageSuper(actor, user.role);
  if (self && !(await verifyPassword(user.password_hash, input.current_password ?? ''))) {
    throw invalid('current_password', MESSAGES.currentPasswordWrong);
  }
  await assertPasswordAllowed(input.password, user);
  await tx
    .update(users)
    .set({
      password_hash: await hashPassword(input.password),
      // An invited account that gets a password (from an operator) is in use from now on.
      status: sql`CASE WHEN ${users.status} = 'invited' THEN 'active' ELSE ${users.status} END`,
      updated_at: sql`now()`,
    })
    .where(eq(users.id, userId));
  await revokeSessions(tx, userId, self ? actor.sessionId : undefined);
}

/**
 * Only a super-admin may create, promote to, change, set the password of or delete a super-admin;
 * a support-user may not (docs/api.md, "Accounts and access").
 */
const ONLY_SUPER_MANAGES_SUPER = 'Only a super-admin may create or change a super-admin.';
function assertMayManageSuper(actor: Actor, targetRole: User['role'] | undefined) {
  if (targetRole === 'super-admin' && actor.globalRole !== 'super-admin')
    throw new AppError('forbidden', ONLY_SUPER_MANAGES_SUPER);
}

/** Only an owner (or an operator) may make someone an owner. */
export function assertMayGrant(actor: Actor, role: CompanyRole) {
  if (hasOperatorPowers(actor)) return;
  if (role === 'owner' && actor.companyRole !== 'owner')
    throw new AppError('forbidden', 'Only an owner can appoint an owner.');
}

/**
 * The company's owners other than `exceptUserId`, counted under a lock on the company row: two owners
 * demoting each other at the same moment would each count the other and leave none. The second waits
 * for the first to commit, then counts again (a new statement reads the committed change).
 */
async function ownersLeft(tx: Tx, companyId: number, exceptUserId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(companyUsers)
    .where(
      and(
        eq(companyUsers.company_id, companyId),
        eq(companyUsers.role, 'owner'),
        ne(companyUsers.user_id, exceptUserId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function sendInvitation(
  tx: Tx,
  deps: Deps,
  actor: Actor,
  companyId: number,
  userId: number,
): Promise<'queued' | 'not_sent'> {
  const [row] = await tx
    .select({ user: users, company: companies.name })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.user_id))
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, userId)));
  if (!row) throw notFound();
  const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  const token = await issueUserToken(tx, userId, 'invitation');
  const href = `${appBase(deps)}/auth/password-create?token=${token}&email=${encodeURIComponent(row.user.email)}`;
  const mail = invitationMail(row.user.name, row.company, inviter?.name ?? 'A colleague', href);
  const sent = await queueMail(tx, deps, {
    companyId,
    kind: 'invitation',
    to: row.user.email,
    ...mail,
    // As every company invitation: its kept copy must look like the others (invitations.ts).
    secrets: linkSecrets(href, token),
  });
  return sent.status;
}

/**
 * Operators add a user to a company at once: a new account (invited, no password yet) or an existing
 * one by email. Sends the invitation unless asked not to. A company's own admins invite instead
 * (company-users.ts): an existing account joins only when its owner accepts.
 */
export async function createCompanyUser(
  tx: Tx,
  deps: Deps,
  actor: Actor,
  companyId: number,
  input: {
    name: string;
    email: string;
    role: CompanyRole;
    company_functions: string[];
    send_invitation: boolean;
  },
): Promise<{ user: User; invitation: 'queued' | 'not_sent' | 'skipped' }> {
  assertMayGrant(actor, input.role);
  let [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) {
    const [member] = await tx
      .select({ id: companyUsers.user_id })
      .from(companyUsers)
      .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, existing.id)));
    if (member) throw invalid('email', MESSAGES.userAlreadyMember);
  } else {
    [existing] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, status: 'invited' })
      .returning({ id: users.id });
  }
  const userId = existing!.id;
  await tx.insert(companyUsers).values({
    company_id: companyId,
    user_id: userId,
    role: input.role,
    company_functions: input.company_functions,
  });
  // A member now: a pending invitation of the address would only list the person twice.
  await cancelInvitation(tx, companyId, input.email);
  const invitation = input.send_invitation
    ? await sendInvitation(tx, deps, actor, companyId, userId)
    : 'skipped';
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, userId));
  // An existing account's other companies are none of this company's business.
  const memberships = await membershipsOf(tx, [userId]);
  memberships.set(userId, memberships.get(userId)?.filter((m) => m.id === companyId) ?? []);
  return { user: toUser(row!, memberships), invitation };
}

/**
 * Sets a user's role in a company, found by email; `null` removes the user from the company. Only a
 * member's role changes here: any other address is invited (invitations.ts), a pending invitation is
 * renewed with the role, and `null` withdraws it. The answer for an address that is not a member is the
 * same whether or not it has an account.
 */
export async function assignRole(
  tx: Tx,
  deps: Deps,
  actor: Actor,
  input: { email: string; id: number; role: CompanyRole | null },
): Promise<'assigned' | 'removed' | 'queued' | 'not_sent'> {
  const companyId = input.id;
  // The actor's own standing in that company (the company id comes in the body, not the URL).
  const [mine] = await tx
    .select({ role: companyUsers.role })
    .from(companyUsers)
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, actor.userId)));
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company || (!mine && !hasOperatorPowers(actor))) throw notFound();
  const scoped: Actor = { ...actor, companyId, companyRole: mine?.role ?? null };
  if (!hasOperatorPowers(actor) && COMPANY_ROLE_RANK[mine!.role] < COMPANY_ROLE_RANK.admin)
    throw new AppError('forbidden');

  // One query whether or not the address has an account.
  const [membership] = await tx
    .select({ userId: users.id, role: companyUsers.role })
    .from(users)
    .innerJoin(companyUsers, and(eq(companyUsers.user_id, users.id), eq(companyUsers.company_id, companyId)))
    .where(eq(users.email, input.email));

  if (!membership) {
    if (input.role === null) {
      await cancelInvitation(tx, companyId, input.email);
      return 'removed';
    }
    assertMayGrant(scoped, input.role);
    const { status } = await invite(tx, deps, scoped, companyId, {
      email: input.email,
      role: input.role,
      send: true,
    });
    return status === 'not_sent' ? 'not_sent' : 'queued';
  }
  if (input.role === null) {
    await removeMembership(tx, scoped, companyId, membership.userId, membership.role);
    return 'removed';
  }
  assertMayGrant(scoped, input.role);
  if (membership.role === 'owner' && input.role !== 'owner') {
    assertMayGrant(scoped, 'owner');
    if ((await ownersLeft(tx, companyId, membership.userId)) === 0)
      throw new AppError('conflict', MESSAGES.cannotRemoveLastOwner);
  }
  await tx
    .update(companyUsers)
    .set({ role: input.role })
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, membership.userId)));
  return 'assigned';
}

async function removeMembership(tx: Tx, actor: Actor, companyId: number, userId: number, role: CompanyRole) {
  if (role === 'owner') {
    assertMayGrant(actor, 'owner');
    if ((await ownersLeft(tx, companyId, userId)) === 0)
      throw new AppError('conflict', MESSAGES.cannotRemoveLastOwner);
  }
  await tx
    .delete(companyUsers)
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, userId)));
}

/** Removes a user from a company (the account stays; operators delete accounts). */
export async function removeCompanyUser(
  tx: Tx,
  actor: Actor,
  companyId: number,
  userId: number,
): Promise<void> {
  const [membership] = await tx
    .select({ role: companyUsers.role })
    .from(companyUsers)
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, userId)));
  if (!membership) throw notFound();
  await removeMembership(tx, actor, companyId, userId, membership.role);
}

/** Operators create any user, optionally in a company, optionally as an operator. */
export async function createUserAsOperator(
  tx: Tx,
  deps: Deps,
  actor: Actor,
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
    const result = await createCompanyUser(tx, deps, actor, input.company_id, {
      name: input.name,
      email: input.email,
      role: input.company_role,
      company_functions: input.company_functions,
      send_invitation: input.send_invitation,
    });
    if (input.role) await tx.update(users).set({ role: input.role }).where(eq(users.id, result.user.id));
    return { ...result, user: await getUser(tx, actor, result.user.id) };
  }
  await emailFree(tx, input.email);
  const [row] = await tx
    .insert(users)
    .values({ name: input.name, email: input.email, role: input.role, status: 'invited' })
    .returning({ id: users.id });
  let invitation: 'queued' | 'not_sent' | 'skipped' = 'skipped';
  if (input.send_invitation) {
    const token = await issueUserToken(tx, row!.id, 'invitation');
    const href = `${appBase(deps)}/auth/password-create?token=${token}&email=${encodeURIComponent(input.email)}`;
    const mail = invitationMail(input.name, null, 'The Rentloop team', href);
    invitation = (
      await queueMail(tx, deps, {
        companyId: null,
        kind: 'invitation',
        to: input.email,
        ...mail,
        secrets: [token],
      })
    ).status;
  }
  return { user: await getUser(tx, actor, row!.id), invitation };
}

export async function deleteUser(tx: Tx, actor: Actor, id: number): Promise<void> {
  if (id === actor.userId) throw new AppError('conflict', 'You cannot delete your own account.');
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
  assertMayManageSuper(actor, target?.role);
  const owned = await tx
    .select({ companyId: companyUsers.company_id })
    .from(companyUsers)
    .where(and(eq(companyUsers.user_id, id), eq(companyUsers.role, 'owner')));
  for (const { companyId } of owned) {
    if ((await ownersLeft(tx, companyId, id)) === 0)
      throw new AppError('conflict', MESSAGES.cannotRemoveLastOwner);
  }
  const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (deleted.length === 0) throw notFound();
}
