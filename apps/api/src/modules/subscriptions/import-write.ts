/**
 * Writing checked import rows, in the caller's one transaction (all rows or none): one order per
 * customer (in the file's order of first appearance), through the same functions order placement uses
 * (`insertOrder`, `numberOrder`: the gapless series, the initial sub-status, the maintained counts),
 * with an item and a subscription per row and the events placement writes.
 *
 * An imported order is `open` and owes its first payment (`payment_required`; an order of nothing owes
 * nothing, as placement has it): the import claims no payment. Its items carry the rows' prices and tax
 * rates, net or gross as the company's prices are (`checkout_Taxes`), and each line's tax is rounded
 * once, as every order's. A subscription starts on its row's start date in its row's status; a running
 * one (active, cancellation requested) is billed next at the first period boundary after today (the
 * periods before were billed where it came from), a paused or pending one has no next billing date
 * until it runs (resume and activate set it, `changes.ts`).
 */
import { nextBillingDate as nextBoundary } from '@rentloop/domain/billing-periods';
import type { BillingInterval, Frequency } from '@rentloop/domain/enums';
import { lineAmounts, sumLines } from '@rentloop/domain/money';
import type { SubscriptionImportRow } from '@rentloop/domain/subscription-import-rows';
import { and, asc, eq } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { orderItems, orders, subscriptions } from '../../db/schema/index.ts';
import { taxConfig } from '../catalog/tax.ts';
import { recordEvent, recordEvents } from '../events/service.ts';
import { insertOrder, numberOrder } from '../orders/placement.ts';
import type { PricedLine, PricedOrder } from '../orders/pricing.ts';
import type { MatchedRow } from './import-check.ts';
import { subscriptionValues } from './values.ts';

/** The catalog's billing interval a frequency matches (the order item shows it), or none. */
function billingIntervalOf(frequency: Frequency, interval: number): BillingInterval | null {
  if (frequency === 'monthly' && interval === 1) return 'monthly';
  if (frequency === 'monthly' && interval === 3) return 'quarterly';
  if (frequency === 'yearly' && interval === 1) return 'annually';
  return null;
}

/** The rows of one customer as an order priced at the rows' own prices and rates. */
function pricedOrder(rows: MatchedRow[], currency: string, pricesIncludeTax: boolean): PricedOrder {
  const customer = rows[0]!.customer;
  const lines: PricedLine[] = rows.map((r) => ({
    kind: 'rental',
    product_id: r.variant.product_id,
    variant_id: r.variant.id,
    product_name: r.variant.product_name,
    variant_name: r.variant.name,
    sku: r.variant.sku,
    quantity: r.quantity,
    unit_price: r.unit_price,
    tax_percent: r.tax_percent,
    billing_interval: billingIntervalOf(r.frequency, r.interval),
    frequency: r.frequency,
    interval: r.interval,
    minimum_term_months: r.minimum_term_months,
    buyout_price: r.variant.buyout_price,
  }));
  const lineTotals = lines.map((l) => {
    const amount = l.unit_price * BigInt(l.quantity);
    return {
      kind: l.kind,
      product_id: l.product_id,
      amount,
      discount: 0n,
      ...lineAmounts({
        unit_amount: amount,
        quantity: 1,
        tax_percent: l.tax_percent,
        tax_included: pricesIncludeTax,
      }),
    };
  });
  const sum = sumLines(lineTotals);
  const billing = customer.billing_address ?? null;
  return {
    currency,
    customer: { id: customer.id, name: customer.name, email: customer.email },
    billing_address: billing,
    shipping_address: customer.shipping_address ?? billing,
    lines,
    shipping: null,
    voucher: null,
    prices_include_tax: pricesIncludeTax,
    totals: {
      lines: lineTotals,
      shipping: null,
      totals: {
        subtotal: lineTotals.reduce((s, l) => s + l.amount, 0n),
        discount: 0n,
        shipping_discount: 0n,
        ...sum,
      },
      // Not stored with an order (the items and the totals above are).
      tax_breakdown: [],
      recurring: [],
    },
  };
}

/** The next billing date of a subscription starting in `status` (see the module comment). */
function nextBillingOf(row: SubscriptionImportRow, today: string): string | null {
  if (row.status !== 'active' && row.status !== 'cancellation requested') return null;
  return nextBoundary(row.start_date, row.frequency, row.interval, today);
}

/** Writes every row (one order per customer); answers how many orders and subscriptions it made. */
export async function writeImportRows(
  ctx: Ctx,
  rows: MatchedRow[],
  opts: { currency: string; importId: number; note: string },
): Promise<{ orders: number; subscriptions: number }> {
  const { prices_include_tax } = await taxConfig(ctx);
  const today = await companyToday(ctx);
  const byCustomer = new Map<number, MatchedRow[]>();
  for (const r of rows) byCustomer.set(r.customer.id, [...(byCustomer.get(r.customer.id) ?? []), r]);

  let made = 0;
  for (const group of byCustomer.values()) {
    const priced = pricedOrder(group, opts.currency, prices_include_tax);
    const orderId = await insertOrder(ctx, priced, { consumable: false, note: opts.note }, 'open', {});
    const number = await numberOrder(ctx);
    const now = ctx.clock.now().toISOString();
    await ctx.db
      .update(orders)
      .set({ number, finalised_at: now, updated_at: now })
      .where(and(eq(orders.id, orderId), eq(orders.company_id, ctx.companyId)));
    const items = await ctx.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, orderId)))
      .orderBy(asc(orderItems.position));
    const of = {
      id: orderId,
      number,
      customer_id: group[0]!.customer.id,
      customer_name: group[0]!.customer.name,
      customer_email: group[0]!.customer.email,
    };
    const created = await ctx.db
      .insert(subscriptions)
      .values(
        group.map((r, k) =>
          subscriptionValues(ctx, of, k + 1, {
            order_item_id: Number(items[k]!.id),
            product_id: r.variant.product_id,
            variant_id: r.variant.id,
            product_name: r.variant.product_name,
            variant_name: r.variant.name,
            buyout_price: r.variant.buyout_price,
            status: r.status,
            frequency: r.frequency,
            interval: r.interval,
            price: r.unit_price,
            tax_percent: r.tax_percent,
            quantity: r.quantity,
            // The price agreed where the subscription came from: the catalog's changes do not move it.
            price_mode: 'fixed',
            minimum_term_months: r.minimum_term_months,
            start_date: r.start_date,
            auto_renew: r.auto_renew,
            next_billing_date: nextBillingOf(r, today),
          }),
        ),
      )
      .returning({ id: subscriptions.id });
    await recordEvent(ctx, {
      type: 'order.created',
      object: 'order',
      objectId: orderId,
      payload: { number, total: priced.totals.totals.gross.toString(), import_id: opts.importId },
    });
    await recordEvents(
      ctx,
      created.map((s) => ({
        type: 'subscription.created',
        object: 'subscription',
        objectId: Number(s.id),
        payload: { order_id: orderId, order_number: number, import_id: opts.importId },
      })),
    );
    made += created.length;
  }
  return { orders: byCustomer.size, subscriptions: made };
}
