/**
 * The parts of `npm run db:move` (db/move.ts) that read the catalog and copy rows. Both ends speak
 * the same PostgreSQL, so every value travels as its type's own text form (`col::text` out, the
 * column's input function in): bytea as hex, jsonb, numeric and bigint money, timestamptz with its
 * offset, arrays and intervals arrive exactly as they were, with no JavaScript number or Date between.
 */

import type pg from 'pg';
import type { PgliteClient } from './pglite-worker.ts';

/** Rows as arrays of text (or null), from either end. */
export interface Side {
  rows(text: string, params?: unknown[]): Promise<(string | null)[][]>;
}

export function pgliteSide(client: PgliteClient): Side {
  return {
    async rows(text, params) {
      const r = await client.query<(string | null)[]>(text, params, { rowMode: 'array' });
      return r.rows;
    },
  };
}

export function pgSide(client: pg.Client): Side {
  return {
    async rows(text, params) {
      const r = await client.query({ text, values: params, rowMode: 'array' });
      return r.rows as (string | null)[][];
    },
  };
}

/** The schemas that move: the product's tables and pg-boss's. drizzle's own (migrations) does not. */
export const MOVED_SCHEMAS = ['public', 'pgboss'] as const;

export interface Column {
  name: string;
  type: string;
  /** GENERATED ALWAYS AS IDENTITY: inserting it needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface Table {
  schema: string;
  name: string;
  /** The columns that are written (generated columns are computed again by the target). */
  columns: Column[];
  /** Primary key columns in key order; empty: the table is paged by ctid. */
  key: string[];
}

export const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

/** Every ordinary table (partitions included, their partitioned parents not) of the moved schemas. */
export async function listTables(side: Side): Promise<Table[]> {
  const rels = await side.rows(
    `SELECT n.nspname, c.relname, c.oid::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind = 'r' ORDER BY 1, 2`,
    [MOVED_SCHEMAS],
  );
  const tables: Table[] = [];
  for (const [schema, name, oid] of rels) {
    const cols = await side.rows(
      `SELECT attname, format_type(atttypid, atttypmod), attidentity::text FROM pg_attribute
        WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [oid],
    );
    const key = await side.rows(
      `SELECT a.attname FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = $1::oid AND i.indisprimary
        ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [oid],
    );
    tables.push({
      schema: schema!,
      name: name!,
      columns: cols.map(([n, type, identity]) => ({
        name: n!,
        type: type!,
        identityAlways: identity === 'a',
      })),
      key: key.map(([k]) => k!),
    });
  }
  return tables;
}

export interface Sequence {
  schema: string;
  name: string;
}

export async function listSequences(side: Side): Promise<Sequence[]> {
  const rows = await side.rows(
    `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind = 'S' ORDER BY 1, 2`,
    [MOVED_SCHEMAS],
  );
  return rows.map(([schema, name]) => ({ schema: schema!, name: name! }));
}

/** Copies the sequence's position: the next id the target hands out is the one the source would have. */
export async function copySequence(source: Side, target: Side, seq: Sequence): Promise<void> {
  const [row] = await source.rows(`SELECT last_value::text, is_called::text FROM ${qualified(seq)}`);
  await target.rows('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [
    qualified(seq),
    row![0],
    row![1],
  ]);
}

export async function countRows(side: Side, table: { schema: string; name: string }): Promise<number> {
  const [row] = await side.rows(`SELECT count(*)::text FROM ${qualified(table)}`);
  return Number(row![0]);
}

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMS = 65_535;
const MAX_ROWS = 1_000;

/**
 * Copies one table in pages along its primary key (ctid without one), each page bounded in rows and in
 * bytes (`pageBytes`): a table of PDFs moves a few rows at a time, a table of events a thousand.
 * Answers the rows copied.
 */
