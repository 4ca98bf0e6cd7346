/**
 * The moment an invitation becomes a membership: the person proved the mailbox it was sent to (the
 * accept link, or the first-password link of an account the invitation created). Kept apart from
 * invitations (modules/users) so that the password flow (account-flows.ts) can call it: auth never imports users.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq, sql } from 'drizzle-orm';
import type { PlatformCtx } from '../../context.ts';
import { companies, companyInvitations, companyUsers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

const linkInvalid = () =>
  new AppError('validation', MESSAGES.tokenInvalid, { token: [MESSAGES.tokenInvalid] });

/**
 * Makes `userId` a member with the invitation's role and functions, and deletes the invitation (and with
 * it every other link to it). Someone who is a member already keeps the role they have.
 */
export async function joinCompany(
  ctx: PlatformCtx,
  userId: number,
  invitationId: number,
): Promise<{ id: number; name: string }> {
  const tx = ctx.db;
  const [invitation] = await tx
    .select({ invitation: companyInvitations, company: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.company_id))
    .where(eq(companyInvitations.id, invitationId))
    .for('update', { of: companyInvitations });
  if (!invitation) throw linkInvalid();
  const { company_id, role, company_functions } = invitation.invitation;
  // A public route has no actor: the audit trail names the person who joined.
  await tx.execute(sql`select set_config('rentloop.user_id', ${String(userId)}, true)`);
  await tx
    .insert(companyUsers)
    .values({ company_id, user_id: userId, role, company_functions })
    .onConflictDoNothing();
  await tx.delete(companyInvitations).where(eq(companyInvitations.id, invitationId));
  return { id: company_id, name: invitation.company };
}
