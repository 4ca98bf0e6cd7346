/**
 * Changing orders: the tag (sub-status) with its history, status changes through the order's transition
 * table (cancel, fulfil, ...), the bulk change of many orders with a result per order, an item's tracking
 * number, cloning an order and a quote made from a subscription.
 */
import type { BulkAnswer } from '@rentloop/domain/order-details';
import type {
  OrderCancel,
  OrderHistoryEntry,
  OrderInput,
  OrderItemUpdate,
  OrdersBulkUpdate,
  OrderUpdate,
} from '@rentloop/domain/orders';
import { ORDER_TEXTS, orderActionTo } from '@rentloop/domain/orders';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { requireOwnIds } from '../../db/own-ids.ts';
import { orderItems, orders, orderTagHistory, subscriptions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { cancelSubscriptionsOfOrder } from '../subscriptions/changes.ts';
import { orderMachine } from './machine.ts';
import { createDraftOrder, createOrder } from './placement.ts';
import { itemsCount, orderRow } from './records.ts';
import { setTag } from './tags.ts';

type Status = (typeof orders.$inferSelect)['status'];

/** A status asked for by staff: the table's action that leads there (never back to a quote). */
async function setStatus(ctx: Ctx, id: number, from: Status, status: Status) {
  const action = orderActionTo(from, status);
  if (!action) throw new AppError('conflict', ORDER_TEXTS.notBackToQuote);
  await transition(ctx, orderMachine, id, action, { guard: { items_count: await itemsCount(ctx, id) } });
}

/** `PUT orders/{id}`: the tag (and its date), the status through the table, the note. */
export async function updateOrder(ctx: Ctx, id: number, input: OrderUpdate): Promise<void> {
  const before = await orderRow(ctx, id);
  if (input.status !== undefined && input.status !== before.status)
    await setStatus(ctx, id, before.status, input.status);
  if (input.tag !== undefined && (input.tag !== before.tag || input.tag_date !== undefined))
    await setTag(ctx, id, input.tag, input.tag_date);
  if (input.note !== undefined)
    await ctx.db
      .update(orders)
      .set({ note: input.note, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(orders.id, id), eq(orders.company_id, ctx.companyId)));
}

/**
 * `PUT orders`: one change (tag and/or status) for many orders. An id that is no order of the company
 * refuses the whole request (422 on `ids`). Each order is then changed in a savepoint of its own: one
 * its table refuses (a 409) is reported with the reason and the others still change.
 */
export async function updateOrders(ctx: Ctx, input: OrdersBulkUpdate): Promise<BulkAnswer> {
  await requireOwnIds(ctx, orders, input.ids);
  const results: BulkAnswer['results'] = [];
  for (const id of input.ids) {
    try {
      await ctx.db.transaction(async (tx) =>
        updateOrder({ ...ctx, db: tx }, id, {
          status: input.status,
          tag: input.tag,
          tag_date: input.tag_date,
        }),
      );
      results.push({ id, ok: true, message: null });
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      results.push({ id, ok: false, message: e.message });
    }
  }
  return { updated: results.filter((r) => r.ok).length, results };
}

/**
 * `GET order-history?order_id`: the tags the order was given, newest first. A list filtered by order, like
 * the notes of a record: no order of the company, no entries (the order's own read is the 404).
 */
export async function orderHistory(ctx: Ctx, orderId: number): Promise<OrderHistoryEntry[]> {
  const rows = await ctx.db
    .select()
    .from(orderTagHistory)
    .where(and(eq(orderTagHistory.company_id, ctx.companyId), eq(orderTagHistory.order_id, orderId)))
    .orderBy(desc(orderTagHistory.id));
  return rows.map((r) => ({ id: Number(r.id), tag: r.tag, tag_date: r.tag_date, created_at: r.created_at }));
}

/**
 * `POST orders/{id}/cancel`: the order is cancelled through its table (a fulfilled or cancelled order
 * refuses with the table's 409). Its subscriptions that have not ended are cancelled with it. `refunded`
 * records what staff say about money; refunds themselves are billing's.
 */
export async function cancelOrder(ctx: Ctx, id: number, input: OrderCancel): Promise<void> {
  await transition(ctx, orderMachine, id, 'cancel', {
    guard: { items_count: await itemsCount(ctx, id) },
    payload: { reason: input.reason ?? null, refunded: input.refunded },
  });
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .update(orders)
    .set({
      cancelled_at: now,
      cancellation_reason: input.reason ?? null,
      cancellation_message: input.cancellation_message ?? null,
      cancellation_refunded: input.refunded,
      updated_at: now,
    })
    .where(and(eq(orders.id, id), eq(orders.company_id, ctx.companyId)));
  await cancelSubscriptionsOfOrder(ctx, id, input.reason ?? 'Order cancelled');
}

/** `PUT order_items/{id}`: a tracking number (`add_tracking_number`) or the serial number of the unit. */
export async function updateOrderItem(ctx: Ctx, id: number, input: OrderItemUpdate): Promise<number> {
  const [item] = await ctx.db
    .select({ id: orderItems.id, order_id: orderItems.order_id })
    .from(orderItems)
    .where(and(eq(orderItems.id, id), eq(orderItems.company_id, ctx.companyId)));
  if (!item) throw notFound();
  const set: { tracking_number?: string | null; serial_number?: string | null } = {};
  if (input.tracking_number !== undefined) set.tracking_number = input.tracking_number;
  if (input.serial_number !== undefined) set.serial_number = input.serial_number;
  await ctx.db
    .update(orderItems)
    .set({ ...set, updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(orderItems.id, id), eq(orderItems.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'order_item.updated',
    object: 'order',
    objectId: Number(item.order_id),
    payload: { order_item_id: id, ...set },
  });
  return Number(item.order_id);
}

/** The input that places the same order again: same customer, lines, shipping method and voucher. */
async function inputOf(ctx: Ctx, id: number): Promise<OrderInput> {
  const order = await orderRow(ctx, id);
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, id)))
    .orderBy(asc(orderItems.position));
  return {
    customer_id: Number(order.customer_id),
    items: items.map((i) => ({
      variant_id: Number(i.variant_id),
      quantity: i.quantity,
      kind: i.kind,
      billing_interval: (i.billing_interval as OrderInput['items'][number]['billing_interval']) ?? undefined,
      minimum_term_months: i.minimum_term_months ?? undefined,
    })),
    billing_address: order.billing_address ?? undefined,
    shipping_address: order.shipping_address ?? undefined,
    shipping_method_id: order.shipping_method_id === null ? undefined : Number(order.shipping_method_id),
    voucher_code: order.voucher_code ?? undefined,
    consumable: order.consumable,
  };
}

