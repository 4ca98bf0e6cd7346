/**
 * An account's status lifecycle as the sign-in flows need it: the user machine (its table is
 * `USER_TRANSITIONS` in packages/domain/src/users.ts) and the activation of an invited account when it gets a
 * password. Lives in auth, below users, so that auth never imports users (users builds on auth: tokens,
 * passwords, links); staff's status changes are in `modules/users/status.ts`.
 */
import { USER_TRANSITIONS, type UserAction, type UserStatus } from '@rentloop/domain/users';
import { eq } from 'drizzle-orm';
import { actingUserId, type PlatformCtx } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { type Machine, transition } from '../events/transition.ts';

export const userMachine: Machine<UserStatus, UserAction, { self: boolean }, typeof users> = {
  object: 'user',
  table: users,
  id: users.id,
  status: users.status,
  updatedAt: users.updated_at,
  transitions: USER_TRANSITIONS,
};

export const userGuardOf = (ctx: PlatformCtx, id: number) => ({ self: actingUserId(ctx.actor) === id });

/**
 * An invited account that gets its password (the invitation or reset link, or an operator setting it) is
 * in use from then on: `activate`, through the table, with its event. Any other status stays as it is
 * (a disabled account stays disabled: a password does not undo an operator's decision).
 */
export async function activateIfInvited(ctx: PlatformCtx, id: number, reason: string): Promise<void> {
  const [row] = await ctx.db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (row?.status === 'invited')
    await transition(ctx, userMachine, id, 'activate', { guard: userGuardOf(ctx, id), payload: { reason } });
}
