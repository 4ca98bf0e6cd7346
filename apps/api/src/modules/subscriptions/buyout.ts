/**
 * Buyouts (spec 01 §4: "Marking as bought out sets status ended with action bought_out, deletes the
 * recurring payments, then creates a one-time payment"; §7 GET subscriptions/{id}/buyout, POST
 * subscriptions/{id}/process-buyout {buyout_price, message}; docs/decisions.md "Buyouts").
 *
 * The offer is the product's buyout price in the catalog now (PUT products sets it), else the one kept on
 * the subscription when it was made, less what the customer actually paid on this subscription, read
 * from the records (invoices and their succeeded charges, less refunds).
 *
 * process-buyout writes everything in ONE transaction — the transition (status `ended`, action
 * `bought_out`, `bought_out_at`), the deletion of the payments not billed yet, the buyout invoice
 * (type `buyout`, gapless number) and its charge attempt `processing` — and calls the gateway after it,
 * as every charge does (payments/charge.ts). A declined charge leaves the subscription bought out and
 * the invoice `failed`, an open receivable retried as any one-time invoice is (decision "Buyouts").
 */
import type { BuyoutOffer } from '@rentloop/domain/one-time-payments';
import { isRefundInvoiceType } from '@rentloop/domain/refunds';
import { buyoutOffer, type subscriptionBuyoutSchema } from '@rentloop/domain/subscriptions';
import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx, Transact } from '../../context.ts';
import { dunnings, invoices, products, recurringPayments, type transactions } from '../../db/schema/index.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';
import { recordEvents } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { orderRow } from '../orders/records.ts';
import { finishOneTime, issueAndStartOneTime, oneTimeLine } from '../payments/one-time-payments.ts';
import { refundState } from '../payments/refunds.ts';
import { subscriptionMachine } from './machine.ts';
import { withReason } from './moves.ts';
import { subscriptionRow } from './records.ts';

type Sub = Awaited<ReturnType<typeof subscriptionRow>>;
type TxRow = typeof transactions.$inferSelect;

/** The buyout price: the catalog's now when the product has one, else the subscription's own. */
async function buyoutPriceOf(ctx: Ctx, sub: Sub) {
  if (sub.product_id !== null) {
    const [product] = await ctx.db
      .select({ buyout_price: products.buyout_price })
      .from(products)
      .where(and(eq(products.company_id, ctx.companyId), eq(products.id, sub.product_id)));
    if (product?.buyout_price != null) return { price: product.buyout_price, source: 'catalog' as const };
  }
  if (sub.buyout_price !== null) return { price: sub.buyout_price, source: 'subscription' as const };
  return { price: null, source: null };
}

/**
 * The invoices that pay toward the product: its rent (and the buyout itself). A one-time payment on the
 * subscription (a fee, a spare part) buys nothing of the product, so it is not counted.
 */
const RENT_TYPES: string[] = ['recurring payment', 'delayed payment', 'buyout'];

/** Half-up `a × b / c` in minor units (c > 0). */
const mulDiv = (a: bigint, b: bigint, c: bigint) => (2n * a * b + c) / (2n * c);

/**
 * What the customer paid on the subscription: for each invoice of its rent (`RENT_TYPES`), its succeeded charges less its refunds not failed; and from the order's initial invoice
 * (its first period), the unit's share of its line: what that invoice kept (paid − refunds) in
 * proportion of the line in the invoice's gross, divided by the line's units.
 */
export async function paidOnSubscription(ctx: Ctx, sub: Sub): Promise<bigint> {
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.order_id, sub.order_id)))
    .orderBy(asc(invoices.id));
  let paid = 0n;
  for (const row of rows) {
    if (row.status !== 'issued' || row.gross <= 0n) continue;
    if (isRefundInvoiceType(row.type) || row.type === 'cancellation') continue;
    if (row.subscription_id === sub.id && RENT_TYPES.includes(row.type)) {
      const s = await refundState(ctx, row);
      paid += s.paid - s.reserved;
    } else if (row.type === 'initial' && sub.order_item_id !== null) {
      const line = row.lines.find((l) => l.order_item_id === sub.order_item_id);
      if (!line || line.quantity <= 0) continue;
      const s = await refundState(ctx, row);
      const kept = s.paid - s.reserved;
      if (kept > 0n) paid += mulDiv(kept, BigInt(line.gross), row.gross * BigInt(line.quantity));
    }
  }
  return paid;
}

