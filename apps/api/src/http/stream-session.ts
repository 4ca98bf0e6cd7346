/**
 * Whether the session that opened a long-lived stream (notifications/stream.ts) may still hear it: not
 * logged out or revoked, its access token not expired, its user not disabled, and still a member of the
 * company (or an operator). A stream is one request that lasts minutes; the access check of
 * http/access.ts ran once, at its start, so the stream asks again whenever an auth change of its user
 * is announced (SessionCache `watch`, fed by db/notify.ts) and at every heartbeat.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isOperator, type UserActor } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companyUsers, sessions, users } from '../db/schema/index.ts';

export async function sessionStillValid(
  db: Db,
  actor: UserActor,
  companyId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ member: companyUsers.user_id, role: users.role })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.user_id), ne(users.status, 'disabled')))
    .leftJoin(companyUsers, and(eq(companyUsers.company_id, companyId), eq(companyUsers.user_id, users.id)))
    .where(
      and(
        eq(sessions.id, actor.sessionId),
        isNull(sessions.revoked_at),
        sql`${sessions.access_expires_at} > ${now.toISOString()}::timestamptz`,
      ),
    );
  if (!row) return false;
  return row.member !== null || isOperator(row.role);
}
