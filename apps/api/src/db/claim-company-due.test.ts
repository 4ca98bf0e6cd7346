/**
 * `walkCompanyDue` (db/claim-company-due.ts): the company's rows due on its today only, in batches, each
 * claimed once per walk (also one its work left due), and the work after each batch's commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withDb } from '../context.ts';
import { testCtx } from '../testing/ctx.ts';
import { createCompany, useHarness } from '../testing/harness.ts';
import { walkCompanyDue } from './claim-company-due.ts';
import { events } from './schema/index.ts';

const h = useHarness();

describe('walkCompanyDue', () => {
  it('claims the company’s due rows once each, batch by batch, and works after each commit', async () => {
    const [a, b] = [await createCompany(h.database), await createCompany(h.database)];
    const insert = (companyId: number, type: string, count: number) =>
      h.database.primary
        .insert(events)
        .values(
          Array.from({ length: count }, (_, i) => ({
            company_id: companyId,
            type,
            object: 'work',
            object_id: i + 1,
          })),
        )
        .returning({ id: events.id });
    const ours = (await insert(a.id, 'walk.due', 5)).map((r) => r.id);
    await insert(a.id, 'walk.not-due', 2);
    await insert(b.id, 'walk.due', 3);

    const ctx = testCtx(h.database.primary, a.id);
    const transact = <T>(work: (c: typeof ctx) => Promise<T>) =>
      h.database.primary.transaction((tx) => work(withDb(ctx, tx)));
    const log: string[] = [];
    let seenToday = '';
    const result = await walkCompanyDue(
      ctx,
      transact,
      {
        table: events,
        id: events.id,
        company: events.company_id,
        due: (today) => {
          seenToday = today;
          return and(eq(events.type, 'walk.due'), sql`${today}::date IS NOT NULL`);
        },
        order: events.object_id,
        limit: 2,
      },
      {
        // Leaves every row due: the walk must still not take one twice.
        async take(_tx, ids) {
          log.push(`take ${ids.join(',')}`);
          return ids.filter((id) => id % 2 === 0);
        },
        async after(_ctx, id) {
          log.push(`after ${id}`);
        },
      },
    );

    expect(seenToday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result).toEqual({ claimed: 5, done: ours.filter((id) => id % 2 === 0).length });
    const batches = [ours.slice(0, 2), ours.slice(2, 4), ours.slice(4)];
    expect(log).toEqual(
      batches.flatMap((ids) => [
        `take ${ids.join(',')}`,
        ...ids.filter((id) => id % 2 === 0).map((id) => `after ${id}`),
      ]),
    );
  });
});
