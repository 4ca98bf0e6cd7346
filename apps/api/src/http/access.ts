/**
 * Who may call a route. Every route declares `config: { access }`; the server refuses to start
 * with a route that does not (see `requireAccessRules`), so a new route cannot be left open by mistake.
 *
 * Company routes resolve the session, the company of the URL and the user's membership in one query;
 * a company the user may not see answers 404, exactly like a missing one. The answer is kept per
 * instance in the session cache (session-cache.ts), which drops it the moment the database announces
 * a change to it; `SESSION_CACHE=off` runs the query on every request.
 */
import { parseRecordId } from '@rentloop/domain/api';
import { COMPANY_ROLE_RANK, type CompanyRole } from '@rentloop/domain/roles';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Clock, hashToken, isOperator, systemClock, type UserActor } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companies, companyClocks, companyUsers, sessions, users } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { SessionCache } from './session-cache.ts';

export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'operator' }
  | { kind: 'company'; role: CompanyRole };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  operator: { kind: 'operator' },
  company: (role: CompanyRole = 'user'): Access => ({ kind: 'company', role }),
} satisfies Record<string, Access | ((r?: CompanyRole) => Access)>;

export { hashToken, hasOperatorPowers, isOperator } from '../context.ts';

/** The signed-in user of a request (see context.ts, where services take it from). */
export type Actor = UserActor;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 200) return null;
  return token;
}

function companyParam(request: FastifyRequest): number | null {
  const raw = (request.params as Record<string, string> | undefined)?.company;
  if (raw === undefined) return null;
  const id = parseRecordId(raw);
  if (id === null) throw new AppError('not_found');
  return id;
}

/**
 * The session, its user, the company of the URL and the user's membership, in one query. It runs on
 * every signed-in request, so it is a named prepared statement: PostgreSQL parses and plans the
 * four-table join once per connection instead of on every request (planning cost ~0.5 ms, several
 * times the execution; see docs/performance.md). Every lookup is by a unique key, so one plan fits
 * all values. The company is a placeholder: null when the route has none (no company matches).
 * `valid_ms` is what is left of the access token's life at `now`: how long the session cache may keep
 * the answer at most. `now` is the app's clock (context.ts), the one that set the expiry at sign-in, so a
 * test that moves time (`fixedClock`) signs in and is let in by the same clock, whatever day it runs.
 */
