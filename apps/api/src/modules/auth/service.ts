/**
 * Sessions: sign-in, token refresh (rotating), sign-out, and the current user with their companies.
 */
import { randomBytes } from 'node:crypto';
import type { Me } from '@rentloop/domain/auth';
import { TOKEN_LIFETIME_SECONDS, type Tokens } from '@rentloop/domain/auth';
import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { companyFlags } from '@rentloop/domain/roles';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, historyLogs, sessions, users } from '../../db/schema/index.ts';
import { type Actor, hashToken, isOperator } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from './passwords.ts';

const newToken = () => randomBytes(32).toString('base64url');
const inLifetime = () => new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000).toISOString();

function issue() {
  const access = newToken();
  const refresh = newToken();
  const tokens: Tokens = {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: TOKEN_LIFETIME_SECONDS,
  };
  const expiry = inLifetime();
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
  db: Db,
  input: { email: string; password: string; ip?: string; userAgent?: string; requestId?: string },
): Promise<Tokens> {
  await assertNotThrottled(db, input.email);
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
    await db.insert(historyLogs).values({ ...event, action: 'login_failed' });
    throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  }
  const { tokens, row } = issue();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      user_id: user.id,
      ...row,
      ip: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    });
    await tx.insert(historyLogs).values({ ...event, action: 'login' });
  });
  return tokens;
}

/** Failed sign-ins allowed per email within the window before further attempts are refused. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MINUTES = 15;

/**
 * Refuses a sign-in (429) after too many recent failures for the email, counted from the audit
 * trail so every API instance sees the same number. Retry-After tells when the oldest one ages out.
 */
async function assertNotThrottled(db: Db, email: string): Promise<void> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string>`min(${historyLogs.created_at})` })
    .from(historyLogs)
    .where(
      and(
        eq(historyLogs.entity_type, 'auth'),
        eq(historyLogs.action, 'login_failed'),
        sql`${historyLogs.after} ->> 'email' = ${email}`,
        sql`${historyLogs.created_at} > now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`,
      ),
    );
  if (Number(row?.n ?? 0) < LOGIN_FAILURE_LIMIT) return;
  const ageMs = Date.now() - new Date(row!.oldest).getTime();
  const retryAfter = Math.max(1, Math.ceil((LOGIN_WINDOW_MINUTES * 60_000 - ageMs) / 1000));
  throw new AppError('rate_limited', MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** Exchanges a refresh token for new tokens; the old refresh token stops working at once. */
export async function refresh(db: Db, refreshToken: string): Promise<Tokens> {
  const { tokens, row } = issue();
  const updated = await db
    .update(sessions)
    .set(row)
    .where(
      and(
        eq(sessions.refresh_hash, hashToken(refreshToken)),
        isNull(sessions.revoked_at),
        gt(sessions.refresh_expires_at, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  if (updated.length === 0) throw new AppError('unauthenticated');
  return tokens;
}

export async function logout(db: Db, actor: Actor, requestId: string, ip: string): Promise<void> {
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, actor.sessionId));
  await db.insert(historyLogs).values({
    user_id: actor.userId,
    entity_type: 'auth',
    entity_id: String(actor.userId),
    action: 'logout',
    request_id: requestId,
    ip,
  });
}

export async function me(db: Db, userId: number): Promise<Me> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthenticated');
  const memberships = await db
    .select({ company: companies, role: companyUsers.role })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(eq(companyUsers.user_id, userId))
    .orderBy(asc(companies.name), asc(companies.id));
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

/** Deletes sessions whose refresh token has expired (run nightly by the jobs). */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${sessions.refresh_expires_at} < now()`)
    .returning({ id: sessions.id });
  return deleted.length;
}
