/**
 * db/queries-in-turn.ts: reads side by side on one transaction's connection run one after another, in the
 * order asked, with their own answers, and pg never queues a query behind a busy client (its deprecation
 * warning for pg 9). PostgreSQL only: PGlite has no node-postgres client.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';

const server = process.env.DATABASE_URL;

describe.runIf(server)(
  'queries side by side on one connection (PostgreSQL only: PGlite has no pg client)',
  () => {
    it('run in turn, each with its own answer and error, and pg queues none behind a busy client', async () => {
      const t = await createTestDatabase();
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.message);
      process.on('warning', onWarning);
      try {
        const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
        const answers = await t.database.primary.transaction(async (tx) => {
          const started: number[] = [];
          const ask = (n: number, sleep: number) => {
            started.push(n);
            return tx.execute(sql`SELECT ${n}::int AS n, pg_sleep(${sleep}), clock_timestamp() AS at`);
          };
          const all = await Promise.allSettled([
            ask(1, 0.05),
            tx.execute(sql`SELECT 1 / 0`),
            ask(2, 0),
            ask(3, 0.02),
          ]);
          return { all, started };
        });
        const [one, failed, two, three] = answers.all;
        expect(failed?.status).toBe('rejected');
        // A failed statement aborts the transaction: the ones after it answer that, in turn, not a wrong row.
        expect(one?.status).toBe('fulfilled');
        expect(rows((one as PromiseFulfilledResult<unknown>).value)[0]?.n).toBe(1);
        for (const later of [two, three]) expect(later?.status).toBe('rejected');

        // Outside a failed transaction: every answer its own, in the order asked.
        const times = await t.database.primary.transaction(async (tx) =>
          Promise.all(
            [0.04, 0, 0.02].map(async (s, i) => {
              const r = rows(
                await tx.execute(sql`SELECT ${i}::int AS n, pg_sleep(${s}), clock_timestamp() AS at`),
              );
              return { n: r[0]?.n, at: new Date(String(r[0]?.at)).getTime() };
            }),
          ),
        );
        expect(times.map((x) => x.n)).toEqual([0, 1, 2]);
        expect(times[0]!.at).toBeLessThanOrEqual(times[1]!.at);
        expect(times[1]!.at).toBeLessThanOrEqual(times[2]!.at);
        await new Promise((r) => setImmediate(r));
        expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
      } finally {
        process.off('warning', onWarning);
        await t.drop();
      }
    });
  },
);
