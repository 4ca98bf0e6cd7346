/**
 * Recurring payments created ahead (shared/BILLING.md "The billing run"): for every subscription that
 * bills, one row per billing period whose start falls within the next `LEAD_DAYS` of the company's
 * today, `scheduled`, due on its first day (periods are paid in advance; the first one was the order's
 * own payment). `UNIQUE(subscription_id, period_start)` makes a re-run a no-op, and the subscription's
 * `next_billing_date` moves to the boundary after the last period made, in the same transaction.
 *
 * The amount is the subscription's price times its quantity (gross or net as the order was priced:
 * the invoice applies the order's tax rule), less what the order's voucher takes off that payment when
 * it covers later payments too (periodVoucherDiscounts; a fixed amount shared over the order's
 * subscriptions of that period).
 */
import { addDays, addPeriods, periodIndexOn } from '@rentloop/domain/billing-periods';
import { periodVoucherDiscounts } from '@rentloop/domain/recurring-payments';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx, Transact } from '../../context.ts';
import { claimDue } from '../../db/claim.ts';
import { orders, recurringPayments, subscriptions } from '../../db/schema/index.ts';
import { recordEvents } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { recurringPaymentMachine } from '../invoices/machine.ts';
import { recurringVoucherOfOrder } from '../vouchers/service.ts';

/** How far ahead periods are made: staff and customers see the next payment a week before it is due. */
export const LEAD_DAYS = 7;
/** Subscriptions handled per transaction. */
const BATCH = 200;
/** The statuses that are billed: running, or running to the end of a requested cancellation. */
export const BILLED_STATUSES = ['active', 'cancellation requested'] as const;

type Sub = typeof subscriptions.$inferSelect;

/** Whether period `start` is still billed: a subscription without auto-renewal stops at its term's end. */
const billsPeriod = (s: Sub, start: string) => s.auto_renew || start < s.minimum_term_end;

/** The voucher's share of `s`'s amount for its period `n`, over the order's subscriptions of that period. */
async function voucherShare(ctx: Ctx, s: Sub, voucherId: number | null, n: number, amount: bigint) {
  if (voucherId === null) return 0n;
  const voucher = await recurringVoucherOfOrder(ctx, voucherId);
  if (!voucher) return 0n;
  const siblings = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.company_id, ctx.companyId),
        eq(subscriptions.order_id, s.order_id),
        eq(subscriptions.frequency, s.frequency),
        eq(subscriptions.interval, s.interval),
        eq(subscriptions.start_date, s.start_date),
        inArray(subscriptions.status, [...BILLED_STATUSES]),
      ),
    )
    .orderBy(asc(subscriptions.id));
  const items = siblings.map((x) => ({
    product_id: x.product_id,
    amount: x.id === s.id ? amount : x.price * BigInt(x.quantity),
  }));
  const shares = periodVoucherDiscounts(voucher, n + 1, items);
  return shares[siblings.findIndex((x) => x.id === s.id)] ?? 0n;
}

/** Makes the due periods of one locked subscription; answers how many rows were new. */
async function makePeriods(ctx: Ctx, s: Sub, horizon: string, voucherId: number | null): Promise<number> {
  let next = s.next_billing_date;
  let made = 0;
  const now = ctx.clock.now().toISOString();
  // A period from the day a scheduled end takes effect is not made (the end runs first that day); the
  // billing date stays, so a withdrawn end bills on as before.
  const until = s.end_scheduled_on;
  while (next !== null && next <= horizon && (until === null || next < until)) {
    const n = periodIndexOn(s.start_date, s.frequency, s.interval, next);
    if (n === null || !billsPeriod(s, next)) {
      // Off the anchored boundaries (an imported date) or past a term that does not renew: nothing more.
      next = null;
      break;
    }
    const end = addDays(addPeriods(s.start_date, s.frequency, s.interval, n + 1), -1);
    const gross = s.price * BigInt(s.quantity);
    const amount = gross - (await voucherShare(ctx, s, voucherId, n, gross));
    const [row] = await ctx.db
      .insert(recurringPayments)
      .values({
        company_id: ctx.companyId,
        subscription_id: s.id,
        order_id: s.order_id,
        customer_id: s.customer_id,
        period_start: next,
        period_end: end,
        due_date: next,
        amount,
        status: 'scheduled',
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing()
      .returning({ id: recurringPayments.id });
    if (row) {
      made += 1;
      await recordEvents(ctx, [
        {
          type: 'recurring_payment.created',
          object: 'recurring_payment',
          objectId: row.id,
          payload: { subscription_id: s.id, period_start: next, amount: String(amount) },
        },
      ]);
    }
    next = addPeriods(s.start_date, s.frequency, s.interval, n + 1);
  }
  await ctx.db
    .update(subscriptions)
    .set({ next_billing_date: next, updated_at: now })
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, s.id)));
  return made;
}

/**
 * The business job's work: every billed subscription whose next billing date is within the lead,
 * claimed in batches (two runs at once take different subscriptions), its periods made.
 */
export async function createRecurringPayments(ctx: Ctx, transact: Transact): Promise<number> {
  const horizon = addDays(await companyToday(ctx), LEAD_DAYS);
  let made = 0;
  for (;;) {
    const batch = await transact(async (tx) => {
      const ids = await claimDue(tx.db, {
        table: subscriptions,
        id: subscriptions.id,
        due: and(
          eq(subscriptions.company_id, tx.companyId),
          inArray(subscriptions.status, [...BILLED_STATUSES]),
          isNotNull(subscriptions.next_billing_date),
          lte(subscriptions.next_billing_date, horizon),
          // Billed up to a scheduled end: nothing to make from its day on (else claimed again for ever).
          or(
            isNull(subscriptions.end_scheduled_on),
            lt(subscriptions.next_billing_date, subscriptions.end_scheduled_on),
          ),
        )!,
        order: subscriptions.next_billing_date,
        limit: BATCH,
      });
      if (ids.length === 0) return null;
      const rows = await tx.db
        .select({ sub: subscriptions, voucherId: orders.voucher_id })
        .from(subscriptions)
        .innerJoin(
          orders,
          and(eq(orders.company_id, subscriptions.company_id), eq(orders.id, subscriptions.order_id)),
        )
        .where(and(eq(subscriptions.company_id, tx.companyId), inArray(subscriptions.id, ids)))
        .orderBy(asc(subscriptions.id));
      let n = 0;
      for (const r of rows) n += await makePeriods(tx, r.sub, horizon, r.voucherId);
      return n;
    });
    if (batch === null) return made;
    made += batch;
  }
}

/**
 * A subscription that stops billing (ended, cancelled, paused): its payments made ahead for periods
 * that have not begun (scheduled or parked) are cancelled through their table, each with its event.
 * `from`: the periods from that day on (a scheduled end: the period beginning on the end day too).
 */
export async function cancelUpcomingPayments(
  ctx: Ctx,
  subscriptionId: number,
  from?: string,
): Promise<number> {
  const today = await companyToday(ctx);
  const rows = await ctx.db
    .select({ id: recurringPayments.id })
    .from(recurringPayments)
    .where(
      and(
        eq(recurringPayments.company_id, ctx.companyId),
        eq(recurringPayments.subscription_id, subscriptionId),
        inArray(recurringPayments.status, ['scheduled', 'parked']),
        from === undefined
          ? gt(recurringPayments.period_start, today)
          : gte(recurringPayments.period_start, from),
      ),
    );
  for (const r of rows)
    await transition(ctx, recurringPaymentMachine, r.id, 'cancel', { guard: { due: false } });
  return rows.length;
}
