/**
 * An INSERT of many rows as one statement of constant size: one array parameter per column, spread back into
 * rows by `unnest()`. Drizzle's multi-row insert makes one parameter per value and walks its SQL tree once per
 * value: a batch of the billing run (50 invoices of ~35 columns, their attempts and events) spent about a third
 * of the run's Node CPU building those statements (decision 93). This builds ~35 parameters however many rows.
 *
 * Same meaning as `db.insert(table).values(rows)`: every row gives the same columns (a column left out takes
 * its SQL default; a `$defaultFn` column left out takes the function's value, as Drizzle does), values pass
 * through the column's own mapping (jsonb as JSON text, dates, bigints), and `returning` answers the chosen
 * columns mapped back, in the rows' order. Columns whose type is itself an array are refused: `unnest` would
 * flatten them; use Drizzle's insert for such a table.
 */
import { type Column, getTableColumns, getTableName, param, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

type Returning<T extends PgTable, K extends keyof T['$inferSelect']> = Pick<T['$inferSelect'], K>;

export async function insertRows<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  db: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning: readonly K[] = [],
): Promise<Returning<T, K>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const first = rows[0] as Record<string, unknown>;
  const keys = Object.keys(columns).filter(
    (key) => first[key] !== undefined || columns[key]!.defaultFn !== undefined,
  );
  const arrays = keys.map(() => [] as unknown[]);
  for (const row of rows as Record<string, unknown>[]) {
    keys.forEach((key, i) => {
      const column = columns[key]!;
      let value = row[key];
      if (value === undefined) {
        if (column.defaultFn === undefined)
          throw new Error(`insertRows(${getTableName(table)}): rows differ in their columns (${key}).`);
        value = column.defaultFn();
      }
      arrays[i]!.push(driverValue(column, value));
    });
  }
  const types = keys.map((key) => {
    const type = columns[key]!.getSQLType();
    if (type.endsWith(']')) throw new Error(`insertRows(${getTableName(table)}): ${key} is an array column.`);
    return type;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const spread = unnestArguments(types, arrays);
  const aliases = sql.join(
    keys.map((_, i) => sql.identifier(`c${i}`)),
    sql`, `,
  );
  const back =
    returning.length === 0
      ? sql``
      : sql` RETURNING ${sql.join(
          returning.map((key) => {
            const name = sql.identifier(columns[key]!.name);
            // int8 as text, one form on both drivers; the column's own mapping makes it a number or a bigint.
            const text = columns[key]!.getSQLType() === 'bigint' ? sql`::text` : sql``;
            return sql`${name}${text} AS ${sql.identifier(key)}`;
          }),
          sql`, `,
        )}`;
  const result = (await db.execute(
    sql`INSERT INTO ${table} (${names}) SELECT ${aliases} FROM unnest(${spread}) WITH ORDINALITY AS u(${aliases}, ord) ORDER BY ord${back}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  if (returning.length === 0) return [];
  return result.rows.map((raw) => {
    const out: Record<string, unknown> = {};
    for (const key of returning) {
      const value = raw[key];
      out[key] = value === null || value === undefined ? null : columns[key]!.mapFromDriverValue(value);
    }
    return out as Returning<T, K>;
  });
}

/**
 * The arguments of `unnest(...)` for rows held as one array per column: each array one parameter cast to an
 * array of its column's SQL type (`types[i]`), so a statement has one parameter per column however many rows
 * (here, and the payments' status moves, payments/record-batch.ts).
 */
export function unnestArguments(types: readonly string[], arrays: readonly unknown[][]): SQL {
  return sql.join(
    arrays.map((values, i) => sql`${param(values)}::${sql.raw(types[i]!)}[]`),
    sql`, `,
  );
}

/** A value as Drizzle would send it, made safe for an array literal (bigints and dates as text). */
function driverValue(column: Column, value: unknown): unknown {
  if (value === null) return null;
  const mapped = column.mapToDriverValue(value);
  if (typeof mapped === 'bigint') return mapped.toString();
  if (mapped instanceof Date) return mapped.toISOString();
  return mapped;
}
