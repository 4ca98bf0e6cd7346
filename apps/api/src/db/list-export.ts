/**
 * The keyset conditions of an export's batches (define-list.ts, `batches`): the rows after the last
 * row of the previous batch in the list's order `(sort column, id)`, with PostgreSQL's null placement
 * (ascending puts nulls last, descending first), so a nullable sort column loses no row.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type Placeholder = ReturnType<typeof sql.placeholder>;

/** Where the next batch starts: the first, or after a row whose sort key was a value or null. */
export type KeysetAfter = 'first' | 'value' | 'null';

export function afterKey(
  column: PgColumn,
  id: PgColumn,
  descending: boolean,
  after: Exclude<KeysetAfter, 'first'>,
  value: Placeholder,
  lastId: Placeholder,
): SQL {
  if (column === id) return descending ? sql`${id} < ${lastId}` : sql`${id} > ${lastId}`;
  if (descending) {
    // Order: nulls first (by id descending), then values descending.
    return after === 'null'
      ? sql`((${column} is null and ${id} < ${lastId}) or ${column} is not null)`
      : sql`(${column} < ${value} or (${column} = ${value} and ${id} < ${lastId}))`;
  }
  // Order: values ascending, then nulls (by id ascending).
  return after === 'null'
    ? sql`(${column} is null and ${id} > ${lastId})`
    : sql`(${column} > ${value} or (${column} = ${value} and ${id} > ${lastId}) or ${column} is null)`;
}

/** Only the selected rows (`ids`: comma-separated ids, one parameter whatever their number). */
export const selectedIds = (id: PgColumn, ids: Placeholder): SQL =>
  sql`${id} = any(string_to_array(${ids}, ',')::bigint[])`;
