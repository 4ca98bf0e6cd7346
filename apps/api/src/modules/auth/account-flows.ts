/**
 * Account flows that happen by email: verification, password reset, the first password of an
 * invited user, and registration (off unless the platform setting allows it).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq, sql } from 'drizzle-orm';
import type { Deps, PlatformCtx } from '../../context.ts';
import { platformSettings, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { platformMail } from '../templates/mail.ts';
import { activateIfInvited } from './account-status.ts';
import { joinCompany } from './join-company.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { clearAccount } from './throttle.ts';
import { consumeUserToken, issueUserToken } from './tokens.ts';

/**
 * Links in emails always point at APP_URL (or this server on localhost): never at an address taken
 * from the request, so a forged Host header or `url` field cannot send a reset token elsewhere.
 */
export const appBase = (deps: Deps, port = process.env.PORT ?? '3000') =>
  deps.appUrl ?? `http://localhost:${port}`;

export async function sendVerification(ctx: PlatformCtx, userId: number): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  if (user.email_verified_at) throw new AppError('conflict', 'Email is already verified.');
  const token = await issueUserToken(ctx, user.id, 'verify_email');
  const mail = await platformMail(ctx, 'verification', {
    name: user.name,
    href: `${appBase(ctx.deps)}/auth/verify/${token}`,
  });
  await queueMail(ctx, {
    companyId: null,
    kind: 'verify_email',
    to: user.email,
    ...mail,
    secrets: [token],
  });
}

export async function verifyEmail(ctx: PlatformCtx, token: string): Promise<void> {
  const { userId } = await consumeUserToken(ctx, token, ['verify_email']);
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .update(users)
    .set({
      email_verified_at: sql`coalesce(${users.email_verified_at}, ${now}::timestamptz)`,
      updated_at: now,
    })
    .where(eq(users.id, userId));
}

/** Sends a reset link when the account exists; answers the same either way (no account discovery). */
export async function requestPasswordReset(ctx: PlatformCtx, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.status === 'disabled') return;
  const token = await issueUserToken(ctx, user.id, 'password_reset');
  const href = `${appBase(ctx.deps)}/auth/password-reset?token=${token}&email=${encodeURIComponent(user.email)}`;
  const mail = await platformMail(ctx, 'password_reset', { name: user.name, href });
  await queueMail(ctx, {
    companyId: null,
    kind: 'password_reset',
    to: user.email,
    ...mail,
    secrets: [token],
  });
}

/**
 * Sets a password from a reset or invitation token. The email is proven by the token, so it counts as
 * verified; an invited account becomes active; every existing session ends; and the account's sign-in
 * counters are cleared, so a guesser's failures never keep the owner out after a reset. The link of a
 * company invitation (to an address that had no password) also accepts that invitation.
 */
export async function resetPassword(
  ctx: PlatformCtx,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const tx = ctx.db;
  const { userId, invitationId } = await consumeUserToken(
    ctx,
    input.token,
    ['password_reset', 'invitation'],
    input.email,
  );
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('validation', MESSAGES.tokenInvalid, { token: [MESSAGES.tokenInvalid] });
  // A refused password rolls the transaction back, so the token stays usable for a better one.
  await assertPasswordAllowed(input.password, user);
  const now = ctx.clock.now().toISOString();
  await tx
    .update(users)
    .set({
      password_hash: await hashPassword(input.password),
      email_verified_at: sql`coalesce(${users.email_verified_at}, ${now}::timestamptz)`,
      updated_at: now,
    })
    .where(eq(users.id, userId));
  await activateIfInvited(ctx, userId, invitationId !== null ? 'invitation_accepted' : 'password_set');
  await tx.update(sessions).set({ revoked_at: now }).where(eq(sessions.user_id, userId));
  await clearAccount(ctx, user.email);
  if (invitationId !== null) await joinCompany(ctx, userId, invitationId);
}

export async function registrationAllowed(ctx: PlatformCtx): Promise<boolean> {
  const [row] = await ctx.db
    .select()
    .from(platformSettings)
    .where(eq(platformSettings.key, 'registration_allowed'));
  return row?.value === true;
}

export async function register(
  ctx: PlatformCtx,
  input: { name: string; email: string; password: string },
): Promise<number> {
  const tx = ctx.db;
  if (!(await registrationAllowed(ctx))) throw new AppError('forbidden', MESSAGES.registrationDisabled);
  const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (exists) throw new AppError('validation', MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
  await assertPasswordAllowed(input.password, input);
  const [user] = await tx
    .insert(users)
    .values({ name: input.name, email: input.email, password_hash: await hashPassword(input.password) })
    .returning({ id: users.id });
  await sendVerification(ctx, user!.id);
  return user!.id;
}
