/**
 * Membership of companies: who is in a company with which role, and the rules of changing it (only
 * an owner appoints an owner; a company never loses its last owner). Invitations of addresses that
 * are not members are in invitations.ts.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { COMPANY_ROLE_RANK, type CompanyRole } from '@rentloop/domain/roles';
import type { User } from '@rentloop/domain/users';
import { and, count, eq, ne } from 'drizzle-orm';
import { type Ctx, hasOperatorPowers, type PlatformCtx, type UserActor } from '../../context.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { linkSecrets } from '../../integrations/email/templates.ts';
import { appBase } from '../auth/account-flows.ts';
import { issueUserToken } from '../auth/tokens.ts';
import { companyInvitationMail } from '../templates/mail.ts';
import { cancelInvitation, invite } from './invitations.ts';
import { membershipsOf, toUser, userColumns } from './user-record.ts';

/** Only an owner (or an operator) may make someone an owner. */
export function assertMayGrant(actor: UserActor, role: CompanyRole) {
  if (hasOperatorPowers(actor)) return;
  if (role === 'owner' && actor.companyRole !== 'owner')
    throw new AppError('forbidden', 'Only an owner can appoint an owner.');
}

/**
 * The company's owners other than `exceptUserId`, counted under a lock on the company row: two owners
 * demoting each other at the same moment would each count the other and leave none. The second waits
 * for the first to commit, then counts again (a new statement reads the committed change).
 */
export async function ownersLeft(ctx: PlatformCtx, companyId: number, exceptUserId: number) {
  const tx = ctx.db;
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

/** Mails an invited member (no password yet) the link that sets their first password. */
export async function sendInvitation(ctx: Ctx<UserActor>, userId: number): Promise<'queued' | 'not_sent'> {
  const { db: tx, companyId } = ctx;
  const [row] = await tx
    .select({ user: users, company: companies.name })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.user_id))
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, userId)));
  if (!row) throw notFound();
  const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
  const token = await issueUserToken(ctx, userId, 'invitation');
  const href = `${appBase(ctx.deps)}/auth/password-create?token=${token}&email=${encodeURIComponent(row.user.email)}`;
  const mail = await companyInvitationMail(ctx, {
    name: row.user.name,
    inviter: inviter?.name ?? 'A colleague',
    href,
  });
  const sent = await queueMail(ctx, {
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
  ctx: Ctx<UserActor>,
  input: {
    name: string;
    email: string;
    role: CompanyRole;
    company_functions: string[];
    send_invitation: boolean;
  },
): Promise<{ user: User; invitation: 'queued' | 'not_sent' | 'skipped' }> {
  const { db: tx, companyId } = ctx;
  assertMayGrant(ctx.actor, input.role);
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
  await cancelInvitation(ctx, input.email);
  const invitation = input.send_invitation ? await sendInvitation(ctx, userId) : 'skipped';
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, userId));
  // An existing account's other companies are none of this company's business.
  const memberships = await membershipsOf(ctx, [userId]);
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
  ctx: PlatformCtx<UserActor>,
  input: { email: string; id: number; role: CompanyRole | null },
): Promise<'assigned' | 'removed' | 'queued' | 'not_sent'> {
  const { db: tx, actor } = ctx;
  const companyId = input.id;
  // The actor's own standing in that company (the company id comes in the body, not the URL).
  const [mine] = await tx
    .select({ role: companyUsers.role })
    .from(companyUsers)
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, actor.userId)));
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company || (!mine && !hasOperatorPowers(actor))) throw notFound();
  if (!hasOperatorPowers(actor) && COMPANY_ROLE_RANK[mine!.role] < COMPANY_ROLE_RANK.admin)
    throw new AppError('forbidden');
  // From here on, work in that company as the actor's standing there allows.
  const scoped: Ctx<UserActor> = {
    ...ctx,
    companyId,
    actor: { ...actor, companyId, companyRole: mine?.role ?? null },
  };

  // One query whether or not the address has an account.
  const [membership] = await tx
    .select({ userId: users.id, role: companyUsers.role })
    .from(users)
    .innerJoin(companyUsers, and(eq(companyUsers.user_id, users.id), eq(companyUsers.company_id, companyId)))
    .where(eq(users.email, input.email));

  if (!membership) {
    if (input.role === null) {
      await cancelInvitation(scoped, input.email);
      return 'removed';
    }
    assertMayGrant(scoped.actor, input.role);
    const { status } = await invite(scoped, { email: input.email, role: input.role, send: true });
    return status === 'not_sent' ? 'not_sent' : 'queued';
  }
  if (input.role === null) {
    await removeMembership(scoped, membership.userId, membership.role);
    return 'removed';
  }
  assertMayGrant(scoped.actor, input.role);
  if (membership.role === 'owner' && input.role !== 'owner') {
    assertMayGrant(scoped.actor, 'owner');
    if ((await ownersLeft(ctx, companyId, membership.userId)) === 0)
      throw new AppError('conflict', MESSAGES.cannotRemoveLastOwner);
  }
  await tx
    .update(companyUsers)
    .set({ role: input.role })
    .where(and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, membership.userId)));
  return 'assigned';
}

async function removeMembership(ctx: Ctx<UserActor>, userId: number, role: CompanyRole) {
  if (role === 'owner') {
    assertMayGrant(ctx.actor, 'owner');
    if ((await ownersLeft(ctx, ctx.companyId, userId)) === 0)
      throw new AppError('conflict', MESSAGES.cannotRemoveLastOwner);
  }
  await ctx.db
    .delete(companyUsers)
    .where(and(eq(companyUsers.company_id, ctx.companyId), eq(companyUsers.user_id, userId)));
}

/** Removes a user from a company (the account stays; operators delete accounts). */
export async function removeCompanyUser(ctx: Ctx<UserActor>, userId: number): Promise<void> {
  const [membership] = await ctx.db
    .select({ role: companyUsers.role })
    .from(companyUsers)
    .where(and(eq(companyUsers.company_id, ctx.companyId), eq(companyUsers.user_id, userId)));
  if (!membership) throw notFound();
  await removeMembership(ctx, userId, membership.role);
}
