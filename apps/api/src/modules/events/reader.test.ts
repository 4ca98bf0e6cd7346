/**
 * The events reader (modules/events/reader.ts): commit-safe order, a cursor per reader that moves with
 * the handled batch, and no event skipped when a slow transaction commits after a faster one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { eventCursors, events } from '../../db/schema/index.ts';
import { useHarness } from '../../testing/harness.ts';
import { eventsAfter, readEvents, START } from './reader.ts';

const h = useHarness();
let n = 0;
const insertEvent = async (db: Tx, label: string) => {
  n += 1;
  const [row] = await db
    .insert(events)
    .values({ type: 'test.happened', object: label, object_id: n })
    .returning({ id: events.id });
  return row!.id;
};
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => h.database.primary.transaction(fn);
const objectsOf = (rows: { object: string }[]) => rows.map((r) => r.object).filter((o) => o.startsWith('r-'));
/**
 * Retries `check` until it passes. On PostgreSQL an event is read once every transaction older than it has
 * ended, in any database of the server (`pg_snapshot_xmin` is the server's): another test file's open
 * transaction delays it, as a busy server delays the real reader until its next round.
 */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

describe('readEvents', () => {
  it('hands each event to a reader once, in order, across batches, and keeps the cursor per reader', async () => {
    for (const label of ['r-1', 'r-2', 'r-3', 'r-4', 'r-5']) await inTx((tx) => insertEvent(tx, label));
    const seen: string[] = [];
    const collect = (tx: Tx) =>
      readEvents(tx, 'test-reader', { limit: 2 }, async (batch) => {
        seen.push(...objectsOf(batch));
      });
    await eventually(async () => {
      while ((await inTx(collect)) > 0) {}
      expect(seen).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
    });
    // A later event reaches the same reader alone; another reader starts from the beginning.
    await inTx((tx) => insertEvent(tx, 'r-6'));
    await eventually(async () => {
      await inTx(collect);
      expect(seen.at(-1)).toBe('r-6');
    });
    expect(seen.filter((o) => o === 'r-6')).toHaveLength(1);
    const other: string[] = [];
    await eventually(async () => {
      await inTx((tx) =>
        readEvents(tx, 'other-reader', { limit: 100 }, async (b) => {
          other.push(...objectsOf(b));
        }),
      );
      expect(other).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5', 'r-6']);
    });
  });

  it('moves no cursor when the handler fails: the batch comes again', async () => {
    await inTx((tx) => insertEvent(tx, 'r-fail'));
    await eventually(() =>
      expect(
        inTx((tx) =>
          readEvents(tx, 'failing-reader', { limit: 100 }, async () => {
            throw new Error('webhook target down');
          }),
        ),
      ).rejects.toThrow('webhook target down'),
    );
    const [cursor] = await h.database.primary
      .select()
      .from(eventCursors)
      .where(eq(eventCursors.reader, 'failing-reader'));
    expect(cursor).toBeUndefined();
    const again = await inTx((tx) => readEvents(tx, 'failing-reader', { limit: 100 }, async () => {}));
    expect(again).toBeGreaterThan(0);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL only (PGlite runs one transaction at a time): skips no event of a slow transaction that commits after a faster one',
    async () => {
      const { next: start } = await inTx((tx) => eventsAfter(tx, START, { limit: 100_000 }));
      // The earlier tests' events may come after `start` (read while a transaction elsewhere was open).
      const ofThisTest = (rows: { object: string }[]) =>
        objectsOf(rows).filter((o) => o === 'r-slow' || o === 'r-fast');
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let inserted!: () => void;
      const slowInserted = new Promise<void>((r) => {
        inserted = r;
      });
      const slow = inTx(async (tx) => {
        await insertEvent(tx, 'r-slow'); // the lower id
        inserted();
        await held;
      });
      await slowInserted;
      await inTx((tx) => insertEvent(tx, 'r-fast')); // a higher id, committed first
      const whileRunning = await inTx((tx) => eventsAfter(tx, start, { limit: 100 }));
      // Nothing past the running transaction: reading r-fast now would move the cursor past r-slow.
      expect(ofThisTest(whileRunning.events)).toEqual([]);
      release();
      await slow;
      await eventually(async () => {
        const after = await inTx((tx) => eventsAfter(tx, start, { limit: 100 }));
        expect(ofThisTest(after.events)).toEqual(['r-slow', 'r-fast']);
      });
    },
  );
});
