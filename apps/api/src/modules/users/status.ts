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
import { actionsOf, type Machine, type Transitioned, transition } from '../events/transition.ts';

export const userMachine: Machine<UserStatus, UserAction, { self: boolean }> = {
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

/** What an operator may do to user `id` now (`GET /api/auth/users/{id}/actions`). */
export function userActions(ctx: PlatformCtx, id: number): Promise<UserActions> {
  return actionsOf(ctx, userMachine, id, guardOf(ctx, id));
}
