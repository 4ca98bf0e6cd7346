/**
 * The currency freeze is one table-driven check (migration 0037, `currency_money_tables()`): this guard
 * fails when a table with a `money()` column is not listed there, so a company could otherwise change its
 * currency under amounts stored in that table.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../testing/harness.ts';
import * as schema from './schema/index.ts';

const h = useHarness();

/** The tables of the drizzle schema with a bigint-as-bigint column: `money()` (columns.ts). */
const moneyTables = () =>
  (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => v instanceof PgTable)
    .map((t) => getTableConfig(t))
    .filter((c) => c.columns.some((col) => col.columnType === 'PgBigInt64'))
    .map((c) => c.name)
    .sort();

describe('the currency freeze', () => {
  it('covers every table with a money column', async () => {
    const listed = (
      (await h.database.primary.execute(sql`SELECT table_name FROM currency_money_tables()`)) as unknown as {
        rows: { table_name: string }[];
      }
    ).rows
      .map((r) => r.table_name)
      .sort();
    expect(moneyTables()).toContain('invoices');
    expect(listed).toEqual(moneyTables());
  });
});
