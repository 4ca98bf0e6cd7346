/**
 * `Idempotency-Key` on POSTs that create something or move money (a route sets `config: { idempotent:
 * true }`). A client that did not hear the answer (a timeout, a dropped connection) sends the same
 * request with the same key again and gets the first answer, status and body, instead of a second record
 * or a second charge. Keys are per caller and per company of the URL (`scope`: one key means one thing in
 * each company), kept 24 hours; the same key with another method, path or body is a 422 naming the header.
 *
 * Two ways, by route:
 * - A transactional route (`runIdempotent`): the key is claimed with an INSERT in the request's own
 *   transaction and the answer stored in that same transaction: a concurrent request with the key waits on
 *   the key's unique index until the first commits (PostgreSQL; PGlite runs one transaction at a time),
 *   then reads the stored answer. If the first request fails, its transaction (and the claim) rolls back
 *   and a retry runs for real.
 * - A route that calls another server (`transaction: false`, `runIdempotentOutside`): no transaction may
 *   stay open across the call, so the claim commits first, without an answer ("in progress"); a concurrent
 *   repeat is a 409 while it runs; the answer is stored after; a failure releases the claim so a retry runs
 *   for real (the work itself, a charge attempt, is idempotent at the gateway by its own key). A claim left
 *   by a crashed process is taken over after `STALE_CLAIM`.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { inTransactionScope } from '../db/transaction-scope.ts';
import { AppError, invalid } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POSTs that create something: a repeat with the same Idempotency-Key gets the stored answer. */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Printable ASCII without spaces, as Stripe's and the IETF draft's keys (UUIDs fit). */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a key answers with its stored response. */
export const IDEMPOTENCY_WINDOW = '24 hours';
/** How long an unanswered claim of a route that calls out blocks its key (a process that died mid-way). */
export const STALE_CLAIM = '10 minutes';

/** The key of the request, or null when it sent none; a malformed key is a 422 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY.test(raw))
    throw invalid(IDEMPOTENCY_HEADER, MESSAGES.idempotencyKeyInvalid);
  return raw;
}

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/** The company of the URL, '' on a platform route: keys of two companies never meet. */
const scopeOf = (request: FastifyRequest): string =>
  String((request.params as Record<string, unknown> | undefined)?.company ?? '');

interface Claim {
  userId: number;
  scope: string;
  key: string;
  hash: string;
  now: string;
}

function claimOf(request: FastifyRequest): Claim | null {
  const key = idempotencyKeyOf(request);
  const userId = request.actor?.userId;
  if (key === null || userId === undefined) return null;
  const now = request.server.clock.now().toISOString();
  return { userId, scope: scopeOf(request), key, hash: requestHash(request), now };
}

const keyIs = (c: Claim) =>
  and(
    eq(idempotencyKeys.user_id, c.userId),
    eq(idempotencyKeys.scope, c.scope),
    eq(idempotencyKeys.key, c.key),
  );

/**
 * Claims the key, or takes over one older than the window (or, with `staleClaim`, an unanswered one
 * older than that): true when this request runs. A live key another transaction is writing makes this
 * wait for it, then return false.
 */
async function claim(db: Tx, c: Claim, staleClaim?: string): Promise<boolean> {
  const expired = sql`${idempotencyKeys.created_at} < ${c.now}::timestamptz - ${IDEMPOTENCY_WINDOW}::interval`;
  const abandoned = staleClaim
    ? sql` OR (${idempotencyKeys.response_status} IS NULL AND ${idempotencyKeys.created_at} < ${c.now}::timestamptz - ${staleClaim}::interval)`
    : sql``;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ user_id: c.userId, scope: c.scope, key: c.key, request_hash: c.hash, created_at: c.now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.scope, idempotencyKeys.key],
      set: { request_hash: c.hash, response_status: null, response_body: null, created_at: c.now },
      setWhere: sql`${expired}${abandoned}`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** The stored answer of a key this request did not claim: replayed, or 409 while it runs, or 422. */
async function replay(db: Tx | Database['primary'], c: Claim, reply: FastifyReply): Promise<unknown> {
  const [stored] = await db.select().from(idempotencyKeys).where(keyIs(c));
  if (stored && stored.request_hash !== c.hash)
    throw invalid(IDEMPOTENCY_HEADER, MESSAGES.idempotencyKeyReused);
  if (!stored || stored.response_status === null) {
    throw new AppError('conflict', MESSAGES.idempotencyKeyInProgress);
  }
  reply.status(stored.response_status).header('Idempotent-Replayed', 'true');
  return stored.response_body;
}

const answer = (db: Tx, c: Claim, reply: FastifyReply, result: unknown) =>
  db
    .update(idempotencyKeys)
    .set({ response_status: reply.statusCode, response_body: result ?? null })
    .where(keyIs(c));

/**
 * Runs `handle` once per (user, company, key) inside the request's transaction `tx`: the first time for
 * real, storing its answer in `tx`; a repeat returns the stored answer with `Idempotent-Replayed: true`.
 */
export async function runIdempotent(
  tx: Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<unknown>,
): Promise<unknown> {
  const c = claimOf(request);
  if (c === null) return handle();
  if (!(await claim(tx, c))) return replay(tx, c, reply);
  const result = await handle();
  await answer(tx, c, reply, result);
  return result;
}

/**
 * The same for a route without a request transaction (one that calls another server): claim, run,
 * answer, each write in a short transaction of its own on `db` (the primary).
 */
export async function runIdempotentOutside(
  db: Database['primary'],
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<unknown>,
): Promise<unknown> {
  const c = claimOf(request);
  if (c === null) return handle();
  const short = <T>(fn: (tx: Tx) => Promise<T>) => inTransactionScope(() => db.transaction(fn));
  if (!(await short((tx) => claim(tx, c, STALE_CLAIM)))) return replay(db, c, reply);
  let result: unknown;
  try {
    result = await handle();
  } catch (error) {
    // Nothing is kept of a failed request: its retry runs for real (as a rolled-back claim would).
    await short((tx) => tx.delete(idempotencyKeys).where(keyIs(c)));
    throw error;
  }
  await short((tx) => answer(tx, c, reply, result));
  return result;
}

/**
 * Deletes the keys past the window (the nightly purge): their answers can never be replayed. `now`
 * is the job's clock (context.ts).
 */
export async function purgeExpiredIdempotencyKeys(db: Tx | Database['primary'], now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(
      sql`${idempotencyKeys.created_at} < ${now.toISOString()}::timestamptz - ${IDEMPOTENCY_WINDOW}::interval`,
    )
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
