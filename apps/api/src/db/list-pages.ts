/**
 * What the big lists (customers, products, variants) share (docs/performance.md "How the lists stay
 * cheap"):
 * statements built once per process and shape, named prepared statements for the unfiltered
 * shapes, and deep unfiltered pages read from the nearer end of the index.
 */
import type { Db } from './client.ts';
import { mappedRows, type RowsMapperOf, useRowsMapper } from './row-mapper.ts';

/**
 * Statements are built once per process and shape (sort, direction, which filters). The unfiltered
 * ones are also named prepared statements: PostgreSQL parses and plans each once per connection
 * instead of on every request, and their plans do not depend on the values (company, limit,
 * offset). Searches and filters stay unnamed, so PostgreSQL plans them with their values: how
 * selective a term or filter is decides whether an index pays. (Named statements need session
 * pooling: behind PgBouncer, use session mode.) Rows are mapped by `mapRows` (db/row-mapper.ts:
 * by default each row as drizzle's object, without drizzle's per-column iterators).
 */
export type Statement = { execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]> };
const statementsByDb = new WeakMap<object, Map<string, Statement>>();
export function statement(
  db: Db,
  key: string,
  named: boolean,
  build: () => { prepare(name: string): unknown },
  mapRows: RowsMapperOf<unknown> = mappedRows,
): Statement {
  let byKey = statementsByDb.get(db);
  if (!byKey) {
    byKey = new Map();
    statementsByDb.set(db, byKey);
  }
  let st = byKey.get(key);
  if (!st) {
    // An undefined name makes node-postgres send an unnamed statement (planned with its values).
    st = build().prepare(named ? key : (undefined as unknown as string)) as Statement;
    useRowsMapper(st, mapRows);
    byKey.set(key, st);
  }
  return st;
}

/**
 * Offsets from which an unfiltered page is read from whichever end of the index is nearer: page
 * 4,501 of 5,000 walks 4,990 index entries from the end instead of 45,000 from the start. The
 * offsets from the end come from the total, which entity_counts keeps exact in the same transaction
 * as every insert and delete; the statement returns the total of its own snapshot, and the page is
 * read again from the start if a write came in between, so it is always the page the forward scan
 * gives.
 */
export const DEEP_OFFSET = 1_000;

/**
 * One page and the exact total. `page` runs the list statement (every row carries the total of the
 * statement's snapshot; `reverse` reads from the other end of the index, rows still in the
 * requested order) and `total` the total alone (the trigger-kept count when unfiltered).
 */
export async function readPage<R extends { total: number }>(
  p: { offset: number; perPage: number },
  filtered: boolean,
  read: {
    page(reverse: boolean, window: { limit: number; offset: number }): Promise<R[]>;
    total(): Promise<number>;
  },
): Promise<{ rows: R[]; total: number }> {
  if (!filtered && p.offset >= DEEP_OFFSET) {
    const total = await read.total();
    if (p.offset >= total) return { rows: [], total };
    const fromEnd = total - p.offset - p.perPage;
    if (fromEnd < p.offset) {
      const rows = await read.page(true, {
        limit: Math.min(p.perPage, total - p.offset),
        offset: Math.max(0, fromEnd),
      });
      if (rows[0]?.total === total) return { rows, total };
      // A write came in between: read the page from the start.
    }
  }
  const rows = await read.page(false, { limit: p.perPage, offset: p.offset });
  if (rows.length > 0) return { rows, total: Number(rows[0]?.total) };
  // An empty page (past the end) has no row to carry the total.
  return { rows: [], total: await read.total() };
}
