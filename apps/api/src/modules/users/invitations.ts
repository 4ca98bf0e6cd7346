/**
 * Company invitations (security probe, issue 10, finding 3; docs/decisions.md, "Joining a company is an
 * invitation"). A company admin who adds an email that is not a member invites it: the answer, the row
 * in the company's user list, the mail in its Email History and the entries in its audit trail are the
 * same whether or not the address has an account, and nothing of the account (name, status, dates,
 * other companies, its id) reaches the company before the person accepts from the mailed link.
 *
 * - No account: an invited account is created (as inviting a new user always did) and the mail's link
 *   sets its first password, which accepts the invitation.
 * - An account with a password: the mail's link accepts (`POST /api/auth/invitations/accept`).
 * - An account without a password yet (invited elsewhere): as a new one, the first password accepts.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { CompanyRole } from '@rentloop/domain/roles';
import type { User } from '@rentloop/domain/users';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx, PlatformCtx, UserActor } from '../../context.ts';
import { companyInvitations, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { linkSecrets } from '../../integrations/email/templates.ts';
import { appBase } from '../auth/account-flows.ts';
import { joinCompany } from '../auth/join-company.ts';
import { consumeUserToken, issueUserToken } from '../auth/tokens.ts';
import { companyInvitationMail } from '../templates/mail.ts';

export type Invitation = typeof companyInvitations.$inferSelect;
export type InvitationStatus = 'queued' | 'not_sent' | 'skipped';

/**
 * The answer when the invitation is recorded but its mail was refused or could not be handed over
 * (http/mail-now.ts): the person is invited, and the mail can be sent again.
 */
export const invitationMailFailed = (email: string, reason: string) =>
  `${email} is invited, but the invitation email was not sent. ${/[.!?]$/.test(reason) ? reason : `${reason}.`} Send it again from the user's actions.`;

/** A company's pending invitation with this id (ids of invitations and users never collide). */
export async function findInvitation(ctx: Ctx, id: number): Promise<Invitation | null> {
  const [row] = await ctx.db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.company_id, ctx.companyId), eq(companyInvitations.id, id)));
  return row ?? null;
}

export async function invitationTo(ctx: Ctx, email: string): Promise<Invitation | null> {
  const [row] = await ctx.db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.company_id, ctx.companyId), eq(companyInvitations.email, email)));
  return row ?? null;
}

/** The invitation as a user of the company, as the list shows it: only what the admin typed. */
export function invitationAsUser(invitation: Invitation, companyName: string): User {
  return {
    id: invitation.id,
    name: invitation.name,
    email: invitation.email,
    status: 'invited',
    role: null,
    email_verified_at: null,
    show_errors: true,
    show_warnings: true,
    show_successes: true,
    created_at: invitation.created_at,
    updated_at: invitation.updated_at,
    companies: [
      {
        id: invitation.company_id,
        name: companyName,
        role: invitation.role,
        company_functions: invitation.company_functions,
      },
    ],
  };
}

/**
 * A new address gets its invited account now (as inviting a new user always did), and the invitation
 * takes the account's id; an existing account's invitation draws a fresh id from the same sequence.
 */
async function newAccountId(ctx: Ctx, name: string, email: string): Promise<{ id?: number }> {
  const tx = ctx.db;
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (account) return {};
  const [created] = await tx
    .insert(users)
    .values({ name, email, status: 'invited' })
    .returning({ id: users.id });
  return { id: created!.id };
}

/**
 * Records the invitation of `email` (or renews the pending one with the new role) and sends it unless
 * asked not to. The work is the same whether or not the address has an account (a lookup, an insert or
 * two, a token, a mail), so neither the answer nor its time tells them apart.
 */
export async function invite(
  ctx: Ctx<UserActor>,
  input: { email: string; name?: string; role: CompanyRole; company_functions?: string[]; send: boolean },
): Promise<{ invitation: Invitation; status: InvitationStatus }> {
  const { db: tx, actor, companyId } = ctx;
  const name = input.name ?? input.email;
  const pending = await invitationTo(ctx, input.email);
  const [invitation] = pending
    ? await tx
        .update(companyInvitations)
        .set({ role: input.role, invited_by: actor.userId, updated_at: ctx.clock.now().toISOString() })
        .where(eq(companyInvitations.id, pending.id))
        .returning()
    : await tx
        .insert(companyInvitations)
        .values({
          ...(await newAccountId(ctx, name, input.email)),
          company_id: companyId,
          email: input.email,
          name,
          role: input.role,
          company_functions: input.company_functions ?? [],
          invited_by: actor.userId,
        })
        .returning();
  const status = input.send ? await sendInvitationMail(ctx, invitation!) : 'skipped';
  return { invitation: invitation!, status };
}

/**
 * Mails the invitation. The link depends on the account (first password, or accept), and is hidden
 * whole in the kept copy; the text does not depend on it, and names the person as the admin typed.
 */
export async function sendInvitationMail(
  ctx: Ctx<UserActor>,
  invitation: Invitation,
): Promise<'queued' | 'not_sent'> {
  const { db: tx, actor } = ctx;
  const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  let [account] = await tx
    .select({ id: users.id, hasPassword: sql<boolean>`${users.password_hash} IS NOT NULL` })
    .from(users)
    .where(eq(users.email, invitation.email));
  // The account was deleted since: invited afresh, as a new address is.
  account ??= (
    await tx
      .insert(users)
      .values({ name: invitation.name, email: invitation.email, status: 'invited' })
      .returning({ id: users.id, hasPassword: sql<boolean>`false` })
  )[0]!;
  const base = appBase(ctx.deps);
  const token = await issueUserToken(
    ctx,
    account.id,
    account.hasPassword ? 'company_invitation' : 'invitation',
    invitation.id,
  );
  const href = account.hasPassword
    ? `${base}/auth/accept-invitation?token=${token}`
    : `${base}/auth/password-create?token=${token}&email=${encodeURIComponent(invitation.email)}`;
  const mail = await companyInvitationMail(
    { ...ctx, companyId: invitation.company_id },
    { name: invitation.name, inviter: inviter?.name ?? 'A colleague', href },
  );
  const sent = await queueMail(ctx, {
    companyId: invitation.company_id,
    kind: 'invitation',
    to: invitation.email,
    ...mail,
    secrets: linkSecrets(href, token),
  });
  return sent.status;
}

export async function cancelInvitation(ctx: Ctx, email: string): Promise<void> {
  await ctx.db
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.company_id, ctx.companyId), eq(companyInvitations.email, email)));
}

/**
 * `POST /api/auth/invitations/accept`: the token proves the mailbox, so whoever is signed in (if anyone)
 * does not matter: the account the invitation was sent to joins.
 */
export async function acceptInvitation(
  ctx: PlatformCtx,
  token: string,
): Promise<{ id: number; name: string }> {
  const { userId, invitationId } = await consumeUserToken(ctx, token, ['company_invitation']);
  // Every token of this kind names its invitation; the check keeps the types honest.
  if (invitationId === null)
    throw new AppError('validation', MESSAGES.tokenInvalid, { token: [MESSAGES.tokenInvalid] });
  return joinCompany(ctx, userId, invitationId);
}
