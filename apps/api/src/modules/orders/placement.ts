/**
 * Placing orders and quotes: `POST orders/full` (an order), `POST draft-orders` (a quote), and
 * `POST orders/swap-draft/{id}` (a quote finalised). Placing numbers the order (gapless, the order
 * settings' prefix), counts the voucher's use and makes one subscription per rented unit, all in the
 * request's transaction: a failure anywhere leaves nothing behind, not even a used number.
 */
import { type OrderInput, type OrderInputValues, orderInputSchema } from '@rentloop/domain/orders';
import { and, asc, eq } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import { actingUserId, type Ctx } from '../../context.ts';
import { orderItems, orders, orderTagHistory, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { nextNumber } from '../../numbering.ts';
import { recordEvent, recordEvents } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { getSettings } from '../settings/sections.ts';
import { subscriptionValues } from '../subscriptions/values.ts';
import { redeemVoucher } from '../vouchers/service.ts';
import { orderMachine } from './machine.ts';
import { type PricedOrder, priceOrder } from './pricing.ts';
import { itemsCount, orderNumberPrefix } from './records.ts';

/** The order's number from the order settings' prefix and the company's series for it. */
export async function numberOrder(ctx: Ctx): Promise<string> {
  const prefix = await orderNumberPrefix(ctx);
  return `${prefix}${await nextNumber(ctx, `order:${prefix}`)}`;
}

/** Where an order came from, when not from staff's order builder. */
export interface OrderOrigin {
  original_order_id?: number;
  source_subscription_id?: number;
}

/** What an order row takes from its input beyond the priced content. */
type OrderExtras = Pick<OrderInputValues, 'consumable' | 'note'>;

/** The priced content of an order's row (customer, addresses, shipping, voucher, totals). */
export function orderContent(ctx: Ctx, priced: PricedOrder, input: OrderExtras) {
  const { totals } = priced;
  return {
    // Until the first payment is taken (billing), a placed order owes it; an order of nothing owes nothing.
    payment_status: totals.totals.gross > 0n ? ('payment_required' as const) : ('paid' as const),
    customer_id: priced.customer.id,
    customer_name: priced.customer.name,
    customer_email: priced.customer.email,
    billing_address: priced.billing_address,
    shipping_address: priced.shipping_address,
    shipping_method_id: priced.shipping?.method_id ?? null,
    shipping_method_name: priced.shipping?.name ?? null,
    shipping_tax_percent: priced.shipping?.tax_percent ?? null,
    voucher_id: priced.voucher?.id ?? null,
    voucher_code: priced.voucher?.code ?? null,
    consumable:
      input.consumable || (priced.lines.length > 0 && priced.lines.every((l) => l.kind === 'consumable')),
    subtotal: totals.totals.subtotal,
    discount: totals.totals.discount,
    shipping_net: totals.shipping?.net ?? 0n,
    shipping_tax: totals.shipping?.tax ?? 0n,
    shipping_discount: totals.totals.shipping_discount,
    net: totals.totals.net,
    tax: totals.totals.tax,
    total: totals.totals.gross,
    note: input.note ?? null,
    updated_at: ctx.clock.now().toISOString(),
  };
}

/** Writes the priced lines of order `orderId` (its snapshot of names, prices, rates and amounts). */
export async function insertItems(ctx: Ctx, orderId: number, priced: PricedOrder): Promise<void> {
  if (priced.lines.length === 0) return;
  await ctx.db.insert(orderItems).values(
    priced.lines.map((l, i) => {
      const amounts = priced.totals.lines[i]!;
      return {
        company_id: ctx.companyId,
        order_id: orderId,
        position: i + 1,
        kind: l.kind,
        product_id: l.product_id,
        variant_id: l.variant_id,
        product_name: l.product_name,
        variant_name: l.variant_name,
        sku: l.sku,
        quantity: l.quantity,
        unit_price: l.unit_price,
        tax_percent: l.tax_percent,
        amount: amounts.amount,
        discount: amounts.discount,
        net: amounts.net,
        tax: amounts.tax,
        gross: amounts.gross,
        billing_interval: l.billing_interval,
        frequency: l.frequency,
        interval: l.interval,
        minimum_term_months: l.minimum_term_months,
        buyout_price: l.buyout_price,
      };
    }),
  );
}

/** Inserts the order row, its items and its first tag (the order settings' initial sub-status). */
export async function insertOrder(
  ctx: Ctx,
  priced: PricedOrder,
  input: OrderExtras,
  status: 'draft' | 'open',
  origin: OrderOrigin,
): Promise<number> {
  const settings = await getSettings(ctx, 'order');
  const tag = settings.initial_sub_status;
  const tagDate = tag ? await companyToday(ctx) : null;
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(orders)
    .values({
      company_id: ctx.companyId,
      status,
      tag,
      tag_date: tagDate,
      ...orderContent(ctx, priced, input),
      original_order_id: origin.original_order_id ?? null,
      source_subscription_id: origin.source_subscription_id ?? null,
      created_at: now,
    })
    .returning({ id: orders.id });
  const orderId = Number(row!.id);
  await insertItems(ctx, orderId, priced);
  if (tag)
    await ctx.db.insert(orderTagHistory).values({
      company_id: ctx.companyId,
      order_id: orderId,
      tag,
      tag_date: tagDate,
      user_id: actingUserId(ctx.actor),
      created_at: now,
    });
  return orderId;
}

/**
 * What makes a placed order: its number, the voucher's counted use, one subscription per rented unit
 * (quantity 1 each, so each unit can end, be bought out or replaced on its own), starting today and
 * billed next one period later (the first period is the order's own first payment).
 */
async function place(ctx: Ctx, orderId: number): Promise<string> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.company_id, ctx.companyId)));
  if (!order) throw new AppError('not_found');
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, orderId)))
    .orderBy(asc(orderItems.position));
  if (order.voucher_id !== null)
    await redeemVoucher(ctx, Number(order.voucher_id), Number(order.customer_id), {
      lines: items.map((i) => ({ product_id: Number(i.product_id), amount: i.amount })),
      shipping: order.shipping_net + order.shipping_tax + order.shipping_discount,
    });
  const number = await numberOrder(ctx);
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .update(orders)
    .set({ number, finalised_at: now, updated_at: now })
    .where(and(eq(orders.id, orderId), eq(orders.company_id, ctx.companyId)));

  const { auto_renew } = await getSettings(ctx, 'subscription');
  // The day the subscriptions start and their periods count from: the company's today.
  const start = await companyToday(ctx);
  const units = items
    .filter((i) => i.kind === 'rental')
    .flatMap((i) => Array.from({ length: i.quantity }, () => i));
  if (units.length > 0) {
    const of = {
      id: orderId,
      number,
      customer_id: Number(order.customer_id),
      customer_name: order.customer_name,
      customer_email: order.customer_email,
    };
    const rows = await ctx.db
      .insert(subscriptions)
      .values(
        units.map((i, k) =>
          subscriptionValues(ctx, of, k + 1, {
            order_item_id: Number(i.id),
            product_id: Number(i.product_id),
            variant_id: Number(i.variant_id),
            product_name: i.product_name,
            variant_name: i.variant_name,
            buyout_price: i.buyout_price,
            status: 'active',
            frequency: i.frequency ?? 'monthly',
            interval: i.interval ?? 1,
            // One unit's price for a period, as the line was priced (net or gross as the catalog is).
            price: i.unit_price,
            tax_percent: i.tax_percent,
            quantity: 1,
            price_mode: 'fixed',
            minimum_term_months: i.minimum_term_months ?? 0,
            start_date: start,
            auto_renew,
          }),
        ),
      )
      .returning({ id: subscriptions.id });
    await recordEvents(
      ctx,
      rows.map((r) => ({
        type: 'subscription.created',
        object: 'subscription',
        objectId: Number(r.id),
        payload: { order_id: orderId, order_number: number },
      })),
    );
  }
  return number;
}

