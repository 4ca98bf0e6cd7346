/** What a subscription's screen reads beside it: where its unit is (the buyout offer: buyout.ts). */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orderItems } from '../../db/schema/index.ts';
import { subscriptionAsset } from '../product-tracking/records.ts';
import { subscriptionRow } from './records.ts';

/**
 * `GET subscriptions/{id}/product-tracking`: the unit's order item (tracking, serial), its status, and the
 * asset it holds (product tracking: the unit rented out to it, else the last one it had, else null).
 */
export async function productTracking(ctx: Ctx, id: number) {
  const sub = await subscriptionRow(ctx, id);
  const [item] =
    sub.order_item_id === null
      ? []
      : await ctx.db
          .select({ tracking_number: orderItems.tracking_number, serial_number: orderItems.serial_number })
          .from(orderItems)
          .where(and(eq(orderItems.id, sub.order_item_id), eq(orderItems.company_id, ctx.companyId)));
  const asset = await subscriptionAsset(ctx, id);
  return {
    subscription_id: Number(sub.id),
    order_id: Number(sub.order_id),
    order_number: sub.order_number,
    order_item_id: sub.order_item_id === null ? null : Number(sub.order_item_id),
    tracking_number: item?.tracking_number ?? null,
    serial_number: item?.serial_number ?? asset?.serial_number ?? null,
    status: sub.status,
    asset,
  };
}
