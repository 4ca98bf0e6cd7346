/**
 * `insertRows` (db/insert-rows.ts) writes what Drizzle's own multi-row insert writes: the same rows, read back
 * equal, in the given order, whatever the values hold (quotes, backslashes, braces, commas, NULLs, nested
 * JSON, non-Latin text, large money).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, useHarness } from '../testing/harness.ts';
import { insertRows } from './insert-rows.ts';
import { events, products } from './schema/index.ts';

const h = useHarness();

const awkward = [
  'plain',
  'with "quotes"',
  'back\\slash',
  '{braces},comma',
  'Ελληνικά ü',
  '',
  'NULL',
  ' spaced ',
];

function eventRows(type: string) {
  return awkward.map((text, i) => ({
    type,
    object: text,
    object_id: i + 1,
    payload: i === 2 ? {} : { text, nested: { list: [text, i, null], deep: { ok: i % 2 === 0 } } },
    actor_id: null,
    created_at: new Date(Date.UTC(2026, 10, 28, 12, 0, i)).toISOString(),
  }));
}

const read = (type: string) =>
  h.database.primary
    .select({
      object: events.object,
      object_id: events.object_id,
      payload: events.payload,
      actor_id: events.actor_id,
      created_at: events.created_at,
    })
    .from(events)
    .where(eq(events.type, type))
    .orderBy(asc(events.id));

describe('insertRows', () => {
  it('writes the rows Drizzle would, in their order, and answers the columns asked for', async () => {
    await h.database.primary.insert(events).values(eventRows('insert-rows.drizzle'));
    const ids = await insertRows(h.database.primary, events, eventRows('insert-rows.unnest'), [
      'id',
      'object_id',
    ]);
    expect(ids.map((r) => r.object_id)).toEqual(awkward.map((_, i) => i + 1));
    // Ids in the rows' order (the events readers' order depends on it).
    expect(ids.map((r) => r.id)).toEqual([...ids.map((r) => r.id)].sort((a, b) => a - b));
    expect(typeof ids[0]!.id).toBe('number');
    const mine = await read('insert-rows.unnest');
    expect(mine).toEqual(await read('insert-rows.drizzle'));
    expect(mine.map((r) => r.object)).toEqual(awkward);
  });

  it('keeps money exact past 2^53 and maps the returned columns back (bigint, numbers, timestamps)', async () => {
    const company = await createCompany(h.database);
    const huge = 9_007_199_254_740_993n;
    const rows = await insertRows(
      h.database.primary,
      products,
      [
        { company_id: company.id, name: 'Huge', rental_price_monthly: huge, deposit: null },
        { company_id: company.id, name: 'Small', rental_price_monthly: 1n, deposit: 250n },
      ],
      ['id', 'company_id', 'rental_price_monthly', 'deposit', 'created_at', 'search_text'],
    );
    expect(rows.map((r) => [r.rental_price_monthly, r.deposit])).toEqual([
      [huge, null],
      [1n, 250n],
    ]);
    expect(rows[0]!.company_id).toBe(company.id);
    // The generated column was left to the database, and comes back as it made it.
    expect(rows[0]!.search_text).toBe('huge ');
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(rows[0]!.created_at);
    const stored = (await h.database.primary.execute(
      sql`SELECT rental_price_monthly::text AS m FROM products WHERE id = ${rows[0]!.id}`,
    )) as unknown as { rows: { m: string }[] };
    expect(stored.rows[0]!.m).toBe('9007199254740993');
    // Read back by Drizzle's own select, on either driver: node-postgres parses int8 as PGlite does (a number
    // while safe, a bigint past 2^53), so the money column's bigint is exact, not rounded through a number.
    const [read] = await h.database.primary
      .select({ price: products.rental_price_monthly, id: products.id })
      .from(products)
      .where(eq(products.id, rows[0]!.id));
    expect(read!.price).toBe(huge);
    expect(typeof read!.id).toBe('number');
    const raw = (await h.database.primary.execute(
      sql`SELECT rental_price_monthly AS m, count(*) OVER () AS n FROM products WHERE id = ${rows[0]!.id}`,
    )) as unknown as { rows: { m: unknown; n: unknown }[] };
    expect(raw.rows[0]).toEqual({ m: huge, n: 1 });
  });

  it('answers nothing for no rows and refuses rows that give different columns', async () => {
    expect(await insertRows(h.database.primary, events, [], ['id'])).toEqual([]);
    await expect(
      insertRows(h.database.primary, events, [
        { type: 'insert-rows.mixed', object: 'a', object_id: 1, actor_id: null },
        { type: 'insert-rows.mixed', object: 'b', object_id: 2 },
      ]),
    ).rejects.toThrow(/rows differ in their columns \(actor_id\)/);
    expect(await read('insert-rows.mixed')).toEqual([]);
  });
});
