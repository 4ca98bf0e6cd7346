/**
 * `db/row-mapper.ts`: a statement's rows mapped without drizzle's per-column iterators must be exactly
 * the objects drizzle makes itself, for every kind of field the lists select (columns with their own
 * decoders, SQL with `mapWith`, nulls) and, through drizzle's own mapper, for nested fields and a
 * joined table made null. The list statements and the export's batches (db/define-list.ts) use it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../testing/harness.ts';
import { fieldIndex, mappedRows, rowMapper, useRowsMapper } from './row-mapper.ts';
import { companies, customers, orders } from './schema/index.ts';

const h = useHarness();

type Prepared = { execute(v?: Record<string, unknown>): Promise<unknown> };

/** The same statement twice: drizzle's mapper, then ours. */
async function bothWays(build: () => { prepare(name: string): unknown }) {
  const theirs = build().prepare(undefined as unknown as string) as Prepared;
  const ours = build().prepare(undefined as unknown as string) as Prepared;
  useRowsMapper(ours, mappedRows);
  return { theirs: await theirs.execute(), ours: await ours.execute() };
}

describe('row mapper', () => {
  it("maps flat fields exactly as drizzle does: columns' decoders, mapWith, nulls", async () => {
    const db = h.database.primary;
    const [company] = await db
      .insert(companies)
      .values({ name: 'Row mapper', currency: 'CHF', shop_system: null })
      .returning();
    const { theirs, ours } = await bothWays(() =>
      db
        .select({
          id: companies.id,
          name: companies.name,
          shop_system: companies.shop_system,
          currency: companies.currency,
          is_test: companies.is_test,
          created_at: companies.created_at,
          since: sql<string>`${companies.created_at}::text`,
          n: sql<number>`41 + 1`.mapWith(Number),
          none: sql<string | null>`null::text`,
          doc: sql<unknown>`'{"a":[1,2]}'::jsonb`,
        })
        .from(companies)
        .where(eq(companies.id, company!.id)),
    );
    expect(ours).toEqual(theirs);
    const [row] = ours as Record<string, unknown>[];
    expect(row).toMatchObject({ id: company!.id, name: 'Row mapper', shop_system: null, n: 42, none: null });
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof row!.id).toBe('number');
  });

  it("keeps drizzle's mapping of nested fields and of a left-joined table without a match", async () => {
    const db = h.database.primary;
    const [company] = await db.insert(companies).values({ name: 'Nested', currency: 'EUR' }).returning();
    const { theirs, ours } = await bothWays(() =>
      db
        .select({
          company: { id: companies.id, name: companies.name },
          customer: customers,
          n: sql<number>`1`,
        })
        .from(companies)
        .leftJoin(customers, and(eq(customers.company_id, companies.id), sql`false`))
        .where(eq(companies.id, company!.id)),
    );
    expect(ours).toEqual(theirs);
    expect((ours as { customer: unknown }[])[0]!.customer).toBeNull();
  });

  it("is the statement's mapper: drizzle hands it the driver's arrays (fails if drizzle's internals change)", async () => {
    const st = h.database.primary
      .select({ n: sql<number>`41 + 1`, t: sql<string>`'x'` })
      .from(sql`(select 1) as one`)
      .prepare(undefined as unknown as string) as unknown as Prepared;
    useRowsMapper(st, (fields) => (raw) => ({ raw, names: fields.map((f) => f.path.join('.')) }));
    expect(await st.execute()).toEqual({ raw: [[42, 'x']], names: ['n', 't'] });
  });

  it('leaves out the fields asked for, and finds a field by name', () => {
    const fields = [
      { path: ['id'], field: orders.id },
      { path: ['__key'], field: sql`x` },
    ];
    const one = rowMapper(fields, new Set(['__key']));
    expect(one(['7', 'k'])).toEqual({ id: 7 });
    expect(fieldIndex(fields, '__key')).toBe(1);
    expect(fieldIndex(fields, 'missing')).toBe(-1);
  });
});
