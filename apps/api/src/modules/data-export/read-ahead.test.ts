/**
 * readAhead (the data export's batches): the source's items in its order, none lost or repeated; the
 * next item asked for while the caller works on the current one, never more than one ahead; a failure
 * of the source surfaces where the caller awaits it; stopping early closes the source.
 */
import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A source of `n` items that records how many it was asked for and whether it was closed. */
function source(n: number, failAt?: number) {
  const seen = { asked: 0, closed: false };
  async function* items() {
    try {
      for (let i = 0; i < n; i++) {
        seen.asked = i + 1;
        await tick();
        if (i === failAt) throw new Error(`item ${i} failed`);
        yield i;
      }
    } finally {
      seen.closed = true;
    }
  }
  return { seen, items: items() };
}

describe('readAhead', () => {
  it('yields every item in order, asking for the next while the caller works, one ahead at most', async () => {
    const { seen, items } = source(7);
    const got: number[] = [];
    for await (const item of readAhead(items)) {
      // The next item is already asked for while this one is worked on, and no more.
      await tick();
      await tick();
      expect(seen.asked).toBe(Math.min(item + 2, 7));
      got.push(item);
    }
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seen.closed).toBe(true);
  });

  it('passes on an empty source', async () => {
    const got: number[] = [];
    for await (const item of readAhead(source(0).items)) got.push(item);
    expect(got).toEqual([]);
  });

  it("surfaces the source's failure at the item that failed, after the ones before it", async () => {
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source(5, 3).items)) got.push(item);
      })(),
    ).rejects.toThrow('item 3 failed');
    expect(got).toEqual([0, 1, 2]);
  });

  it('closes the source when the caller stops early, the item read ahead dropped', async () => {
    const { seen, items } = source(10);
    await expect(
      (async () => {
        for await (const item of readAhead(items)) if (item === 2) throw new Error('writer failed');
      })(),
    ).rejects.toThrow('writer failed');
    expect(seen.asked).toBe(4);
    expect(seen.closed).toBe(true);
  });
});
