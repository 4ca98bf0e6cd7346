/**
 * The business job `dunning-retries` (jobs/business-jobs.ts): each business day, the retries that are
 * due in a company. It works as the billing run does (shared/BILLING.md "The billing run"), which is
 * `chargeInvoice` split so the claim and the attempt share one transaction:
 *
 * 1. one short transaction claims a batch of active dunnings whose `next_attempt_on` is the company's
 *    today or earlier (`claimDue`, FOR UPDATE SKIP LOCKED) and starts each one's charge (`startCharge`:
 *    the invoice `pending payment`, the attempt committed `processing`), each in a savepoint;
 * 2. the gateway is called for each attempt outside any transaction;
 * 3. each answer is recorded in a short transaction of its own (`recordOutcome`, which moves the
 *    dunning on: payments/charge.ts calls dunning/outcomes.ts).
 *
 * Safe to run again on the same day, also at the same time: a second run skips rows the first holds,
 * and once the first committed its attempts, the invoice's own table refuses a second charge while one
 * is open (409), and the recorded answer moves the dunning's date past today. A retry whose charge
 * cannot start (the gateway switched off, no payment method, an attempt still unknown) stays due and
 * is tried again on the next run, when the cause may be gone.
 */
import { and, eq, lte, notInArray } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import { type Ctx, type Transact, withDb } from '../../context.ts';
import { claimDue } from '../../db/claim.ts';
import { dunnings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import type { BusinessJob } from '../companies/business-jobs.ts';
import { callGateway, recordOutcome, startCharge } from '../payments/charge.ts';

/** Dunnings claimed per transaction. */
const BATCH = 25;

type Started = Awaited<ReturnType<typeof startCharge>>;

/** Claims due dunnings not tried in this run yet, and starts their charges; answers the claimed ids too. */
async function claimAndStart(
  ctx: Ctx,
  today: string,
  tried: readonly number[],
): Promise<{ ids: number[]; started: Started[] }> {
  const ids = await claimDue(ctx.db, {
    table: dunnings,
    id: dunnings.id,
    due: and(
      eq(dunnings.company_id, ctx.companyId),
      eq(dunnings.status, 'active'),
      lte(dunnings.next_attempt_on, today),
      tried.length > 0 ? notInArray(dunnings.id, [...tried]) : undefined,
    )!,
    order: dunnings.next_attempt_on,
    limit: BATCH,
  });
  const started: Started[] = [];
  for (const id of ids) {
    const [row] = await ctx.db
      .select({ invoice_id: dunnings.invoice_id, step: dunnings.step })
      .from(dunnings)
      .where(and(eq(dunnings.company_id, ctx.companyId), eq(dunnings.id, id)));
    if (!row) continue;
    try {
      // A savepoint each: one refusal must not undo the batch's other attempts.
      started.push(
        await ctx.db.transaction((sp) =>
          startCharge(withDb(ctx, sp), row.invoice_id, `Dunning retry ${row.step}`),
        ),
      );
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
    }
  }
  return { ids, started };
}

/** Makes the due retries of `ctx.companyId` at `ctx.clock`; answers how many charges it made. */
export async function runDunningRetries(ctx: Ctx, transact: Transact): Promise<number> {
  const today = await companyToday(ctx);
  const tried: number[] = [];
  let charged = 0;
  for (;;) {
    const { ids, started } = await transact((tx) => claimAndStart(tx, today, tried));
    if (ids.length === 0) return charged;
    tried.push(...ids);
    for (const { attempt, method } of started) {
      const outcome: GatewayOutcome = await callGateway(ctx, attempt, method);
      await transact((tx) => recordOutcome(tx, attempt.id, outcome));
      charged += 1;
    }
  }
}

export const dunningRetriesJob: BusinessJob = { name: 'dunning-retries', run: runDunningRetries };
