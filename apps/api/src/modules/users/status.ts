/**
 * A user's status (active, invited, disabled) changes only through its transition table
 * (`USER_TRANSITIONS` in packages/domain/src/users.ts), with a `user.status_changed` event in the same
 * transaction. Users are platform objects: the event has no company.
 */
import {
  USER_TRANSITIONS,
  type UserAction,
  type UserActions,
  type UserStatus,
  userActionTo,
} from '@rentloop/domain/users';
import { and, eq, sql } from 'drizzle-orm';
import { actingUserId, type PlatformCtx } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { actionsOf, type Machine, type Transitioned, transition } from '../events/transition.ts';
import { mayManageRole } from './user-record.ts';

export const userMachine: Machine<UserStatus, UserAction, { self: boolean }, typeof users> = {
  object: 'user',
  table: users,
  id: users.id,
  status: users.status,
  updatedAt: users.updated_at,
  transitions: USER_TRANSITIONS,
};

const guardOf = (ctx: PlatformCtx, id: number) => ({ self: actingUserId(ctx.actor) === id });

/**
 * Brings user `id` to `status` (the caller has checked that the actor may manage them). A disabled
 * user's sessions end at once. 409 when the user is not in a state the action starts from.
 */
export async function changeUserStatus(
  ctx: PlatformCtx,
  id: number,
  status: 'active' | 'disabled',
): Promise<Transitioned<UserStatus, UserAction>> {
  const done = await transition(ctx, userMachine, id, userActionTo(status), { guard: guardOf(ctx, id) });
  if (done.to === 'disabled')
    await ctx.db
      .update(sessions)
      .set({ revoked_at: ctx.clock.now().toISOString() })
      .where(and(eq(sessions.user_id, id), sql`${sessions.revoked_at} IS NULL`));
  return done;
}

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
    await transition(ctx, userMachine, id, 'activate', { guard: guardOf(ctx, id), payload: { reason } });
}

/**
 * What the asking operator may do to user `id` now (`GET /api/auth/users/{id}/actions`): the table's
 * actions from the user's status, none where the asker may not change this user at all (a support user
 * asking about a super-admin), so the screen offers only what the server would accept.
 */
export async function userActions(ctx: PlatformCtx, id: number): Promise<UserActions> {
  const answer = await actionsOf(ctx, userMachine, id, guardOf(ctx, id));
  if (ctx.actor.kind !== 'user') throw new AppError('forbidden');
  const [target] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return mayManageRole(ctx.actor, target?.role ?? null) ? answer : { ...answer, actions: [] };
}
