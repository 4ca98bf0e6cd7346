/**
 * `Idempotency-Key` on POSTs that create something (a route sets `config: { idempotent: true }`).
 * A client that did not hear the answer (a timeout, a dropped connection) sends the same request with
 * the same key again and gets the first answer, status and body, instead of a second record.
 *
 * The key is claimed with an INSERT in the request's own transaction, and the answer is stored in that
 * same transaction: a concurrent request with the key waits on the key's unique index until the first
 * commits (PostgreSQL; PGlite runs one transaction at a time), then reads the stored answer. If the
 * first request fails, its transaction (and the claim) rolls back and a retry runs for real. Keys are
 * per user and kept 24 hours; the same key with another method, path or body is a 422 naming the header.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
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

/**
 * Runs `handle` once per (user, key): the first time for real, storing its answer in `tx`; a repeat
 * returns the stored answer with the header `Idempotent-Replayed: true`.
 */
export async function runIdempotent(
  tx: Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<unknown>,
): Promise<unknown> {
  const key = idempotencyKeyOf(request);
  const userId = request.actor?.userId;
  if (key === null || userId === undefined) return handle();
  const hash = requestHash(request);
  const now = request.server.clock.now().toISOString();

  // Claims the key, or takes over one older than the window; a live key (even one another
  // transaction is writing) makes this wait for it and then return no row.
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ user_id: userId, key, request_hash: hash, created_at: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.key],
      set: { request_hash: hash, response_status: null, response_body: null, created_at: now },
      setWhere: sql`${idempotencyKeys.created_at} < ${now}::timestamptz - ${IDEMPOTENCY_WINDOW}::interval`,
    })
    .returning({ key: idempotencyKeys.key });

  if (claimed.length > 0) {
    const result = await handle();
    await tx
      .update(idempotencyKeys)
      .set({ response_status: reply.statusCode, response_body: result ?? null })
      .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
    return result;
  }

  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
  if (!stored || stored.response_status === null) {
    throw new AppError('conflict', MESSAGES.idempotencyKeyInProgress);
  }
  if (stored.request_hash !== hash) throw invalid(IDEMPOTENCY_HEADER, MESSAGES.idempotencyKeyReused);
  reply.status(stored.response_status).header('Idempotent-Replayed', 'true');
  return stored.response_body;
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
