/**
 * Every write request runs in one database transaction, with the actor, the request id and the IP
 * address set as transaction-local settings that the audit trigger records (migration 0004). A route
 * reaches the database through `request.db`: that transaction for writes, the primary for single reads,
 * for `/read-replica` lists the connection `database.reads` picks (the replica, or the primary for a user
 * whose own write the replica has not replayed yet, or when it is down or lagging: db/read-router.ts).
 * A new module gets its audit trail by using it.
 *
 * Handlers return their answer (never `reply.send` inside), so it is sent after the commit.
 * A route that must keep rows even when it answers an error (sign-in records failed attempts), or that
 * calls out to another server (no network inside a transaction: db/transaction-scope.ts), sets
 * `config: { transaction: false }` and writes through `auditedTransaction`.
 */
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { type AuditContext, type Ctx, type Transact, withDb } from '../context.ts';
import { setAuditContext } from '../db/audit.ts';
import type { Database, Tx } from '../db/client.ts';
import type { ReadRouter } from '../db/read-router.ts';
import { inTransactionScope } from '../db/transaction-scope.ts';
import { refreshAssetFigures } from '../modules/insights/asset-figures.ts';
import { ctxOf } from './context.ts';
import { runIdempotent, runIdempotentOutside } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    db: Tx;
  }
  interface FastifyContextConfig {
    transaction?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export { setAuditContext };

export const auditContextOf = (request: FastifyRequest): AuditContext => ({
  userId: request.actor?.userId ?? null,
  requestId: request.id,
  ip: request.ip,
});

export function registerRequestDatabase(app: FastifyInstance, database: Database) {
  app.decorateRequest('db', null as unknown as Tx);
  database.reads.setLog(app.log);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api') && !url.startsWith('/read-replica')) return;
    const original = route.handler as RouteHandlerMethod;
    const writes = [route.method].flat().some((m) => !READS.has(m));
    const transactional =
      writes && (route.config as { transaction?: boolean } | undefined)?.transaction !== false;
    const listRead = !writes && url.startsWith('/read-replica');
    const idempotent = writes && route.config?.idempotent === true;

    route.handler = transactional
      ? async function (this: FastifyInstance, request, reply) {
          try {
            return await inTransactionScope(() =>
              database.primary.transaction(async (tx) => {
                await setAuditContext(tx, auditContextOf(request));
                request.db = tx;
                const handle = async () => {
                  const answer = await (original.call(this, request, reply) as Promise<unknown>);
                  await refreshFigures(request);
                  return answer;
                };
                return idempotent ? runIdempotent(tx, request, reply, handle) : handle();
              }),
            );
          } finally {
            // Before the answer leaves: the user's next list read already knows to wait for this write.
            await database.reads.noteWrite(request.actor?.userId);
          }
        }
      : listRead
        ? async function (this: FastifyInstance, request, reply) {
            return readList(database, request, () => original.call(this, request, reply) as Promise<unknown>);
          }
        : async function (this: FastifyInstance, request, reply) {
            request.db = database.primary;
            const handle = () => original.call(this, request, reply) as Promise<unknown>;
            if (!writes) return handle();
            try {
              // A route that calls out keeps its Idempotency-Key too, claimed and answered in short transactions.
              return await (idempotent
                ? runIdempotentOutside(database.primary, request, reply, handle)
                : handle());
            } finally {
              await database.reads.noteWrite(request.actor?.userId);
            }
          };
  });
}

/**
 * A `/read-replica` list on the connection the router picks; one that meets a standby gone away is asked
 * again of the primary (a list read changes nothing, so running it twice is safe).
 */
async function readList(
  database: { primary: Tx; reads: ReadRouter },
  request: FastifyRequest,
  handle: () => Promise<unknown>,
): Promise<unknown> {
  const db = await database.reads.readDb(request.actor?.userId);
  request.db = db;
  try {
    return await handle();
  } catch (err) {
    if (db === database.primary || !database.reads.replicaFailed(err)) throw err;
    request.db = database.primary;
    return handle();
  }
}

/**
 * The assets' kept figures follow what a company route's write changed, before it commits (decision 83;
 * a trigger marked the units whose figures it touched and raised a transaction-local flag, decision 91:
 * a write that made nothing stale reads that setting and no table).
 */
async function refreshFigures(request: FastifyRequest) {
  const actor = request.actor;
  if (actor?.kind === 'user' && actor.companyId !== null) await refreshAssetFigures(ctxOf(request));
}

/**
 * For a route with `config: { transaction: false }` that calls out (a shop): its writes, after the
 * call, in one short transaction with the request's audit context.
 */
export function auditedTransaction<T>(request: FastifyRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransactionScope(() =>
    request.db.transaction(async (tx) => {
      await setAuditContext(tx, auditContextOf(request));
      return fn(tx);
    }),
  );
}

/** The `Transact` of such a route: each call is one short audited transaction on the request's context. */
export const requestTransact =
  (request: FastifyRequest, ctx: Ctx): Transact =>
  (work) =>
    auditedTransaction(request, async (tx) => {
      const answer = await work(withDb(ctx, tx));
      await refreshAssetFigures(withDb(ctx, tx));
      return answer;
    });
