/** Changing and deleting a quote (a draft order): only while it is a quote. */
import { type OrderInput, orderInputSchema } from '@rentloop/domain/orders';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import { recordEvent } from '../events/service.ts';
import { deleteNotesOf } from '../notes/service.ts';
import { insertItems, orderContent } from './placement.ts';
import { priceOrder } from './pricing.ts';
import { orderRow } from './records.ts';

/**
 * `PUT draft-orders/{id}`: the quote is priced again from the body (the builder sends the whole quote)
 * and its items replaced. The row is locked first, so a finalisation running at the same time either
 * happens before (then this is a 404: it is no longer a quote) or after this change.
 */
export async function updateDraftOrder(ctx: Ctx, id: number, body: OrderInput): Promise<void> {
  await orderRow(ctx, id, { draft: true, lock: true });
  const input = orderInputSchema.parse(body);
  const priced = await priceOrder(ctx, input);
  await ctx.db
    .delete(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, id)));
  await ctx.db
    .update(orders)
    .set(orderContent(ctx, priced, input))
    .where(and(eq(orders.id, id), eq(orders.company_id, ctx.companyId)));
  await insertItems(ctx, id, priced);
  await recordEvent(ctx, {
    type: 'order.quote_updated',
    object: 'order',
    objectId: id,
    payload: { total: priced.totals.totals.gross.toString() },
  });
}

/** `DELETE draft-orders/{id}`: a quote only (an order is cancelled, never deleted); its items go with it. */
export async function deleteDraftOrder(ctx: Ctx, id: number): Promise<void> {
  const row = await orderRow(ctx, id, { draft: true, lock: true });
  // Notes name their record by kind and id (no foreign key): they go with it.
  await deleteNotesOf(ctx, 'order', id);
  await ctx.db.delete(orders).where(and(eq(orders.id, id), eq(orders.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'order.quote_deleted',
    object: 'order',
    objectId: id,
    payload: { customer_name: row.customer_name, total: row.total.toString() },
  });
}
