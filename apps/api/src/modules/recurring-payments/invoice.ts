/**
 * The invoice of a recurring payment (invoice type "recurring payment"): one line, the subscription's
 * period, priced as the payment was made (its voucher share as the line's discount), taxed by the rule
 * the order was priced with, on the gateway of the order's first invoice (else the company's default).
 * One per recurring payment: a second call finds the first's (the payment charged again after a
 * failure keeps its invoice; only a new attempt is made).
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  invoices,
  orderItems,
  orders,
  type recurringPayments,
  subscriptions,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { defaultGateway, type InvoiceDraft, issueInvoice, orderTaxRule } from '../invoices/issue.ts';

type RecurringRow = typeof recurringPayments.$inferSelect;

/** The id of the recurring payment's invoice, issued now in the caller's transaction if it has none. */
export async function recurringInvoiceOf(
  ctx: Ctx,
  rp: RecurringRow,
): Promise<{ id: number; created: boolean }> {
  const same = (t: typeof invoices | typeof orders | typeof subscriptions | typeof orderItems) =>
    eq(t.company_id, ctx.companyId);
  const [existing] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    // With the type, the lookup is the partial unique index `invoices_recurring_payment_key`; without it
    // every charge of the billing run scanned all of the company's invoices (36 payments/s at 100,000).
    .where(
      and(same(invoices), eq(invoices.recurring_payment_id, rp.id), eq(invoices.type, 'recurring payment')),
    );
  if (existing) return { id: existing.id, created: false };

  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(same(subscriptions), eq(subscriptions.id, rp.subscription_id)));
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(same(orders), eq(orders.id, rp.order_id)));
  if (!sub || !order) throw notFound();
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(same(orderItems), eq(orderItems.order_id, order.id)));
  const [initial] = await ctx.db
    .select({ gateway: invoices.gateway })
    .from(invoices)
    .where(and(same(invoices), eq(invoices.order_id, order.id), eq(invoices.type, 'initial')));
  const draft = recurringDraft(rp, sub, order, items, initial?.gateway ?? (await defaultGateway(ctx)));
  const id = await issueInvoice(ctx, draft);
  return { id, created: true };
}

/**
 * What the recurring payment's invoice bills, from its subscription, order and order items (the same
 * for the billing run's batch, issue-phase.ts, and one by one above): one line, priced as the payment
 * was made.
 */
export function recurringDraft(
  rp: RecurringRow,
  sub: typeof subscriptions.$inferSelect,
  order: typeof orders.$inferSelect,
  items: readonly (typeof orderItems.$inferSelect)[],
  gateway: InvoiceDraft['gateway'],
): InvoiceDraft {
  const full = sub.price * BigInt(sub.quantity);
  return {
    type: 'recurring payment',
    customerId: rp.customer_id,
    buyer: { name: order.customer_name, email: order.customer_email, address: order.billing_address ?? null },
    gateway,
    rule: orderTaxRule(items),
    lines: [
      {
        description: sub.variant_name ? `${sub.product_name} – ${sub.variant_name}` : sub.product_name,
        quantity: sub.quantity,
        unit_amount: sub.price,
        discount: full - rp.amount,
        amount: rp.amount,
        tax_percent: String(Number(sub.tax_percent)),
        order_item_id: sub.order_item_id,
        subscription_id: sub.id,
        period_start: rp.period_start,
        period_end: rp.period_end,
      },
    ],
    orderId: order.id,
    subscriptionId: sub.id,
    recurringPaymentId: rp.id,
  };
}
