/**
 * Opening a return: by hand (service.ts) or when a subscription ends or is cancelled while it holds a
 * rented out asset (subscriptions/changes.ts calls `openReturnForSubscription` in the same transaction).
 * This file imports nothing of subscriptions, so subscriptions can call it without a cycle.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { ReturnSource } from '@rentloop/domain/returns';
import { and, eq, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { productTracking, returns, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../events/service.ts';
import { actorName } from '../product-tracking/service.ts';

type Asset = typeof productTracking.$inferSelect;

/** The asset's open return, if any. */
export async function openReturnOf(ctx: Ctx, assetId: number): Promise<number | null> {
  const [open] = await ctx.db
    .select({ id: returns.id })
    .from(returns)
    .where(
      and(
        eq(returns.company_id, ctx.companyId),
        eq(returns.product_tracking_id, assetId),
        ne(returns.status, 'closed'),
      ),
    );
  return open?.id ?? null;
}

/**
 * A new pending return of `asset` (rented out), with its subscription and customer copied for the list.
 * 409 when the asset already has an open return (the partial unique index decides between two at once).
 */
export async function insertReturn(
  ctx: Ctx,
  asset: Asset,
  source: ReturnSource,
  extra: { carrier?: string | null; tracking_number?: string | null; note?: string | null } = {},
): Promise<number> {
  const sub = asset.subscription_id
    ? (
        await ctx.db
          .select({
            number: subscriptions.number,
            customer_id: subscriptions.customer_id,
            customer_name: subscriptions.customer_name,
          })
          .from(subscriptions)
          .where(
            and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, asset.subscription_id)),
          )
      )[0]
    : undefined;
  const at = ctx.clock.now().toISOString();
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(returns)
      .values({
        company_id: ctx.companyId,
        product_tracking_id: asset.id,
        subscription_id: asset.subscription_id,
        customer_id: sub?.customer_id ?? null,
        serial_number: asset.serial_number,
        product_name: asset.product_name,
        subscription_number: sub?.number ?? null,
        customer_name: sub?.customer_name ?? null,
        status: 'pending',
        source,
        carrier: extra.carrier ?? null,
        tracking_number: extra.tracking_number ?? null,
        note: extra.note ?? null,
        created_by: (await actorName(ctx)).user_name,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: returns.id });
    id = row!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('conflict', MESSAGES.returnAssetHasOpen);
    throw e;
  }
  await recordEvent(ctx, {
    type: 'return.created',
    object: 'return',
    objectId: id,
    payload: { product_tracking_id: asset.id, subscription_id: asset.subscription_id, source },
  });
  return id;
}

/**
 * A subscription ended or was cancelled: the unit it holds (rented out) is to come back, so its return
 * opens (unless one is open already). Answers the return's id, or null when it holds no unit.
 */
export async function openReturnForSubscription(
  ctx: Ctx,
  subscriptionId: number,
  source: Exclude<ReturnSource, 'manual'>,
): Promise<number | null> {
  const [asset] = await ctx.db
    .select()
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        eq(productTracking.subscription_id, subscriptionId),
        eq(productTracking.status, 'rented out'),
      ),
    )
    .for('update');
  if (!asset) return null;
  const open = await openReturnOf(ctx, asset.id);
  if (open !== null) return open;
  return insertReturn(ctx, asset, source);
}
