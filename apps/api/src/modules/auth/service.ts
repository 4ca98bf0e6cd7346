/**
 * Sessions: sign-in (throttled by throttle.ts), token refresh (rotating, with reuse detection),
 * sign-out, and the current user with their companies.
 */
import { randomBytes } from 'node:crypto';
import type { Me } from '@rentloop/domain/auth';
import { TOKEN_LIFETIME_SECONDS, type Tokens } from '@rentloop/domain/auth';
import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { companyFlags } from '@rentloop/domain/roles';
import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import {
  type AnonymousActor,
  hashToken,
  isOperator,
  type PlatformCtx,
  type UserActor,
  withDb,
} from '../../context.ts';
import { companies, companyUsers, historyLogs, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { roleRankDesc } from '../companies/role-order.ts';
import { verifyPassword } from './passwords.ts';
import { assertNotThrottled, clearPair, purgeStaleThrottles, recordFailure, sourceOf } from './throttle.ts';

const newToken = () => randomBytes(32).toString('base64url');
function issue(ctx: PlatformCtx) {
  const access = newToken();
  const refresh = newToken();
  const tokens: Tokens = {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: TOKEN_LIFETIME_SECONDS,
  };
  const expiry = new Date(ctx.clock.now().getTime() + TOKEN_LIFETIME_SECONDS * 1000).toISOString();
  return {
    tokens,
    row: {
      access_hash: hashToken(access),
      refresh_hash: hashToken(refresh),
      access_expires_at: expiry,
      refresh_expires_at: expiry,
    },
  };
}

export async function login(
  ctx: PlatformCtx<AnonymousActor>,
  input: { email: string; password: string; ip?: string; userAgent?: string; requestId?: string },
): Promise<Tokens> {
  const attempt = { email: input.email, source: sourceOf(input.ip) };
  const { db } = ctx;
  await assertNotThrottled(ctx, attempt);
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  const event = {
    user_id: user?.id ?? null,
    entity_type: 'auth',
    entity_id: user ? String(user.id) : null,
    after: { email: input.email },
    request_id: input.requestId ?? null,
    ip: input.ip ?? null,
  };
  if (!user || !valid || user.status === 'disabled') {
    await recordFailure(ctx, attempt);
    await db.insert(historyLogs).values({ ...event, action: 'login_failed' });
    throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  }
  const { tokens, row } = issue(ctx);
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      user_id: user.id,
      ...row,
      ip: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    });
    await tx.insert(historyLogs).values({ ...event, action: 'login' });
    await clearPair(withDb(ctx, tx), attempt);
  });
  return tokens;
}

/**
 * Exchanges a refresh token for new tokens. The session row is revoked and replaced by a new one of
 * the same family, so the old tokens stop working at once. A refresh token that was already rotated
 * away (or whose session was revoked) and comes back has been copied: every session of its family
 * ends, the thief's and the owner's, and the owner signs in again.
 */
export async function refresh(
  ctx: PlatformCtx<AnonymousActor>,
  refreshToken: string,
  ip?: string,
): Promise<Tokens> {
  const hash = hashToken(refreshToken);
  const { tokens, row } = issue(ctx);
  const now = ctx.clock.now().toISOString();
  const rotated = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(
        and(
          eq(sessions.refresh_hash, hash),
          isNull(sessions.revoked_at),
          gt(sessions.refresh_expires_at, now),
        ),
      )
      .returning();
    if (!old) return false;
    await tx.insert(sessions).values({
      user_id: old.user_id,
      family_id: old.family_id,
      ...row,
      ip: old.ip,
      user_agent: old.user_agent,
    });
    return true;
  });
  if (rotated) return tokens;
  await endFamilyOnReuse(ctx, hash, ip);
  throw new AppError('unauthenticated');
}

/** Outside the refused refresh's answer: the revocation must stay even though the caller gets a 401. */
async function endFamilyOnReuse(ctx: PlatformCtx, refreshHash: string, ip?: string): Promise<void> {
  const { db } = ctx;
  const [reused] = await db
    .select({ user_id: sessions.user_id, family_id: sessions.family_id })
    .from(sessions)
    .where(and(eq(sessions.refresh_hash, refreshHash), isNotNull(sessions.revoked_at)));
  if (!reused) return;
  const ended = await db
    .update(sessions)
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where(and(eq(sessions.family_id, reused.family_id), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return;
  await db.insert(historyLogs).values({
    user_id: reused.user_id,
    entity_type: 'auth',
    entity_id: String(reused.user_id),
    action: 'refresh_reused',
    after: { sessions_ended: ended.length },
    ip: ip ?? null,
  });
}

export async function logout(
  ctx: PlatformCtx<UserActor>,
  request: { requestId: string; ip: string },
): Promise<void> {
  const { db, actor } = ctx;
  await db
    .update(sessions)
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where(eq(sessions.id, actor.sessionId));
  await db.insert(historyLogs).values({
    user_id: actor.userId,
    entity_type: 'auth',
    entity_id: String(actor.userId),
    action: 'logout',
    request_id: request.requestId,
    ip: request.ip,
  });
}

export async function me(ctx: PlatformCtx<UserActor>): Promise<Me> {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthenticated');
  const memberships = await db
    .select({ company: companies, role: companyUsers.role })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(eq(companyUsers.user_id, userId))
    // The web app opens the first accessible one when none is stored: the highest role first.
    .orderBy(roleRankDesc(companyUsers.role), asc(companies.name), asc(companies.id));
  const list: UserCompany[] = memberships.map(({ company, role }) => ({
    ...company,
    role,
    ...companyFlags(role, user.role),
  }));

  // Operators may open every company; those they are not a member of follow the memberships.
  if (isOperator(user.role)) {
    const member = new Set(list.map((c) => c.id));
    const all = await db.select().from(companies).orderBy(asc(companies.name), asc(companies.id));
    for (const company of all) {
      if (!member.has(company.id)) list.push({ ...company, role: null, ...companyFlags(null, user.role) });
    }
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: user.status,
    role: user.role,
    email_verified_at: user.email_verified_at,
    created_at: user.created_at,
    show_errors: user.show_errors,
    show_warnings: user.show_warnings,
    show_successes: user.show_successes,
    companies: list,
  };
}

/**
 * Deletes sessions whose refresh token has expired (run nightly by the jobs), and sign-in counters
 * that have been quiet long enough to be forgotten. A rotated-away session is kept until then, so
 * that the reuse of its refresh token is still recognised.
 */
export async function purgeExpiredSessions(ctx: PlatformCtx): Promise<number> {
  const deleted = await ctx.db
    .delete(sessions)
    .where(lt(sessions.refresh_expires_at, ctx.clock.now().toISOString()))
    .returning({ id: sessions.id });
  await purgeStaleThrottles(ctx);
  return deleted.length;
}
