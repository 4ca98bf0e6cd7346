/**
 * The database: embedded PGlite in DATA_DIR when DATABASE_URL is unset, node-postgres otherwise.
 * One drizzle schema and one SQL dialect serve both. `replica` is READ_REPLICA_URL's connection (else the
 * primary); `reads` says which of the two a user's list read goes to (db/read-router.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type PgliteClient, PgliteWorker } from './pglite-worker.ts';
import { queriesInTurn } from './queries-in-turn.ts';
import { directReads, type ReadRouter, replicaReads } from './read-router.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: domain functions take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * The channel of auth changes (migration 0020, db/notify.ts). Every connection of the primary pool
 * LISTENs on it, so a change committed through this process is heard by it before its COMMIT returns
 * (PostgreSQL delivers a session's own notifications ahead of the ReadyForQuery of the commit).
 */
export const AUTH_CHANNEL = 'rentloop_auth';
/**
 * The channel of company settings changes (migration 0073, payload the company's id): every instance
 * drops its cached settings of that company at once (modules/settings/cache.ts, decision 87).
 */
export const SETTINGS_CHANNEL = 'rentloop_settings';
/** Every channel the listener and the pool's connections LISTEN on. */
export const CHANGE_CHANNELS = [AUTH_CHANNEL, SETTINGS_CHANNEL] as const;

/** How db/notify.ts listens: the embedded database itself, or dedicated connections to the primary. */
export type NotificationSource =
  | { kind: 'pglite'; client: PgliteClient }
  | {
      kind: 'postgres';
      /** A new, unconnected client to the primary, for the dedicated listener connection. */
      newClient(): pg.Client;
      /** Notifications heard by the pool's own connections (changes this process commits). */
      onPoolNotification(handler: (channel: string, payload: string) => void): () => void;
    };

/** Raw SQL with positional parameters, for libraries (pg-boss) that speak text + values. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  primary: Db;
  replica: Db;
  /** Read-your-writes and the fallback to the primary for `/read-replica` lists. */
  reads: ReadRouter;
  /** Raw executor on the primary, for pg-boss. */
  executor: SqlExecutor;
  /** Connection string for libraries that open their own pool (PostgreSQL only). */
  url: string | undefined;
  notifications: NotificationSource;
  close(): Promise<void>;
}

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;

// node-postgres: bigint (int8) comes back as a string by default. Parsed as PGlite parses it: a number while
// it is a safe integer (counts and ids), a bigint past 2^53, so a money column (Drizzle's bigint mode) stays
// exact on both drivers instead of being rounded through a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : BigInt(v);
});

/**
 * `snapshot`: an in-memory database starts as a copy of a dumped one (`dumpPglite`) instead of running
 * initdb: the tests start each file from one migrated copy (testing/database.ts).
 * `thread` (default PGLITE_THREAD, on): PGlite runs in a worker thread of its own, so its work
 * does not block the event loop (db/pglite-worker.ts, decision 90); false runs it in process.
 */
export async function openPglite(
  dataDir: string | undefined,
  snapshot?: Blob,
  opts: { thread?: boolean } = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pgliteDir = dataDir ? join(dataDir, 'pglite') : undefined;
  const client: PgliteClient =
    (opts.thread ?? pgliteThreadDefault())
      ? await PgliteWorker.create({ dataDir: pgliteDir, snapshot })
      : ((await PGlite.create({
          dataDir: pgliteDir,
          loadDataDir: snapshot,
          // btree_gin: trigram indexes led by company_id (migration 0035), so a search reads one company's matches.
          extensions: { pg_trgm, btree_gin },
        })) as unknown as PgliteClient);
  // drizzle's PGlite session calls only `query` and `transaction` (what PgliteClient has).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    primary: db,
    replica: db,
    reads: directReads(db),
    url: undefined,
    notifications: { kind: 'pglite', client },
    executor: {
      async executeSql(text, values) {
        // PGlite runs several statements only without parameters (pg-boss sends its migrations that way).
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        const r = await client.query<Record<string, unknown>>(text, values);
        return { rows: r.rows };
      },
    },
    close: () => client.close(),
  };
}

/**
 * PGlite on a thread of its own unless PGLITE_THREAD is false (or 0) (decision 90, config.ts): the tests,
 * the benches and the data move open it as the server does.
 */
export const pgliteThreadDefault = () => !/^(false|0)$/.test(process.env.PGLITE_THREAD ?? '');