/** `POST orders/full`: an order, placed at once (or a quote when the order settings start orders as drafts). */
export async function createOrder(ctx: Ctx, body: OrderInput, origin: OrderOrigin = {}): Promise<number> {
  const input = orderInputSchema.parse(body);
  const priced = await priceOrder(ctx, input);
  const { initial_status } = await getSettings(ctx, 'order');
  const orderId = await insertOrder(
    ctx,
    priced,
    input,
    initial_status === 'draft' ? 'draft' : 'open',
    origin,
  );
  if (initial_status !== 'draft') {
    const number = await place(ctx, orderId);
    await recordEvent(ctx, {
      type: 'order.created',
      object: 'order',
      objectId: orderId,
      payload: { number, total: priced.totals.totals.gross.toString() },
    });
  } else
    await recordEvent(ctx, { type: 'order.quote_created', object: 'order', objectId: orderId, payload: {} });
  return orderId;
}

/** `POST draft-orders`: a quote (no number, no subscriptions, the voucher not yet counted). */
export async function createDraftOrder(
  ctx: Ctx,
  body: OrderInput,
  origin: OrderOrigin = {},
): Promise<number> {
  const input = orderInputSchema.parse(body);
  const priced = await priceOrder(ctx, input);
  const orderId = await insertOrder(ctx, priced, input, 'draft', origin);
  await recordEvent(ctx, {
    type: 'order.quote_created',
    object: 'order',
    objectId: orderId,
    payload: { total: priced.totals.totals.gross.toString() },
  });
  return orderId;
}

/**
 * `POST orders/swap-draft/{id}`: the quote becomes an order, with the prices it was quoted at. The
 * transition locks the row first, so two finalisations of one quote cannot both place it.
 */
export async function finaliseDraft(ctx: Ctx, id: number): Promise<string> {
  await transition(ctx, orderMachine, id, 'finalise', { guard: { items_count: await itemsCount(ctx, id) } });
  return place(ctx, id);
}
