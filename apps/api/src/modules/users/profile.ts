/**
 * One user's account as they (or an operator) see and change it: the record, the profile, the
 * password. Anyone else's account is not found.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { ProfileUpdate, User } from '@rentloop/domain/users';
import { and, eq, ne } from 'drizzle-orm';
import { hasOperatorPowers, type PlatformCtx, type UserActor } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { sendVerification } from '../auth/account-flows.ts';
import { activateIfInvited } from '../auth/account-status.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { changeUserStatus } from './status.ts';
import { assertEmailFree, assertMayManageSuper, membershipsOf, toUser, userColumns } from './user-record.ts';

/** A user's own record, or any user for (verified) operators; anyone else's is not found. */
export async function getUser(ctx: PlatformCtx<UserActor>, id: number): Promise<User> {
  if (ctx.actor.userId !== id && !hasOperatorPowers(ctx.actor)) throw notFound();
  const [row] = await ctx.db.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return toUser(row, await membershipsOf(ctx, [id]));
}

/** Profile update (self) or any user (operators). A new email must be verified again. */
export async function updateUser(
  ctx: PlatformCtx<UserActor>,
  id: number,
  update: ProfileUpdate,
): Promise<User> {
  const { actor } = ctx;
  const { password, current_password, status, ...input } = update;
  const current = await getUser(ctx, id);
  assertMayManageSuper(actor, current.role);
  if (password !== undefined) await changePassword(ctx, id, { password, current_password });
  if (status !== undefined && !hasOperatorPowers(actor)) throw new AppError('forbidden');
  // Through the status's transition table, with its event (status.ts); the same status again is no change.
  if (status !== undefined && status !== current.status) await changeUserStatus(ctx, id, status);
  const emailChanged = input.email !== undefined && input.email !== current.email;
  if (emailChanged) await assertEmailFree(ctx, input.email!, id);
  await ctx.db
    .update(users)
    .set({
      ...input,
      ...(emailChanged ? { email_verified_at: null } : {}),
      updated_at: ctx.clock.now().toISOString(),
    })
    .where(eq(users.id, id));
  if (emailChanged) await sendVerification(ctx, id);
  return getUser(ctx, id);
}

async function revokeSessions(ctx: PlatformCtx, userId: number, keepSessionId?: number) {
  await ctx.db
    .update(sessions)
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where(and(eq(sessions.user_id, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/**
 * Own password: needs the current one, and ends the user's other sessions. An operator setting
 * another user's password needs no current password and ends all of that user's sessions.
 */
export async function changePassword(
  ctx: PlatformCtx<UserActor>,
  userId: number,
  input: { current_password?: string; password: string },
): Promise<void> {
  const { actor } = ctx;
  const self = actor.userId === userId;
  if (!self && !hasOperatorPowers(actor)) throw notFound();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  assertMayManageSuper(actor, user.role);
  if (self && !(await verifyPassword(user.password_hash, input.current_password ?? ''))) {
    throw invalid('current_password', MESSAGES.currentPasswordWrong);
  }
  await assertPasswordAllowed(input.password, user);
  await ctx.db
    .update(users)
    .set({
      password_hash: await hashPassword(input.password),
      updated_at: ctx.clock.now().toISOString(),
    })
    .where(eq(users.id, userId));
  // An invited account that gets a password (from an operator) is in use from now on.
  await activateIfInvited(ctx, userId, 'password_set');
  await revokeSessions(ctx, userId, self ? actor.sessionId : undefined);
}