/** `GET subscriptions/{id}/buyout`: the offer; no buyout price anywhere: no offer (nulls). */
export async function buyoutQuote(ctx: Ctx, id: number): Promise<BuyoutOffer> {
  const sub = await subscriptionRow(ctx, id);
  const currency = await companyCurrency(ctx);
  const { price, source } = await buyoutPriceOf(ctx, sub);
  const paid = await paidOnSubscription(ctx, sub);
  return {
    buyout_price: toDecimal(price, currency),
    source,
    paid_so_far: toDecimal(paid, currency) as string,
    amount_due:
      price === null ? null : toDecimal(buyoutOffer({ buyout_price: price, paid_so_far: paid }), currency),
    currency,
    bought_out_at: sub.bought_out_at,
  };
}

/**
 * Deletes the subscription's payments not billed yet (spec 01 §4 "deletes the recurring payments"):
 * scheduled or parked, with no invoice and no dunning. A payment already invoiced is a legal document's
 * subject and stays (paid, pending, or failed and owed).
 */
async function deleteUnbilledPayments(ctx: Ctx, subscriptionId: number): Promise<number> {
  const deleted = await ctx.db
    .delete(recurringPayments)
    .where(
      and(
        eq(recurringPayments.company_id, ctx.companyId),
        eq(recurringPayments.subscription_id, subscriptionId),
        inArray(recurringPayments.status, ['scheduled', 'parked']),
        notExists(
          ctx.db
            .select({ id: invoices.id })
            .from(invoices)
            .where(
              and(
                eq(invoices.company_id, recurringPayments.company_id),
                eq(invoices.recurring_payment_id, recurringPayments.id),
              ),
            ),
        ),
        notExists(
          ctx.db
            .select({ id: dunnings.id })
            .from(dunnings)
            .where(
              and(
                eq(dunnings.company_id, recurringPayments.company_id),
                eq(dunnings.recurring_payment_id, recurringPayments.id),
              ),
            ),
        ),
      ),
    )
    .returning({ id: recurringPayments.id, period_start: recurringPayments.period_start });
  await recordEvents(
    ctx,
    deleted.map((r) => ({
      type: 'recurring_payment.deleted',
      object: 'recurring_payment',
      objectId: r.id,
      payload: { subscription_id: subscriptionId, period_start: r.period_start, reason: 'bought_out' },
    })),
  );
  return deleted.length;
}

/**
 * `POST subscriptions/{id}/process-buyout`: ended with action bought_out, the unbilled payments deleted,
 * the buyout invoice issued and its charge committed `processing`, in one transaction; then the gateway.
 * A buyout price of zero (everything already paid) issues and charges nothing.
 */
export async function processBuyout(
  ctx: Ctx,
  transact: Transact,
  id: number,
  input: z.output<typeof subscriptionBuyoutSchema>,
): Promise<{ invoiceId: number | null; attempt: TxRow | null }> {
  const started = await transact(async (tx) => {
    const currency = await companyCurrency(tx);
    const price = toMinor(input.buyout_price, currency, 'buyout_price') as bigint;
    const now = tx.clock.now().toISOString();
    const message = input.message ?? null;
    const { row: sub } = await transition(tx, subscriptionMachine, id, 'bought_out', {
      guard: withReason(undefined),
      set: {
        ended_at: now,
        end_reason: message,
        end_reason_code: null,
        end_scheduled_on: null,
        next_billing_date: null,
        bought_out_at: now,
      },
      payload: { buyout_price: input.buyout_price, ...(message ? { message } : {}) },
    });
    const deleted = await deleteUnbilledPayments(tx, id);
    // Assets (issue 26): the subscription's asset becomes `bought out` here, in this transaction.
    if (price === 0n) return null;
    const order = await orderRow(tx, Number(sub.order_id), { lock: true });
    const label = sub.variant_name ? `${sub.product_name} – ${sub.variant_name}` : sub.product_name;
    const line = oneTimeLine(`Buyout: ${label}`, price, 1, sub.tax_percent, {
      id: Number(sub.id),
      order_item_id: sub.order_item_id,
    });
    const charge = await issueAndStartOneTime(
      tx,
      { type: 'buyout', order, subscriptionId: Number(sub.id), lines: [line] },
      message,
    );
    return { ...charge, deleted };
  });
  if (started === null) return { invoiceId: null, attempt: null };
  return { invoiceId: started.invoiceId, attempt: await finishOneTime(ctx, transact, started) };
}
