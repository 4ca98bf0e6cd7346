/**
 * `claimDue` (db/claim.ts): due rows in order, and two concurrent claimers never take the same row.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../testing/harness.ts';
import { claimDue } from './claim.ts';
import type { Tx } from './client.ts';
import { events } from './schema/index.ts';

const h = useHarness();

/** Rows to claim: events of one type stand for due work (any table with an id does). */
async function dueRows(type: string, count: number): Promise<number[]> {
  const rows = await h.database.primary
    .insert(events)
    .values(Array.from({ length: count }, (_, i) => ({ type, object: 'work', object_id: i + 1 })))
    .returning({ id: events.id });
  return rows.map((r) => r.id);
}
const query = (type: string, limit: number) => ({
  table: events,
  id: events.id,
  due: and(eq(events.type, type), sql`${events.object_id} % 2 = 1`)!,
  order: events.object_id,
  limit,
});

describe('claimDue', () => {
  it('takes the due rows only, in order, up to the limit', async () => {
    const ids = await dueRows('claim.order', 7);
    const claimed = await h.database.primary.transaction((tx) => claimDue(tx, query('claim.order', 3)));
    // object_id 1, 3, 5 are due (odd), in that order.
    expect(claimed).toEqual([ids[0], ids[2], ids[4]]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL only (PGlite runs one transaction at a time): two concurrent claimers split the due rows without overlap',
    async () => {
      const ids = await dueRows('claim.split', 20);
      const due = ids.filter((_, i) => i % 2 === 0);
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let first: number[] = [];
      let firstClaimed!: () => void;
      const claimedOnce = new Promise<void>((r) => {
        firstClaimed = r;
      });
      const a = h.database.primary.transaction(async (tx: Tx) => {
        first = await claimDue(tx, query('claim.split', 6));
        firstClaimed();
        await held; // a worker still busy with its batch
      });
      await claimedOnce;
      const second = await h.database.primary.transaction((tx) => claimDue(tx, query('claim.split', 6)));
      release();
      await a;
      expect(first).toHaveLength(6);
      expect(second).toHaveLength(4);
      expect(new Set([...first, ...second])).toEqual(new Set(due));
      const rows = await h.database.primary.select().from(events).where(inArray(events.id, second));
      expect(rows.every((r) => r.object_id % 2 === 1)).toBe(true);
    },
  );
});