export async function copyTable(
  source: Side,
  target: Side,
  table: Table,
  opts: { pageBytes: number },
): Promise<number> {
  const keyCols = table.key.length > 0 ? table.key : ['ctid'];
  const keyTypes = keyCols.map((k) => (k === 'ctid' ? 'tid' : table.columns.find((c) => c.name === k)!.type));
  const select = [
    ...table.columns.map((c) => `${quoteIdent(c.name)}::text`),
    ...keyCols.map((k) => `${quoteIdent(k)}::text`),
  ];
  // Qualified: in ORDER BY a bare name would be the text output column, and text sorts '1000' before '720'.
  const keyList = keyCols.map((k) => `src.${quoteIdent(k)}`).join(', ');
  const after = `(${keyList}) > (${keyTypes.map((t, i) => `$${i + 1}::${t}`).join(', ')})`;
  const width = table.columns.length;
  const insertHead =
    `INSERT INTO ${qualified(table)} (${table.columns.map((c) => quoteIdent(c.name)).join(', ')})` +
    (table.columns.some((c) => c.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '');
  const perInsert = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / width)));
  // A table with binary columns starts with one row a page, until its rows' size is known.
  let limit = table.columns.some((c) => c.type === 'bytea') ? 1 : MAX_ROWS;
  let last: (string | null)[] | null = null;
  let copied = 0;
  for (;;) {
    const page = await source.rows(
      `SELECT ${select.join(', ')} FROM ${qualified(table)} AS src${last ? ` WHERE ${after}` : ''} ORDER BY ${keyList} LIMIT ${limit}`,
      last ?? [],
    );
    if (page.length === 0) return copied;
    let bytes = 0;
    for (let i = 0; i < page.length; i += perInsert) {
      const chunk = page.slice(i, i + perInsert);
      const values: (string | null)[] = [];
      const tuples = chunk.map((row) => {
        const start = values.length;
        for (let c = 0; c < width; c++) {
          values.push(row[c] ?? null);
          bytes += row[c]?.length ?? 0;
        }
        return `(${Array.from({ length: width }, (_, c) => `$${start + c + 1}`).join(', ')})`;
      });
      await target.rows(`${insertHead} VALUES ${tuples.join(', ')}`, values);
    }
    copied += page.length;
    last = page.at(-1)!.slice(width);
    if (page.length < limit) return copied;
    // The next page sized to `pageBytes` by this page's average row.
    const average = Math.max(1, bytes / page.length);
    limit = Math.max(1, Math.min(MAX_ROWS, Math.floor(opts.pageBytes / average)));
  }
}

/**
 * The events readers' cursors are (transaction id, event id) pairs of the database that wrote them
 * (modules/events/reader.ts), and the target's transaction ids are another counter: one lower than the
 * source's would put every new event behind the cursors (skipped for ever), one higher is harmless.
 * So the copied events and cursors get small ids that keep their order: the cursors split the events
 * into runs (read by the same readers); run r gets 2r + 3, the cursor after it 2r + 4. What a reader
 * has handled stays handled, what it has not is still ahead of it, and every transaction of the target
 * (above these few numbers, `ensureTransactionIdsAbove`) sorts after them. Within a run, events keep
 * their id order. Runs in the target's own transaction.
 */
export async function renumberEventTransactions(target: Side): Promise<number> {
  await target.rows(
    `CREATE TEMP TABLE move_marks ON COMMIT DROP AS
       SELECT tx_id, event_id, row_number() OVER (ORDER BY tx_id, event_id) AS k
         FROM (SELECT DISTINCT tx_id, event_id FROM event_cursors WHERE tx_id <> '0'::xid8 OR event_id <> 0) m`,
  );
  await target.rows(
    `UPDATE events e SET tx_id = ((2 * (SELECT count(*) FROM move_marks m
                                          WHERE (m.tx_id, m.event_id) < (e.tx_id, e.id)) + 3)::text)::xid8`,
  );
  await target.rows(
    `UPDATE event_cursors c SET tx_id = ((2 * m.k + 2)::text)::xid8 FROM move_marks m
      WHERE c.tx_id = m.tx_id AND c.event_id = m.event_id`,
  );
  const [row] = await target.rows('SELECT count(*)::text FROM move_marks');
  return Number(row![0]);
}

/** The highest transaction id the renumbering above can give, for `marks` cursor positions. */
export const highestRenumbered = (marks: number) => 2 * marks + 4;

/** Uses up transaction ids until the target's next one is above `floor` (a new cluster starts low). */
export async function ensureTransactionIdsAbove(target: Side, floor: number): Promise<void> {
  for (;;) {
    const [row] = await target.rows('SELECT pg_current_xact_id()::text');
    if (Number(row![0]) > floor) return;
  }
}
