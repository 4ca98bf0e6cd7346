/**
 * The money side of a demo company's history (demo-orders.ts): what time passing and staff do with
 * payments, each through the product's own functions under the day's clock, never by writing rows.
 *
 * - Each day begins with the business jobs (jobs/business-jobs.ts), exactly as the hourly cron and an
 *   operator's advance of a test company's clock run them: recurring payments created ahead, the billing
 *   run issuing numbered invoices and charging them, dunning, reconciliation.
 * - Staff charge a new order's initial payment (`chargeOrder`, as the order page's Charge does), outside
 *   the day's transaction as the route does.
 * - Staff book the bank transfers that arrive (`settleInvoice`, as POST invoices/{id}/settle does) a few
 *   days after an offline invoice was issued; a few customers never pay, so their invoices stay open.
 * - The bank returns a few booked debits, and dunning takes them on (demo-returns.ts).
 */
import { nextBillingDate } from '@rentloop/domain/billing-periods';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { companyToday } from '../company-time.ts';
import type { Clock, Ctx, Transact } from '../context.ts';
import { invoices, subscriptions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { BUSINESS_JOBS } from '../jobs/business-jobs.ts';
import { chargeOrder } from '../modules/payments/order-charge.ts';
import { BILLED_STATUSES } from '../modules/recurring-payments/schedule.ts';
import type { prng } from './demo-customers.ts';

/**
 * Runs `fn` outside any transaction with `clock` as its "now": `ctx.db` is the primary, `transact`
 * opens a short audited transaction (the shape of a job, and of a route that calls out).
 */
export type Outside = <T>(clock: Clock, fn: (ctx: Ctx, transact: Transact) => Promise<T>) => Promise<T>;

type Rng = ReturnType<typeof prng>;

/** Share of orders whose initial payment staff charge (the others still owe it: "payment required"). */
const CHARGED_PERCENT = 92;
/** Share of offline invoices whose transfer arrives (the others stay open, unpaid). */
const PAID_PERCENT = 94;

/**
 * The day the company moved its billing to Rentloop: the running subscriptions were billed elsewhere up
 * to it, so each is billed here from its next period boundary on, not for every period since it began
 * (which the billing run would otherwise catch up on at once).
 */
export async function startBilling(ctx: Ctx): Promise<void> {
  const today = await companyToday(ctx);
  const behind = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.company_id, ctx.companyId),
        inArray(subscriptions.status, [...BILLED_STATUSES]),
        lte(subscriptions.next_billing_date, today),
      ),
    );
  for (const sub of behind)
    await ctx.db
      .update(subscriptions)
      .set({ next_billing_date: nextBillingDate(sub.start_date, sub.frequency, sub.interval, today) })
      .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, sub.id)));
}

/** The day's business jobs for the company, in the order a day runs them. */
export async function runBusinessJobs(outside: Outside, clock: Clock): Promise<void> {
  await outside(clock, async (ctx, transact) => {
    for (const job of BUSINESS_JOBS) await job.run(ctx, transact);
  });
}

/** Whether staff charge this new order's initial payment (decided once per order, from the demo's seed). */
export const chargesInitialPayment = (rng: Rng) => rng.int(1, 100) <= CHARGED_PERCENT;

/**
 * Staff charge the order's initial payment. An order that no longer owes it (cancelled meanwhile, or
 * nothing to pay) is refused as it would be on the order page, and left alone.
 */
export async function chargeInitialPayment(ctx: Ctx, transact: Transact, orderId: number): Promise<void> {
  try {
    await chargeOrder(ctx, transact, orderId);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')) return;
    throw error;
  }
}

/**
 * The bank transfers to expect: every offline invoice waiting for its money that was issued since the
 * last look (`afterId`), each given the day its transfer arrives, or none (never paid). Answers the
 * highest invoice id seen, for the next look.
 */
export async function expectTransfers(
  ctx: Ctx,
  rng: Rng,
  afterId: number,
  arrives: (invoiceId: number, reference: string, inDays: number, recurring: boolean) => void,
): Promise<number> {
  const waiting = await ctx.db
    .select({ id: invoices.id, number: invoices.number, recurring: invoices.recurring_payment_id })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        gt(invoices.id, afterId),
        eq(invoices.gateway, 'offlinegateway'),
        eq(invoices.payment_status, 'pending payment'),
      ),
    )
    .orderBy(asc(invoices.id));
  for (const invoice of waiting) {
    if (rng.int(1, 100) > PAID_PERCENT) continue;
    arrives(invoice.id, `TRF-${invoice.number ?? invoice.id}`, rng.int(1, 9), invoice.recurring !== null);
  }
  return waiting.at(-1)?.id ?? afterId;
}
