/**
 * A user's status (active, invited, disabled) changes only through its transition table
 * (`USER_TRANSITIONS` in packages/domain/src/users.ts), with a `user.status_changed` event in the same
 * transaction. Users are platform objects: the event has no company.
 */
import { type UserAction, type UserActions, type UserStatus, userActionTo } from '@rentloop/domain/users';
import { and, eq, sql } from 'drizzle-orm';
import type { PlatformCtx } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { userGuardOf, userMachine } from '../auth/account-status.ts';
import { actionsOf, type Transitioned, transition } from '../events/transition.ts';
import { mayManageRole } from './user-record.ts';

/**
 * Brings user `id` to `status` (the caller has checked that the actor may manage them). A disabled
 * user's sessions end at once. 409 when the user is not in a state the action starts from.
 */
export async function changeUserStatus(
  ctx: PlatformCtx,
  id: number,
  status: 'active' | 'disabled',
): Promise<Transitioned<UserStatus, UserAction>> {
  const done = await transition(ctx, userMachine, id, userActionTo(status), { guard: userGuardOf(ctx, id) });
  if (done.to === 'disabled')
    await ctx.db
      .update(sessions)
      .set({ revoked_at: ctx.clock.now().toISOString() })
      .where(and(eq(sessions.user_id, id), sql`${sessions.revoked_at} IS NULL`));
  return done;
}

/**
 * What the asking operator may do to user `id` now (`GET /api/auth/users/{id}/actions`): the table's
 * actions from the user's status, none where the asker may not change this user at all (a support user
 * asking about a super-admin), so the screen offers only what the server would accept.
 */
export async function userActions(ctx: PlatformCtx, id: number): Promise<UserActions> {
  const answer = await actionsOf(ctx, userMachine, id, userGuardOf(ctx, id));
  if (ctx.actor.kind !== 'user') throw new AppError('forbidden');
  const [target] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return mayManageRole(ctx.actor, target?.role ?? null) ? answer : { ...answer, actions: [] };
}