/**
 * `POST orders/{id}/clone {original_order_id}`: a new order with the original's customer, lines,
 * addresses and shipping, priced again today (a clone is a new sale at today's prices and taxes). The
 * voucher is tried again; one no longer valid is a 422 on `voucher_code`.
 */
export async function cloneOrder(ctx: Ctx, originalId: number): Promise<number> {
  const input = await inputOf(ctx, originalId);
  return createOrder(ctx, input, { original_order_id: originalId });
}

/**
 * `POST orders/draft {subscription_id}`: a quote for the same customer and rented variant as the
 * subscription (a renewal, an upgrade to discuss), priced today.
 */
export async function draftFromSubscription(ctx: Ctx, subscriptionId: number): Promise<number> {
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.company_id, ctx.companyId)));
  if (!sub) throw notFound();
  const base = await inputOf(ctx, Number(sub.order_id));
  const [item] =
    sub.order_item_id === null
      ? []
      : await ctx.db
          .select()
          .from(orderItems)
          .where(and(eq(orderItems.id, sub.order_item_id), eq(orderItems.company_id, ctx.companyId)));
  return createDraftOrder(
    ctx,
    {
      customer_id: Number(sub.customer_id),
      items: [
        {
          variant_id: Number(sub.variant_id),
          quantity: 1,
          kind: 'rental',
          billing_interval:
            (item?.billing_interval as OrderInput['items'][number]['billing_interval']) ?? 'monthly',
          minimum_term_months: sub.minimum_term_months,
        },
      ],
      billing_address: base.billing_address,
      shipping_address: base.shipping_address,
    },
    { source_subscription_id: subscriptionId },
  );
}
