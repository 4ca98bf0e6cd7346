/**
 * `npm run db:move -- --to postgres://…`: moves everything of the embedded database (PGlite in
 * DATA_DIR) into a new, empty PostgreSQL database (decision 86). Steps:
 * 1. take DATA_DIR's lock (a running server refuses the move; nothing writes while it copies) and
 *    bring the source to this version with the server's own migrator;
 * 2. refuse a target that holds anything of its own; migrate it with the same migrator and give it
 *    pg-boss's schema;
 * 3. in one transaction with `session_replication_role = replica` (no trigger fires: the audit trail,
 *    the history, entity_counts and the search tables arrive as they were, not written twice; foreign
 *    keys are not checked row by row, so the order of tables does not matter): empty what the
 *    migrations seeded, copy every table page by page, renumber the events' transaction ids
 *    (move-copy.ts), set every sequence to the source's position;
 * 4. count every table on both sides and say whether they are equal.
 * The embedded database is left as it was: it is the way back until the merchant removes it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, migrate, openPglite, openPostgres } from './client.ts';
import { redactedUrl } from './connection-errors.ts';
import { lockDataDir } from './data-dir-lock.ts';
import {
  copySequence,
  copyTable,
  countRows,
  ensureTransactionIdsAbove,
  highestRenumbered,
  listSequences,
  listTables,
  pgliteSide,
  pgSide,
  qualified,
  renumberEventTransactions,
  type Side,
  type Table,
} from './move-copy.ts';

/** A move that was refused or failed for a reason the merchant can act on: the CLI prints the message. */
export class MoveRefused extends Error {}

export interface MoveOptions {
  dataDir: string;
  targetUrl: string;
  log?: (line: string) => void;
  /** The size a page of rows aims at (text form); 8 MB by default. */
  pageBytes?: number;
}

export interface MoveResult {
  tables: { table: string; source: number; target: number }[];
  sequences: number;
  /** Every table holds as many rows on the target as on the source. */
  equal: boolean;
}

const PGBOSS = 'pgboss';

export async function moveToPostgres(opts: MoveOptions): Promise<MoveResult> {
  const log = opts.log ?? (() => {});
  const target = redactedUrl(opts.targetUrl);
  if (!existsSync(join(opts.dataDir, 'pglite'))) {
    throw new MoveRefused(`There is no embedded database in ${opts.dataDir} (DATA_DIR): nothing to move.`);
  }
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(opts.dataDir);
  } catch (e) {
    throw new MoveRefused(`${(e as Error).message} The move needs the server stopped.`);
  }
  const client = new pg.Client({ connectionString: opts.targetUrl, application_name: 'rentloop-db-move' });
  let source: Database | undefined;
  try {
    await client.connect().catch((e: Error) => {
      throw new MoveRefused(`Cannot connect to ${target}: ${e.message || (e as { code?: string }).code}`);
    });
    const to = pgSide(client);
    // Before the embedded database is opened (seconds): a used target is refused at once.
    await refuseIfUsed(to, target);
    source = await openPglite(opts.dataDir);
    log(`Bringing the embedded database in ${opts.dataDir} up to this version…`);
    await migrate(source);
    if (source.notifications.kind !== 'pglite') throw new Error('unreachable');
    const from = pgliteSide(source.notifications.client);

    const sourceTables = await listTables(from);
    await refuseForeignTables(to, sourceTables, target);
    log(`Migrating ${target}…`);
    const targetDb = await openPostgres(opts.targetUrl, { poolSize: 1 });
    try {
      await migrate(targetDb);
    } finally {
      await targetDb.close();
    }
    const bossVersion = await prepareBossSchema(from, to, opts.targetUrl);

    // The renumbered event transactions must sort before every transaction the target runs later.
    const [marks] = await from.rows(
      `SELECT count(DISTINCT (tx_id, event_id))::text FROM event_cursors WHERE tx_id <> '0'::xid8 OR event_id <> 0`,
    );
    await ensureTransactionIdsAbove(to, highestRenumbered(Number(marks![0])));

    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL session_replication_role = replica').catch((e: Error) => {
        throw new MoveRefused(
          `${target} does not let this user turn triggers off for the copy (${e.message}). ` +
            'Move as the database owner with superuser rights (e.g. postgres), or on PostgreSQL 15+ ' +
            'GRANT SET ON PARAMETER session_replication_role TO the user.',
        );
      });
      if (bossVersion !== null) await createBossQueues(from, to);
      const targetTables = await listTables(to);
      const missing = sourceTables.filter((t) => !targetTables.some((u) => same(t, u) && sameColumns(t, u)));
      if (missing.length > 0) {
        throw new MoveRefused(
          `The tables ${missing.map(qualified).join(', ')} differ between the two databases after migrating; nothing was copied.`,
        );
      }
      // What the migrations seeded (default crons, templates) comes over from the source instead.
      await client.query(`TRUNCATE ${targetTables.map(qualified).join(', ')} CASCADE`);
      let total = 0;
      for (const table of sourceTables) {
        const started = Date.now();
        const rows = await copyTable(from, to, table, { pageBytes: opts.pageBytes ?? 8 * 1024 * 1024 });
        total += rows;
        if (rows > 0) log(`  ${qualified(table)}: ${rows} rows (${Date.now() - started} ms)`);
      }
      const runs = await renumberEventTransactions(to);
      log(
        `Copied ${total} rows of ${sourceTables.length} tables; events renumbered around ${runs} reader positions.`,
      );
      const sequences = await listSequences(from);
      for (const seq of sequences) await copySequence(from, to, seq);
      await client.query('COMMIT');
      log(`Set ${sequences.length} sequences to the embedded database's positions.`);

      const tables = [];
      for (const table of sourceTables) {
        tables.push({
          table: qualified(table),
          source: await countRows(from, table),
          target: await countRows(to, table),
        });
      }
      const unequal = tables.filter((t) => t.source !== t.target);
      for (const t of unequal) log(`  DIFFERENT: ${t.table} has ${t.source} rows here and ${t.target} there`);
      log(
        unequal.length === 0
          ? `Verified: all ${tables.length} tables hold the same number of rows in ${target} (${total} rows).`
          : `NOT EQUAL: ${unequal.length} of ${tables.length} tables differ (above).`,
      );
      await client.query('ANALYZE');
      return { tables, sequences: sequences.length, equal: unequal.length === 0 };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  } finally {
    await client.end().catch(() => {});
    await source?.close();
    await unlock();
  }
}

