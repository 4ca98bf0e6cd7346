/**
 * A list statement's rows as objects, made the way drizzle makes them but with one loop per row.
 *
 * drizzle maps every result row with `mapResultRow`, which walks each selected field's path with
 * `path.entries()`: an iterator and an entry array per column of every row. An export of 1,000,000
 * orders allocated 1.5 GB there alone, a quarter of all it allocated (docs/performance.md "Data
 * export"), and the young garbage that outlives two scavenges is what grows the heap. The statements
 * of the lists select flat fields (no nested objects, no joined tables made null), so each row is one
 * object whose keys and decoders are known before the first row: the same decoders, called the same
 * way (`null` stays `null`, anything else through the field's `mapFromDriverValue`).
 *
 * This hooks into drizzle's prepared query (its `fields` and `customResultMapper`, drizzle-orm 0.45;
 * `row-mapper.test.ts` checks on both databases that the objects equal drizzle's own); a statement with
 * a nested field is mapped by drizzle's own `mapResultRow`.
 */
import { Column, is, SQL } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';

type Decoder = { mapFromDriverValue(value: unknown): unknown };
export type Field = { path: string[]; field: unknown };
/** Which joined tables' objects drizzle may make null (a prepared query's `joinsNotNullableMap`). */
type JoinsNotNullable = Record<string, boolean> | undefined;

/** drizzle's own row mapper: exported by `drizzle-orm/utils` at run time, left out of its type declarations. */
const drizzleMapRow = (
  drizzleUtils as unknown as {
    mapResultRow: (
      fields: readonly Field[],
      row: unknown[],
      joins: JoinsNotNullable,
    ) => Record<string, unknown>;
  }
).mapResultRow;

/** The decoder drizzle uses for a selected field (utils.js `mapResultRow`). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  // A subquery's or an aliased SQL's decoder: not in the lists' statements, handled as drizzle does.
  const f = field as { _?: { sql: { decoder: Decoder } }; sql?: { decoder: Decoder } };
  return f._ ? f._.sql.decoder : f.sql!.decoder;
}

/** What a prepared statement's row mapper is: the driver's array rows in, the statement's result out. */
export type RowsMapper<R> = (rows: unknown[][]) => R;
/** Makes a statement's row mapper from its selected fields (and drizzle's joined-tables map). */
export type RowsMapperOf<R> = (fields: readonly Field[], joins: JoinsNotNullable) => RowsMapper<R>;

/**
 * The row mapper of `fields`: each array row as an object of the fields' names (those in `omit` left
 * out). Flat fields are mapped in one loop; a nested field falls back to drizzle's `mapResultRow`.
 */
export function rowMapper(
  fields: readonly Field[],
  omit: ReadonlySet<string> = new Set(),
  joins?: JoinsNotNullable,
): (row: unknown[]) => Record<string, unknown> {
  if (fields.some((f) => f.path.length !== 1)) {
    return (row) => {
      const out = drizzleMapRow(fields, row, joins);
      for (const key of omit) delete out[key];
      return out;
    };
  }
  const kept = fields
    .map((f, index) => ({ key: f.path[0]!, index, decoder: decoderOf(f.field) }))
    .filter((f) => !omit.has(f.key));
  const keys = kept.map((f) => f.key);
  const indexes = kept.map((f) => f.index);
  const decoders = kept.map((f) => f.decoder);
  const n = kept.length;
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const raw = row[indexes[i]!];
      out[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return out;
  };
}

/** The index of a selected field by its name (for a value read from the raw rows, such as a keyset). */
export const fieldIndex = (fields: readonly Field[], name: string) =>
  fields.findIndex((f) => f.path.length === 1 && f.path[0] === name);

/** The parts of drizzle's prepared query (node-postgres and PGlite alike) this module uses. */
interface PreparedInternals {
  fields?: Field[];
  joinsNotNullableMap?: JoinsNotNullable;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Gives a prepared statement the result mapper `mapper(fields)`: the statement's `execute` then resolves
 * to what it returns. A statement without a select list is left as it is.
 */
export function useRowsMapper<R>(prepared: unknown, mapper: RowsMapperOf<R>): void {
  const p = prepared as PreparedInternals;
  if (p.fields)
    p.customResultMapper = mapper(p.fields, p.joinsNotNullableMap) as (rows: unknown[][]) => unknown;
}

/** The default: every row mapped by `rowMapper`. */
export const mappedRows: RowsMapperOf<Record<string, unknown>[]> = (fields, joins) => {
  const one = rowMapper(fields, new Set(), joins);
  return (rows) => rows.map((row) => one(row));
};
