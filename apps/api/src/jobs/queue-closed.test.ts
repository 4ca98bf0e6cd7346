/**
 * pg-boss on a closed embedded database: pg-boss records a job's end without awaiting it, and a worker whose
 * fetch was in flight when the queue stopped runs what it fetched after the stop. Its executor must then
 * answer nothing, as pg-boss's own pool does once stopped, never reject: such a rejection is one nobody
 * handles (seen once at the end of record-phase.test, the embedded database on its own thread).
 */
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { createBoss } from './queue.ts';

describe.each([
  ['in process', false],
  ['on its own thread', true],
])('the queue on an embedded database %s', (_, thread) => {
  it('answers until the database closes, and nothing after, without rejecting', async () => {
    const database = await openPglite(undefined, undefined, { thread });
    const db = createBoss(database).getDb();
    expect((await db.executeSql('SELECT 1 AS n', []))?.rows).toEqual([{ n: 1 }]);

    const closing = database.close();
    // Sent while the database closes: it may still run, or be answered with nothing; it never rejects.
    const late = db.executeSql('SELECT 2 AS n', []);
    await closing;
    const answer = await late;
    expect(answer === undefined || answer.rows[0]?.n === 2).toBe(true);

    await expect(db.executeSql('SELECT 3 AS n', [])).resolves.toBeUndefined();
    // What the queue is spared: the database's own executor refuses once closed.
    await expect(database.executor.executeSql('SELECT 4 AS n', [])).rejects.toThrow();
    // A fresh embedded database (initdb in WebAssembly) takes seconds, many on a loaded machine, as in
    // db/pglite-worker.test.ts.
  }, 300_000);
});
