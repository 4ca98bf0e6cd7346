/**
 * `POST orders/swap`: a rented unit is missing (lost in delivery, never arrived): its running
 * subscription goes to "pending replacement" through its table, and the order is tagged "replacement",
 * the reason and note kept in the order's events. Sending the replacement is then a normal fulfilment.
 */
import { SWAP_DAMAGED_REASON } from '@rentloop/domain/enums';
import type { OrderSwap } from '@rentloop/domain/orders';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orderItems, subscriptions } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { subscriptionMachine } from '../subscriptions/machine.ts';
import { orderRow } from './records.ts';
import { setTag } from './tags.ts';

export const SWAP_TEXTS = {
  notPlaced: 'Only an open or fulfilled order can have a product swapped.',
  notOnOrder: 'No such item on this order.',
  notRented: 'Only a rented product has a subscription to swap.',
  nothingRunning: 'This item has no running subscription to swap.',
} as const;

export async function swapMissingProduct(ctx: Ctx, input: OrderSwap): Promise<number> {
  const order = await orderRow(ctx, input.order, { lock: true });
  if (order.status !== 'open' && order.status !== 'fulfilled')
    throw new AppError('conflict', SWAP_TEXTS.notPlaced);
  const [item] = await ctx.db
    .select({ id: orderItems.id, kind: orderItems.kind })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.id, input.missing_product),
        eq(orderItems.order_id, input.order),
        eq(orderItems.company_id, ctx.companyId),
      ),
    );
  if (!item) throw invalid('missing_product', SWAP_TEXTS.notOnOrder);
  if (item.kind !== 'rental') throw invalid('missing_product', SWAP_TEXTS.notRented);
  const [running] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.company_id, ctx.companyId),
        eq(subscriptions.order_item_id, Number(item.id)),
        inArray(subscriptions.status, ['active', 'paused']),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(1);
  if (!running) throw new AppError('conflict', SWAP_TEXTS.nothingRunning);
  const subscriptionId = Number(running.id);
  await transition(ctx, subscriptionMachine, subscriptionId, 'request_replacement', {
    guard: (row) => ({ status: row.status, reason: input.reason ?? null }),
    // What becomes of the unit it holds when the replacement goes out (product-tracking/replacement.ts).
    set: () => ({
      replacement_kind: input.reason === SWAP_DAMAGED_REASON ? ('damaged' as const) : ('missing' as const),
    }),
    payload: { reason: input.reason ?? null, note: input.note ?? null },
  });
  await setTag(ctx, input.order, 'replacement', undefined);
  await recordEvent(ctx, {
    type: 'order.swap_requested',
    object: 'order',
    objectId: input.order,
    payload: {
      order_item_id: Number(item.id),
      subscription_id: subscriptionId,
      reason: input.reason ?? null,
      note: input.note ?? null,
    },
  });
  return subscriptionId;
}
