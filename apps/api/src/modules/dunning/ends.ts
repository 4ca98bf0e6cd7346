/**
 * What a dunning does outside its own row: the order's tag ("in dunning" while retries run, cleared by
 * a recovery, "dunning-cancelled" with a cancelled subscription), the subscription cancelled through
 * its own table, and the hand-over to debt collection as an event (the debt-collection module, later,
 * reads events). All in the caller's transaction, with the dunning row locked, so an end happens once
 * and together with its events.
 */
import { type AfterLastRetry, DUNNING_TEXTS } from '@rentloop/domain/dunning';
import type { OrderSubStatus } from '@rentloop/domain/enums';
import { SUBSCRIPTION_TRANSITIONS } from '@rentloop/domain/subscriptions';
import { refusal } from '@rentloop/domain/transitions';
import { and, count, eq, ne } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { dunnings, invoices, orders } from '../../db/schema/index.ts';
import { toDecimal } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { setTag } from '../orders/tags.ts';
import { runSubscriptionAction } from '../subscriptions/changes.ts';
import { subscriptionRow } from '../subscriptions/records.ts';

type DunningRow = typeof dunnings.$inferSelect;

async function orderTag(ctx: Ctx, orderId: number): Promise<OrderSubStatus | null> {
  const [row] = await ctx.db
    .select({ tag: orders.tag })
    .from(orders)
    .where(and(eq(orders.company_id, ctx.companyId), eq(orders.id, orderId)))
    .for('update');
  return (row?.tag as OrderSubStatus | null | undefined) ?? null;
}

/** The order goes "in dunning" when retries begin (with tag history, as staff's tags). */
export async function tagInDunning(ctx: Ctx, orderId: number): Promise<void> {
  if ((await orderTag(ctx, orderId)) !== 'in dunning') await setTag(ctx, orderId, 'in dunning', null);
}

/**
 * A recovery takes the "in dunning" tag off again (back to no tag), unless another payment of the
 * order is still in dunning or staff have tagged the order otherwise meanwhile.
 */
export async function untagRecovered(ctx: Ctx, dunning: DunningRow): Promise<void> {
  if ((await orderTag(ctx, dunning.order_id)) !== 'in dunning') return;
  const [others] = await ctx.db
    .select({ n: count() })
    .from(dunnings)
    .where(
      and(
        eq(dunnings.company_id, ctx.companyId),
        eq(dunnings.order_id, dunning.order_id),
        eq(dunnings.status, 'active'),
        ne(dunnings.id, dunning.id),
      ),
    );
  if (Number(others?.n ?? 0) === 0) await setTag(ctx, dunning.order_id, null, null);
}

/**
 * The configured end after the last retry. `cancel_subscription`: the subscription is cancelled through
 * its table with the reason (a subscription staff already ended or cancelled stays as it is) and the
 * order tagged "dunning-cancelled"; `debt_collection`: the event the debt-collection module reads (it files the claim
 * `handover_after_days` after `last_reminder_due_on`, decision 84);
 * `nothing`: staff decide. Answers what it did, for the dunning's `ended` event.
 */
export async function runEndAction(
  ctx: Ctx,
  dunning: DunningRow,
  end: AfterLastRetry,
): Promise<{ subscription_cancelled: boolean }> {
  if (end === 'cancel_subscription') {
    const subscription = await subscriptionRow(ctx, dunning.subscription_id, { lock: true });
    const status = subscription.status;
    if (refusal(SUBSCRIPTION_TRANSITIONS, 'cancel', status, { status }) !== null)
      return { subscription_cancelled: false };
    await runSubscriptionAction(
      ctx,
      dunning.subscription_id,
      'cancel',
      DUNNING_TEXTS.subscriptionCancelledReason,
      // Churn counted by reason: a cancellation by dunning is a payment problem.
      { code: 'payment_issue', text: DUNNING_TEXTS.subscriptionCancelledReason },
    );
    await setTag(ctx, dunning.order_id, 'dunning-cancelled', null);
    return { subscription_cancelled: true };
  }
  if (end === 'debt_collection') {
    const [invoice] = await ctx.db
      .select({
        number: invoices.number,
        gross: invoices.gross,
        currency: invoices.currency,
        customer_id: invoices.customer_id,
      })
      .from(invoices)
      .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, dunning.invoice_id)));
    await recordEvent(ctx, {
      type: 'dunning.handed_to_debt_collection',
      object: 'dunning',
      objectId: dunning.id,
      payload: {
        invoice_id: dunning.invoice_id,
        invoice_number: invoice?.number ?? null,
        recurring_payment_id: dunning.recurring_payment_id,
        order_id: dunning.order_id,
        subscription_id: dunning.subscription_id,
        customer_id: invoice?.customer_id ?? null,
        amount: invoice ? toDecimal(invoice.gross, invoice.currency) : null,
        currency: invoice?.currency ?? null,
        // The date the last reminder gave the customer: its retry's (the one that just failed); a
        // dunning allowed no retry ends on its first failure's day. The hand-over counts from it.
        last_reminder_due_on: dunning.next_attempt_on ?? (await companyToday(ctx)),
      },
    });
  }
  return { subscription_cancelled: false };
}
