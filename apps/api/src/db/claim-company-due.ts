/**
 * A company's due rows on its own clock, batch by batch: the shape of the business jobs that act on rows
 * whose day has come and call another server for each (dunning/retries.ts: a gateway; debt-collection/
 * handover-due.ts: the agency). As shared/BILLING.md "The billing run" has it:
 *
 * 1. one short transaction claims a batch of the company's rows due on its today (`claimDue`, FOR UPDATE
 *    SKIP LOCKED: two runs at once never take the same row) and does the batch's database work (`take`),
 *    which answers what is left to do once it committed;
 * 2. after the commit, outside any transaction, `after` does that (the network call, then its answer in a
 *    short transaction of its own).
 *
 * A row claimed once is not claimed again in the same walk, also when `take` left it due (a charge that
 * could not start, an invoice whose payment is in progress): the next run looks at it again.
 */
import { and, eq, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { companyToday } from '../company-time.ts';
import type { Ctx, Transact } from '../context.ts';
import { claimDue } from './claim.ts';

export interface CompanyDueQuery {
  table: PgTable;
  id: PgColumn;
  /** The table's company column: only `ctx.companyId`'s rows are claimed. */
  company: PgColumn;
  /** What makes a row due on the company's `today` (the company's date, by its clock). */
  due: (today: string) => SQL | undefined;
  /** The order rows are taken in (oldest due first); the id breaks ties. */
  order: PgColumn;
  /** Rows claimed per transaction. */
  limit: number;
}

export interface CompanyDueWork<W> {
  /** In the claiming transaction, the batch's database work; answers what to do after the commit. */
  take(tx: Ctx, ids: number[]): Promise<W[]>;
  /** After the commit, outside any transaction: one of the items `take` answered. */
  after(ctx: Ctx, item: W): Promise<void>;
}

/** Walks `ctx.companyId`'s due rows; answers how many were claimed and how many items were done after. */
export async function walkCompanyDue<W>(
  ctx: Ctx,
  transact: Transact,
  query: CompanyDueQuery,
  work: CompanyDueWork<W>,
): Promise<{ claimed: number; done: number }> {
  const today = await companyToday(ctx);
  const tried: number[] = [];
  let claimed = 0;
  let done = 0;
  for (;;) {
    const batch = await transact(async (tx) => {
      const ids = await claimDue(tx.db, {
        table: query.table,
        id: query.id,
        due: and(
          eq(query.company, tx.companyId),
          query.due(today),
          tried.length > 0 ? notInArray(query.id, [...tried]) : undefined,
        )!,
        order: query.order,
        limit: query.limit,
      });
      return { ids, items: ids.length > 0 ? await work.take(tx, ids) : [] };
    });
    if (batch.ids.length === 0) return { claimed, done };
    tried.push(...batch.ids);
    claimed += batch.ids.length;
    for (const item of batch.items) {
      await work.after(ctx, item);
      done += 1;
    }
  }
}