const same = (a: { schema: string; name: string }, b: { schema: string; name: string }) =>
  a.schema === b.schema && a.name === b.name;
const sameColumns = (a: Table, b: Table) =>
  a.columns.length === b.columns.length &&
  a.columns.every((c) => b.columns.some((d) => d.name === c.name && d.type === c.type));

/**
 * A target is refused when it holds anything a move could mix with: a Rentloop that has run (every
 * start creates the operator, so `users` has a row) or has jobs, or tables Rentloop does not have
 * (below). A target left by a failed move (migrated, still empty) is taken.
 */
async function refuseIfUsed(to: Side, target: string): Promise<void> {
  const existing = await listTables(to);
  const has = (schema: string, name: string) => existing.some((e) => e.schema === schema && e.name === name);
  for (const [schema, name] of [
    ['public', 'users'],
    ['public', 'companies'],
    [PGBOSS, 'job'],
  ] as const) {
    if (has(schema, name) && (await countRows(to, { schema, name })) > 0) {
      throw new MoveRefused(
        `${target} already holds data (its ${name === 'job' ? 'job queue' : `${name} table`} has rows): ` +
          'moving into it would mix two installations. Move into a new, empty database: createdb rentloop.',
      );
    }
  }
}

async function refuseForeignTables(to: Side, sourceTables: Table[], target: string): Promise<void> {
  const foreign = (await listTables(to)).filter(
    (t) => !sourceTables.some((s) => same(s, t)) && !(t.schema === PGBOSS && /^j[0-9a-f]{56}$/.test(t.name)),
  );
  if (foreign.length > 0) {
    throw new MoveRefused(
      `${target} already holds tables of its own (${foreign.slice(0, 3).map(qualified).join(', ')}${foreign.length > 3 ? ', …' : ''}). ` +
        'Move into a new, empty database: createdb rentloop.',
    );
  }
}

/**
 * pg-boss's schema, made by pg-boss itself (its construction plan, in its own transaction), after
 * dropping what a failed move left. Its version must be the source's: the rows fit its tables.
 * Answers the version, or null when the source has no pg-boss schema (a server never started).
 */
async function prepareBossSchema(from: Side, to: Side, targetUrl: string): Promise<number | null> {
  const [has] = await from.rows(`SELECT count(*)::text FROM pg_namespace WHERE nspname = $1`, [PGBOSS]);
  if (Number(has![0]) === 0) return null;
  const [sourceVersion] = await from.rows(`SELECT version::text FROM ${PGBOSS}.version`);
  await to.rows(`DROP SCHEMA IF EXISTS ${PGBOSS} CASCADE`);
  const plan = PgBoss.getConstructionPlans(PGBOSS);
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    await client.query(plan);
  } finally {
    await client.end();
  }
  const [targetVersion] = await to.rows(`SELECT version::text FROM ${PGBOSS}.version`);
  if (sourceVersion?.[0] !== targetVersion?.[0]) {
    throw new MoveRefused(
      `The embedded database's job queue is at version ${sourceVersion?.[0]}, this Rentloop's at ${targetVersion?.[0]}. ` +
        'Start the server once on the embedded database (it updates the queue), stop it, then move.',
    );
  }
  return Number(targetVersion![0]);
}

/**
 * Every queue of the source gets its table (a partition of pgboss.job named after the queue) the way
 * pg-boss makes it; the queue rows themselves (and the version row) are then replaced by the source's.
 */
async function createBossQueues(from: Side, to: Side): Promise<void> {
  for (const [name] of await from.rows(`SELECT name FROM ${PGBOSS}.queue ORDER BY name`)) {
    await to.rows(`SELECT ${PGBOSS}.create_queue($1, '{}'::json)`, [name]);
  }
}
