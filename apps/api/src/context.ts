/**
 * The context every service function takes: `fn(ctx, ...)`, never `(db, companyId, ...)`.
 * Routes build it from the request (`http/context.ts`), jobs from their payload's row
 * (`jobs/context.ts`); services never import from `http/` or from Fastify.
 *
 * - `db`: the request's transaction for writes (audited, see http/transactions.ts), the primary
 *   or the replica for reads; a job's own audited transaction.
 * - `companyId`: the company of the URL (access checked) or of the row a job works on. Every
 *   query on company data filters by it.
 * - `actor`: who acts; a job acts on behalf of whoever enqueued it.
 * - `clock`: the only source of "now" in domain code (tests move time with a fixed clock).
 * - `deps`: the outside world (queue, mailer, secrets, settings of the process).
 */

import { createHash } from 'node:crypto';
import type { CompanyRole, GlobalRole } from '@rentloop/domain/roles';
import type PgBoss from 'pg-boss';
import type { Tx } from './db/client.ts';
import type { Mailer } from './integrations/email/mailer.ts';
import type { GatewayConfig } from './integrations/payments/adapters.ts';
import type { Secrets } from './integrations/secrets.ts';
import type { NotificationBus } from './modules/notifications/bus.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A company's business clock: `base` moved forward by `offsetMs` (a test company's clock,
 * company_clocks; 0 for every real company, which gets `base` itself).
 */
export const shiftedClock = (base: Clock, offsetMs: number): Clock =>
  offsetMs === 0 ? base : { now: () => new Date(base.now().getTime() + offsetMs) };

/** A clock that stands still until moved: for tests. */
export function fixedClock(
  start: Date | string,
): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    set: (next) => {
      at = new Date(next);
    },
    advance: (ms) => {
      at = new Date(at.getTime() + ms);
    },
  };
}

/** A signed-in user, as the access check resolved them for this request. */
export interface UserActor {
  kind: 'user';
  userId: number;
  sessionId: number;
  globalRole: GlobalRole | null;
  /** Set on company routes: the company of the URL, which the actor may access. */
  companyId: number | null;
  /** The actor's role in that company; null for an operator who is not a member. */
  companyRole: CompanyRole | null;
  emailVerified: boolean;
  /** A test company's business clock offset (company_clocks), 0 for every other company. */
  companyClockOffsetMs?: number;
}

/** A background job; `onBehalfOf` is the user whose request enqueued it (null: a schedule). */
export interface JobActor {
  kind: 'job';
  job: string;
  jobId: string;
  onBehalfOf: number | null;
}

/** A public route (sign-in, registration, password reset): nobody signed in yet. */
export interface AnonymousActor {
  kind: 'anonymous';
}

export type ActorRef = UserActor | JobActor | AnonymousActor;

/** What the audit trigger records for a write (migration 0004): who, which request or job, from where. */
export interface AuditContext {
  userId: number | null;
  requestId: string;
  ip: string;
}

export interface Deps {
  boss: PgBoss | null;
  mailer: Mailer | null;
  /** Public address of the web app, for links in emails. */
  appUrl: string | undefined;
  secrets: Secrets;
  /** ALLOW_PRIVATE_SHOP_URLS: the address guard lets a shop on a private network through. */
  allowPrivateShopUrls: boolean;
  /**
   * The push channel of notifications (modules/notifications/bus.ts): in process, or Redis pub/sub
   * with REDIS_URL. Absent (tests of services, scripts): nothing is pushed.
   */
  notifications?: NotificationBus | null;
  /**
   * Where the payment adapters send their calls (STRIPE_API_BASE, MOLLIE_API_BASE: local fakes in tests
   * and demos) and how long they wait; each company's credentials come from its settings.
   */
  gateways?: GatewayConfig;
}

/** The context of work on one company's data. */
export interface Ctx<A extends ActorRef = ActorRef> {
  db: Tx;
  companyId: number;
  actor: A;
  clock: Clock;
  deps: Deps;
  /**
   * Set by a route whose person waits for the mail the work records (an invitation: http/mail-now.ts):
   * `queueMail` records each for the SMTP server at once and lists its entry here, instead of the job.
   */
  sendNow?: number[];
  /**
   * Set by work that writes many events in one transaction (the billing run: events/service.ts
   * `holdingEvents`): `recordEvent` adds each here and they are written with one insert before the
   * transaction commits.
   */
  heldEvents?: HeldEvent[];
}

/** An event waiting for its transaction's one insert (its values as `recordEvent` would write them). */
export interface HeldEvent {
  company_id: number | null;
  type: string;
  object: string;
  object_id: number;
  payload: Record<string, unknown>;
  actor_id: number | null;
  created_at: string;
}

/** The context of work that belongs to no company (accounts, operator tools). */
export interface PlatformCtx<A extends ActorRef = ActorRef> {
  db: Tx;
  actor: A;
  clock: Clock;
  deps: Deps;
  /** As `Ctx.sendNow`. */
  sendNow?: number[];
}

/**
 * Runs `write` in a short audited transaction of its own, on the same context: for work that calls
 * another server first (no network inside a transaction, db/transaction-scope.ts). A route passes
 * `auditedTransaction` (http/transactions.ts), a job `inJobTransaction` (jobs/context.ts), a test a
 * plain transaction.
 */
export type Transact = <T>(write: (ctx: Ctx) => Promise<T>) => Promise<T>;

/** The same context on another handle (a short transaction of a route that called out, a replica read). */
export const withDb = <C extends { db: Tx }>(ctx: C, db: Tx): C => ({ ...ctx, db });

/** The user behind an actor, for "who did this" columns: the user, a job's requester, or nobody. */
export function actingUserId(actor: ActorRef): number | null {
  if (actor.kind === 'user') return actor.userId;
  if (actor.kind === 'job') return actor.onBehalfOf;
  return null;
}

/** Session and email tokens are stored only as their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isOperator = (role: GlobalRole | null) => role === 'super-admin' || role === 'support-user';

/**
 * Whether the actor may use an operator's powers: an operator role and a verified email, exactly as
 * the `operator` and `company` access rules require. Routes open to any signed-in user (their own
 * profile, their companies) check this rather than the role alone: an unverified operator is a
 * plain user there.
 */
export const hasOperatorPowers = (actor: Pick<UserActor, 'globalRole' | 'emailVerified'>) =>
  isOperator(actor.globalRole) && actor.emailVerified;