function actorQuery(db: Db) {
  return db
    .select({
      session_id: sessions.id,
      user_id: users.id,
      global_role: users.role,
      verified: sql<boolean>`${users.email_verified_at} IS NOT NULL`,
      company_id: companies.id,
      company_role: companyUsers.role,
      clock_offset_ms: companyClocks.offset_ms,
      valid_ms: sql<number>`(extract(epoch from ${sessions.access_expires_at} - ${sql.placeholder('now')}::timestamptz) * 1000)::float8`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.user_id), ne(users.status, 'disabled')))
    .leftJoin(companies, eq(companies.id, sql.placeholder('companyId')))
    .leftJoin(
      companyUsers,
      and(eq(companyUsers.company_id, companies.id), eq(companyUsers.user_id, users.id)),
    )
    .leftJoin(companyClocks, eq(companyClocks.company_id, companies.id))
    .where(
      and(
        eq(sessions.access_hash, sql.placeholder('hash')),
        isNull(sessions.revoked_at),
        sql`${sessions.access_expires_at} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .prepare('resolve_actor');
}

async function resolveActor(
  query: ReturnType<typeof actorQuery>,
  cache: SessionCache | null,
  token: string,
  companyId: number | null,
  now: Date,
): Promise<Actor | null> {
  const hash = hashToken(token);
  const key = cache ? SessionCache.key(hash, companyId) : '';
  const cached = cache?.get(key);
  if (cached) return cached;
  // Before the query: if the session changes while it runs, the answer is not kept.
  const ticket = cache?.ticket() ?? 0;
  const [row] = await query.execute({ hash, companyId, now: now.toISOString() });
  if (!row) return null;
  const actor: Actor = {
    kind: 'user',
    userId: Number(row.user_id),
    sessionId: Number(row.session_id),
    globalRole: row.global_role,
    companyId: row.company_id === null ? null : Number(row.company_id),
    companyRole: row.company_role,
    emailVerified: row.verified === true,
    companyClockOffsetMs: Number(row.clock_offset_ms ?? 0),
  };
  // A company that does not exist (404) is not kept: it could be created with that id.
  if (cache && (companyId === null || actor.companyId !== null)) {
    cache.set(key, actor, Number(row.valid_ms), ticket);
  }
  return actor;
}

const VERIFY_FIRST = 'Please verify your email address first.';

export function registerAccessControl(
  app: FastifyInstance,
  db: Db,
  cache: SessionCache | null = null,
  clock: Clock = systemClock,
) {
  app.decorateRequest('actor', null);
  const query = actorQuery(db);

  // onRequest: before the body is parsed or validated, so a stranger learns nothing from a 422.
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.kind === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated');
    const companyId = rule.kind === 'company' ? companyParam(request) : null;
    const actor = await resolveActor(query, cache, token, companyId, clock.now());
    if (!actor) throw new AppError('unauthenticated');
    request.actor = actor;

    // Signed in but not verified: only the account routes (signed-in) are open, as the web app's guard says.
    if (rule.kind !== 'signed-in' && !actor.emailVerified) throw new AppError('forbidden', VERIFY_FIRST);
    if (rule.kind === 'operator' && !isOperator(actor.globalRole)) throw new AppError('forbidden');
    if (rule.kind === 'company') {
      if (actor.companyId === null) throw new AppError('not_found');
      if (isOperator(actor.globalRole)) return;
      if (actor.companyRole === null) throw new AppError('not_found');
      if (COMPANY_ROLE_RANK[actor.companyRole] < COMPANY_ROLE_RANK[rule.role])
        throw new AppError('forbidden');
    }
  });
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The body's zod schema, if any: the access matrix derives from it which fields name records. */
  body?: unknown;
}

/**
 * Refuses to register a route under /api or /read-replica that declares no access rule, or a
 * /read-replica route for anything but GET (the replica is read-only and its lists run outside a
 * transaction), and records every API route with its rule: the route table the access tests walk.
 */
export function requireAccessRules(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const path = route.url ?? '';
    if (!path.startsWith('/api') && !path.startsWith('/read-replica')) return;
    if (path.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: access.public };
      return;
    }
    const rule = (route.config as { access?: Access } | undefined)?.access;
    if (!rule)
      throw new Error(`Route ${String(route.method)} ${path} declares no access rule (config.access).`);
    if (path.startsWith('/read-replica')) {
      const other = [route.method].flat().filter((m) => m !== 'GET' && m !== 'HEAD');
      if (other.length > 0)
        throw new Error(`Route ${other.join(', ')} ${path}: /read-replica routes are GET only.`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: path, access: rule, body: route.schema?.body });
    }
  });
  return table;
}

/** The actor of a route that requires sign-in; the preHandler guarantees it is set. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated');
  return request.actor;
}

/**
 * The actor of a signed-in route that shows or changes company data (the company records): like
 * company routes, it needs a verified email; the account routes stay open to verify it.
 */
export function verifiedActorOf(request: FastifyRequest): Actor {
  const actor = actorOf(request);
  if (!actor.emailVerified) throw new AppError('forbidden', VERIFY_FIRST);
  return actor;
}

/** The actor and company of a company route. */
export function companyActorOf(request: FastifyRequest): Actor & { companyId: number } {
  const actor = actorOf(request);
  if (actor.companyId === null) throw new AppError('not_found');
  return actor as Actor & { companyId: number };
}
