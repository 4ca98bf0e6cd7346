/**
 * Account flows that happen by email: verification, password reset, the first password of an
 * invited user, and registration (off unless the platform setting allows it).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { platformSettings, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { passwordResetMail, verifyEmailMail } from '../../integrations/email/templates.ts';
import { joinCompany } from '../users/join.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { clearAccount } from './throttle.ts';
import { consumeUserToken, issueUserToken } from './tokens.ts';

type Deps = FastifyInstance['deps'];

/**
 * Links in emails always point at APP_URL (or this server on localhost): never at an address taken
 * from the request, so a forged Host header or `url` field cannot send a reset token elsewhere.
 */
export const appBase = (deps: Deps, port = process.env.PORT ?? '3000') =>
  deps.appUrl ?? `http://localhost:${port}`;

export async function sendVerification(tx: Tx, deps: Deps, userId: number): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  if (user.email_verified_at) throw new AppError('conflict', 'Email is already verified.');
  const token = await issueUserToken(tx, user.id, 'verify_email');
  const mail = verifyEmailMail(user.name, `${appBase(deps)}/auth/verify/${token}`);
  await queueMail(tx, deps, {
    companyId: null,
    kind: 'verify_email',
    to: user.email,
    ...mail,
    secrets: [token],
  });
}

export async function verifyEmail(tx: Tx, token: string): Promise<void> {
  const { userId } = await consumeUserToken(tx, token, ['verify_email']);
  await tx
    .update(users)
    .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())`, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

/** Sends a reset link when the account exists; answers the same either way (no account discovery). */
export async function requestPasswordReset(tx: Tx, deps: Deps, email: string): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  if (!user || user.status === 'disabled') return;
  const token = await issueUserToken(tx, user.id, 'password_reset');
  const href = `${appBase(deps)}/auth/password-reset?token=${token}&email=${encodeURIComponent(user.email)}`;
  const mail = passwordResetMail(user.name, href);
  await queueMail(tx, deps, {
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
  tx: Tx,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const { userId, invitationId } = await consumeUserToken(
    tx,
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
  await tx
    .update(users)
    .set({
      password_hash: await hashPassword(input.password),
      status: sql`CASE WHEN ${users.status} = 'invited' THEN 'active' ELSE ${users.status} END`,
      email_verified_at: sql`coalesce(${users.email_verified_at}, now())`,
      updated_at: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.user_id, userId));
  await clearAccount(tx, user.email);
  if (invitationId !== null) await joinCompany(tx, userId, invitationId);
}

export async function registrationAllowed(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(platformSettings)
    .where(eq(platformSettings.key, 'registration_allowed'));
  return row?.value === true;
}

export async function register(
  tx: Tx,
  deps: Deps,
  input: { name: string; email: string; password: string },
): Promise<number> {
  if (!(await registrationAllowed(tx))) throw new AppError('forbidden', MESSAGES.registrationDisabled);
  const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (exists) throw new AppError('validation', MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
  await assertPasswordAllowed(input.password, input);
  const [user] = await tx
    .insert(users)
    .values({ name: input.name, email: input.email, password_hash: await hashPassword(input.password) })
    .returning({ id: users.id });
  await sendVerification(tx, deps, user!.id);
  return user!.id;
}
