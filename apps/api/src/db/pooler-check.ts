/**
 * Refuses, at start, a DATABASE_URL that leads to a connection pooler in transaction (or statement) mode,
 * such as pgbouncer with `pool_mode = transaction` (docs/scaling.md, "Connection poolers"; decision 87).
 *
 * Rentloop needs each of its connections to be one PostgreSQL session: the change listener LISTENs on a
 * connection of its own for the session and settings caches (db/notify.ts), and the pool's connections
 * LISTEN too; a transaction pooler hands the server connection to another client after each
 * transaction, so notifications go astray and the caches would serve revoked sessions and old settings.
 * Prepared statements (node-postgres sends unnamed ones) and the advisory locks (all `pg_advisory_xact_lock`,
 * held for a transaction) would work; LISTEN does not, so the product refuses rather than run wrong.
 *
 * The check: connection A asks its backend's pid; B opens a transaction and asks its own; then A asks
 * again. On PostgreSQL itself or a session pooler, A keeps its backend and B has another. A transaction
 * pooler gives A's released backend to B (pgbouncer hands out the most recently used one), or A another
 * one the second time. B's transaction is ended before A asks again when B got A's backend, so a pooler
 * of one server connection cannot deadlock the check.
 */
import pg from 'pg';

export const TRANSACTION_POOLER_MESSAGE =
  'DATABASE_URL leads to a connection pooler in transaction mode (pgbouncer pool_mode = transaction): one ' +
  'connection’s statements ran in different PostgreSQL sessions. Rentloop needs a session per connection ' +
  '(its session and settings caches LISTEN for changes). Point DATABASE_URL at PostgreSQL itself, or at a ' +
  'pgbouncer pool in session mode (docs/scaling.md, "Connection poolers").';

export class TransactionPoolerError extends Error {
  constructor() {
    super(TRANSACTION_POOLER_MESSAGE);
    this.name = 'TransactionPoolerError';
  }
}

async function backendPid(client: pg.Client): Promise<number> {
  const r = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return Number(r.rows[0]!.pid);
}

/** Throws TransactionPoolerError when `url` does not keep a connection on one session. */
export async function refuseTransactionPooler(url: string): Promise<void> {
  const a = new pg.Client({ connectionString: url, application_name: 'rentloop-pooler-check' });
  const b = new pg.Client({ connectionString: url, application_name: 'rentloop-pooler-check' });
  try {
    await a.connect();
    await b.connect();
    const first = await backendPid(a);
    // A pooler in statement mode refuses the transaction block itself.
    await b.query('BEGIN').catch((err: Error) => {
      throw /pooling mode/i.test(err.message) ? new TransactionPoolerError() : err;
    });
    const other = await backendPid(b);
    if (other === first) {
      await b.query('ROLLBACK');
      throw new TransactionPoolerError();
    }
    const again = await backendPid(a);
    await b.query('ROLLBACK');
    if (again !== first) throw new TransactionPoolerError();
  } finally {
    await Promise.allSettled([a.end(), b.end()]);
  }
}