/** The whole data directory of an embedded database, uncompressed (a tarball for `openPglite`). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.notifications.kind !== 'pglite') throw new Error('dumpPglite needs an embedded database');
  return database.notifications.client.dumpDataDir('none');
}

function connectionLost(err: Error): void {
  process.emitWarning(`PostgreSQL connection lost: ${err.message}`, 'DatabaseConnectionWarning');
}

export async function openPostgres(
  url: string,
  opts: {
    replicaUrl?: string;
    poolSize?: number;
    schemaName?: string;
    /** Session settings of every connection (`-c name=value`), e.g. the tests' synchronous_commit. */
    settings?: Record<string, string>;
    /** The standby's delay past which every list reads the primary (READ_REPLICA_MAX_LAG_MS). */
    replicaMaxLagMs?: number;
    /** How often the standby's replay position and the primary's are compared. */
    replicaPollMs?: number;
  } = {},
): Promise<Database> {
  const settings = {
    ...opts.settings,
    ...(opts.schemaName ? { search_path: `${opts.schemaName},public` } : {}),
  };
  const options =
    Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ') || undefined;
  const poolListeners = new Set<(channel: string, payload: string) => void>();
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    options,
    // Awaited by the pool before the connection is handed out. Should LISTEN fail, the dedicated
    // listener still hears the change, within milliseconds instead of before the commit returns.
    onConnect: async (client) => {
      client.on('notification', (m) => {
        for (const handler of poolListeners) handler(m.channel, m.payload ?? '');
      });
      for (const channel of CHANGE_CHANNELS) await client.query(`LISTEN ${channel}`).catch(() => {});
    },
  });
  const replicaPool = opts.replicaUrl
    ? new pg.Pool({
        connectionString: opts.replicaUrl,
        max: opts.poolSize ?? 10,
        options,
        // A standby that does not answer is given up on quickly: the read goes to the primary.
        connectionTimeoutMillis: 2_000,
      })
    : undefined;
  for (const p of [pool, replicaPool]) {
    // A connection the server ends (a PostgreSQL restart, a failover, an administrator, a dropped test
    // database) arrives as an 'error' event on the pool (idle client) or on a client being closed.
    // Unheard, Node turns it into an uncaught exception and the whole server stops. The pool has
    // already discarded that connection and opens a new one for the next query; a query that was
    // running gets the error itself. So: report it, and go on.
    p?.on('error', connectionLost);
    p?.on('connect', (client) => {
      client.on('error', connectionLost);
      queriesInTurn(client);
    });
  }
  const primary = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const replica = replicaPool ? (drizzleNodePg({ client: replicaPool, schema }) as unknown as Db) : primary;
  const reads = replicaPool
    ? replicaReads(primary, replica, {
        maxLagMs: opts.replicaMaxLagMs ?? 10_000,
        pollMs: opts.replicaPollMs ?? 1_000,
      })
    : directReads(primary);
  return {
    kind: 'postgres',
    primary,
    replica,
    reads,
    url,
    notifications: {
      kind: 'postgres',
      newClient: () =>
        new pg.Client({
          connectionString: url,
          options,
          application_name: 'rentloop-auth-listener',
          keepAlive: true,
        }),
      onPoolNotification(handler) {
        poolListeners.add(handler);
        return () => poolListeners.delete(handler);
      },
    },
    executor: {
      async executeSql(text, values) {
        const r = await pool.query(text, values as unknown[] | undefined);
        // A multi-statement text returns an array of results; pg-boss wants the last.
        const last = Array.isArray(r) ? r.at(-1) : r;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
    },
    async close() {
      reads.close();
      await pool.end();
      await replicaPool?.end();
    },
  };
}

/** Applies the committed SQL migrations (the runtime migrator; drizzle-kit migrate is not used). */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.primary as never, { migrationsFolder: MIGRATIONS });
  } else {
    await migrateNodePg(database.primary as never, { migrationsFolder: MIGRATIONS });
  }
}

/**
 * Turns `text` with `$1, $2, ...` placeholders into a drizzle SQL value, so libraries that speak
 * text + values can run inside a drizzle transaction (pg-boss `send` with `{ db }`). Each use of a
 * placeholder becomes a parameter of its own, typed by its own context: a value used twice must suit both
 * (pg-boss's `startAfter` as a Date, never a number of seconds: one of its uses is cast to a timestamp).
 */
export function textToSql(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${driverValue(values[Number(m[1]) - 1])}`);
    last = (m.index ?? 0) + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

/** What node-postgres would send for a value: undefined is NULL, a plain object is JSON. */
function driverValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (
    v !== null &&
    typeof v === 'object' &&
    !(v instanceof Date) &&
    !Array.isArray(v) &&
    !Buffer.isBuffer(v)
  ) {
    return JSON.stringify(v);
  }
  return v;
}

/** An executor bound to a transaction: what runs through it commits or rolls back with the transaction. */
export function txExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values) {
      const r = (await tx.execute(textToSql(text, values))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: r.rows };
    },
  };
}
