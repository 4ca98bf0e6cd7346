/**
 * An order's tag (its sub-status: in dunning, replacement, replaced, ...) with its history and event.
 * Apart from the order changes so that what tags an order (dunning, a swap, a replacement unit sent)
 * needs nothing else of the orders module.
 */
import type { OrderUpdate } from '@rentloop/domain/orders';
import { and, eq } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import { actingUserId, type Ctx } from '../../context.ts';
import { orders, orderTagHistory } from '../../db/schema/index.ts';
import { recordEvent } from '../events/service.ts';

/** Sets the order's tag (null clears it) on `tagDate`, else the company's today, and keeps it in the history. */
export async function setTag(
  ctx: Ctx,
  id: number,
  tag: OrderUpdate['tag'],
  tagDate: string | null | undefined,
) {
  const date = tag ? (tagDate ?? (await companyToday(ctx))) : null;
  await ctx.db
    .update(orders)
    .set({ tag: tag ?? null, tag_date: date, updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(orders.id, id), eq(orders.company_id, ctx.companyId)));
  await ctx.db.insert(orderTagHistory).values({
    company_id: ctx.companyId,
    order_id: id,
    tag: tag ?? null,
    tag_date: date,
    user_id: actingUserId(ctx.actor),
    created_at: ctx.clock.now().toISOString(),
  });
  await recordEvent(ctx, {
    type: 'order.tagged',
    object: 'order',
    objectId: id,
    payload: { tag: tag ?? null, tag_date: date },
  });
}
