/**
 * The business job `dunning-retries` (jobs/business-jobs.ts): each business day, the retries that are
 * due in a company. It works as the billing run does (shared/BILLING.md "The billing run"), which is
 * `chargeInvoice` split so the claim and the attempt share one transaction:
 *
 * 1. one short transaction claims a batch of active dunnings whose `next_attempt_on` is the company's
 *    today or earlier (`walkCompanyDue`, db/claim-company-due.ts: FOR UPDATE SKIP LOCKED) and starts each one's charge (`startCharge`:
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
import { and, eq, lte } from 'drizzle-orm';
import { type Ctx, type Transact, withDb } from '../../context.ts';
import { walkCompanyDue } from '../../db/claim-company-due.ts';
import { dunnings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import type { BusinessJob } from '../companies/business-jobs.ts';
import { callGateway, recordOutcome, startCharge } from '../payments/charge.ts';

/** Dunnings claimed per transaction. */
const BATCH = 25;

type Started = Awaited<ReturnType<typeof startCharge>>;

/** In the claiming transaction: the claimed dunnings' charges started, each in a savepoint. */
async function startRetries(ctx: Ctx, ids: number[]): Promise<Started[]> {
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
  return started;
}

/** Makes the due retries of `ctx.companyId` at `ctx.clock`; answers how many charges it made. */
export async function runDunningRetries(ctx: Ctx, transact: Transact): Promise<number> {
  const { done } = await walkCompanyDue(
    ctx,
    transact,
    {
      table: dunnings,
      id: dunnings.id,
      company: dunnings.company_id,
      due: (today) => and(eq(dunnings.status, 'active'), lte(dunnings.next_attempt_on, today)),
      order: dunnings.next_attempt_on,
      limit: BATCH,
    },
    {
      take: startRetries,
      async after(ctx, { attempt, method }) {
        const outcome: GatewayOutcome = await callGateway(ctx, attempt, method);
        await transact((tx) => recordOutcome(tx, attempt.id, outcome));
      },
    },
  );
  return done;
}

export const dunningRetriesJob: BusinessJob = { name: 'dunning-retries', run: runDunningRetries };
