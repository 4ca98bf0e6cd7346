/**
 * One-time payments (spec 01 §3 "One-time payment", §7 "POST one-time-payments"): an invoice of type
 * `one time payment` issued through the one issue path (invoices/issue.ts: gapless number, the one tax
 * function) and charged on the order's payment method, exactly as an order's initial payment is
 * (order-charge.ts, charge.ts): (1) one short transaction issues the invoice and commits its attempt
 * `processing` with its provider key; (2) the gateway is called outside any transaction; (3) a short
 * transaction records the answer. A refusal before the attempt (no payment method, gateway not enabled)
 * rolls the issue back with it: no number is used, nothing is left half done.
 *
 * The buyout (modules/subscriptions/buyout.ts) is the same payment with its own invoice type, issued in
 * the transaction that ends the subscription.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { OneTimePaymentInput } from '@rentloop/domain/one-time-payments';
import { oneTimePaymentInputSchema } from '@rentloop/domain/one-time-payments';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx, Transact } from '../../context.ts';
import { invoices, orderItems, products, subscriptions, type transactions } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';
import { defaultGateway, type InvoiceDraft, issueInvoice, orderTaxRule } from '../invoices/issue.ts';
import { orderRow } from '../orders/records.ts';
import { callGateway, recordOutcome, startCharge } from './charge.ts';

type TxRow = typeof transactions.$inferSelect;
type Input = z.output<typeof oneTimePaymentInputSchema>;
type OrderRow = Awaited<ReturnType<typeof orderRow>>;
type Line = InvoiceDraft['lines'][number];

/** What a one-time invoice bills beyond its lines: its type, order and subscription. */
export interface OneTimeDraft {
  type: 'one time payment' | 'buyout';
  order: OrderRow;
  subscriptionId: number | null;
  lines: Line[];
}

/** A line of `amount` (unit) × `quantity` at `tax_percent`, for the subscription if it names one. */
export function oneTimeLine(
  description: string,
  unit: bigint,
  quantity: number,
  taxPercent: string,
  sub: { id: number; order_item_id: number | null } | null,
): Line {
  return {
    description,
    quantity,
    unit_amount: unit,
    discount: 0n,
    amount: unit * BigInt(quantity),
    tax_percent: String(Number(taxPercent)),
    order_item_id: sub?.order_item_id ?? null,
    subscription_id: sub?.id ?? null,
    period_start: null,
    period_end: null,
  };
}

/**
 * Issues the one-time invoice in the caller's transaction and starts its charge: on the gateway of the
 * order's initial invoice (the method the customer paid the order with), else the company's default;
 * taxed by the rule the order was priced with. Answers the attempt to send and its method.
 */
export async function issueAndStartOneTime(ctx: Ctx, draft: OneTimeDraft, message?: string | null) {
  const { order } = draft;
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, order.id)));
  const [initial] = await ctx.db
    .select({ gateway: invoices.gateway })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.order_id, order.id),
        eq(invoices.type, 'initial'),
      ),
    );
  const invoiceId = await issueInvoice(ctx, {
    type: draft.type,
    customerId: Number(order.customer_id),
    buyer: { name: order.customer_name, email: order.customer_email, address: order.billing_address ?? null },
    gateway: initial?.gateway ?? (await defaultGateway(ctx)),
    rule: orderTaxRule(items),
    lines: draft.lines,
    orderId: order.id,
    subscriptionId: draft.subscriptionId,
    recurringPaymentId: null,
  });
  return { invoiceId, ...(await startCharge(ctx, invoiceId, message ?? undefined)) };
}

/** Steps 2 and 3 of a started one-time charge: the gateway's answer, recorded. */
export async function finishOneTime(
  ctx: Ctx,
  transact: Transact,
  started: Awaited<ReturnType<typeof issueAndStartOneTime>>,
): Promise<TxRow> {
  const outcome = await callGateway(ctx, started.attempt, started.method);
  return transact((tx) => recordOutcome(tx, started.attempt.id, outcome));
}

/** The lines of a one-time payment from its payload (`products`, else `amount` as one line). */
async function linesOf(
  ctx: Ctx,
  input: Input,
  order: OrderRow,
  sub: typeof subscriptions.$inferSelect | null,
): Promise<Line[]> {
  const currency = await companyCurrency(ctx);
  const positive = (value: string, field: string) => {
    const minor = toMinor(value, currency, field) as bigint;
    if (minor <= 0n) throw invalid(field, MESSAGES.amountInvalid);
    return minor;
  };
  const subRef = sub ? { id: Number(sub.id), order_item_id: sub.order_item_id } : null;
  const lines: Line[] = [];
  for (const [i, p] of input.products.entries()) {
    let description = typeof p.product === 'string' ? p.product : '';
    if (typeof p.product === 'number') {
      const [product] = await ctx.db
        .select({ name: products.name })
        .from(products)
        .where(and(eq(products.company_id, ctx.companyId), eq(products.id, p.product)));
      if (!product) throw invalid(`products.${i}.product`, MESSAGES.productUnknown);
      description = product.name;
    }
    const unit = positive(p.amount, `products.${i}.amount`);
    lines.push(oneTimeLine(description, unit, p.quantity, p.tax_percent, subRef));
  }
  const amount = input.amount == null ? null : positive(input.amount, 'amount');
  if (lines.length > 0) {
    const total = lines.reduce((s, l) => s + l.amount, 0n);
    if (amount !== null && amount !== total)
      throw invalid('amount', MESSAGES.oneTimePaymentAmountMismatch(toDecimal(total, currency) as string));
    return lines;
  }
  // `amount` alone: one line at the subscription's rate, else at the rate of the order's first item.
  const [first] = await ctx.db
    .select({ tax_percent: orderItems.tax_percent })
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, order.id)))
    .orderBy(asc(orderItems.position))
    .limit(1);
  const rate = sub?.tax_percent ?? first?.tax_percent ?? '0';
  const description =
    input.message?.trim() || (sub ? `${sub.product_name} – one-time payment` : 'One-time payment');
  return [oneTimeLine(description.slice(0, 200), amount as bigint, 1, rate, subRef)];
}

/**
 * POST one-time-payments: the order (404 when not the company's or a draft), the subscription (404 when
 * not the company's; 422 on `subscription_id` when not of this order), the invoice issued and charged.
 */
export async function chargeOneTimePayment(
  ctx: Ctx,
  transact: Transact,
  body: OneTimePaymentInput,
): Promise<{ invoiceId: number; attempt: TxRow }> {
  const input = oneTimePaymentInputSchema.parse(body);
  const started = await transact(async (tx) => {
    const order = await orderRow(tx, input.order_id, { lock: true });
    if (order.status === 'draft') throw notFound();
    if (order.status !== 'open' && order.status !== 'fulfilled')
      throw new AppError('conflict', MESSAGES.oneTimePaymentOrderClosed);
    let sub: typeof subscriptions.$inferSelect | null = null;
    if (input.subscription_id != null) {
      [sub = null] = await tx.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.company_id, tx.companyId), eq(subscriptions.id, input.subscription_id)));
      if (!sub) throw notFound();
      if (Number(sub.order_id) !== order.id)
        throw invalid('subscription_id', MESSAGES.subscriptionNotOfOrder);
    }
    const lines = await linesOf(tx, input, order, sub);
    return issueAndStartOneTime(
      tx,
      { type: 'one time payment', order, subscriptionId: sub ? Number(sub.id) : null, lines },
      input.message,
    );
  });
  return { invoiceId: started.invoiceId, attempt: await finishOneTime(ctx, transact, started) };
}
