/**
 * Changing assets (product tracking): a new unit (in stock), and status changes through the asset's
 * transition table (machine.ts), each kept in its history with who, when, why and which subscription.
 */

import { MESSAGES } from '@rentloop/domain/messages';
import type {
  AssetAction,
  AssetStatus,
  ProductTrackingDetail,
  ProductTrackingValues,
} from '@rentloop/domain/product-tracking';
import { ASSET_TRANSITIONS } from '@rentloop/domain/product-tracking';
import { refusal } from '@rentloop/domain/transitions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { actingUserId, type Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  bundles,
  bundleVariants,
  products,
  productTracking,
  productTrackingHistory,
  productVariants,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { companyCurrency, toMinor } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { afterAssetStatusChange } from '../repairs/open.ts';
import { assetMachine } from './machine.ts';
import { assetRow, getAsset } from './records.ts';
import { completeReplacement, missingUnitWriteOff } from './replacement.ts';
import { recountAssetStock } from './stock.ts';

/**
 * Subscriptions that may be given a unit. A pending replacement is given its replacement: the unit it
 * holds is the missing one, written off as lost when the replacement goes out (replacement.ts).
 */
const RUNNING = ['active', 'pending activation', 'pending replacement'] as const;

/** What a unit is: its names and the products it holds, from the variant or the bundle. */
async function unitOf(ctx: Ctx, input: ProductTrackingValues) {
  if (input.variant_id != null) {
    const [v] = await ctx.db
      .select({
        product_id: productVariants.product_id,
        variant_name: productVariants.name,
        product_name: products.name,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.product_id))
      .where(and(eq(productVariants.company_id, ctx.companyId), eq(productVariants.id, input.variant_id)));
    if (!v) throw invalid('variant_id', 'No such variant.');
    return { products: [v.product_id], product_name: v.product_name, variant_name: v.variant_name };
  }
  const bundleId = input.bundle_id as number;
  const [b] = await ctx.db
    .select({ name: bundles.name })
    .from(bundles)
    .where(and(eq(bundles.company_id, ctx.companyId), eq(bundles.id, bundleId)));
  if (!b) throw invalid('bundle_id', 'No such bundle.');
  const rows = await ctx.db
    .selectDistinct({ product_id: productVariants.product_id })
    .from(bundleVariants)
    .innerJoin(productVariants, eq(productVariants.id, bundleVariants.variant_id))
    .where(and(eq(bundleVariants.company_id, ctx.companyId), eq(bundleVariants.bundle_id, bundleId)));
  return {
    products: rows.map((r) => r.product_id).sort((x, y) => x - y),
    product_name: b.name,
    variant_name: null,
  };
}

export async function actorName(ctx: Ctx): Promise<{ user_id: number | null; user_name: string | null }> {
  const id = actingUserId(ctx.actor);
  if (id === null) return { user_id: null, user_name: null };
  const [u] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return { user_id: id, user_name: u?.name ?? null };
}

async function writeHistory(
  ctx: Ctx,
  entry: {
    assetId: number;
    from: AssetStatus | null;
    to: AssetStatus;
    action: string | null;
    reason: string | null;
    subscriptionId: number | null;
    at: string;
  },
) {
  await ctx.db.insert(productTrackingHistory).values({
    company_id: ctx.companyId,
    product_tracking_id: entry.assetId,
    from_status: entry.from,
    to_status: entry.to,
    action: entry.action,
    reason: entry.reason,
    subscription_id: entry.subscriptionId,
    ...(await actorName(ctx)),
    created_at: entry.at,
  });
}

/**
 * POST product-tracking: a new unit, in stock. Its serial number is unique in the company ignoring
 * case: the unique index decides between concurrent creations (the loser is a 422 on serial_number).
 */
export async function createAsset(ctx: Ctx, input: ProductTrackingValues): Promise<ProductTrackingDetail> {
  const currency = await companyCurrency(ctx);
  const purchase_cost = toMinor(input.purchase_cost, currency, 'purchase_cost') ?? null;
  const unit = await unitOf(ctx, input);
  const [taken] = await ctx.db
    .select({ id: productTracking.id })
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        sql`lower(${productTracking.serial_number}) = lower(${input.serial_number})`,
      ),
    );
  if (taken) throw invalid('serial_number', MESSAGES.assetSerialTaken);
  const at = ctx.clock.now().toISOString();
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(productTracking)
      .values({
        company_id: ctx.companyId,
        serial_number: input.serial_number,
        variant_id: input.variant_id ?? null,
        bundle_id: input.bundle_id ?? null,
        ...unit,
        status: 'in stock',
        location: input.location,
        condition_note: input.condition_note,
        purchase_date: input.purchase_date ?? null,
        purchase_cost,
        status_changed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: productTracking.id });
    id = row!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid('serial_number', MESSAGES.assetSerialTaken);
    throw e;
  }
  await writeHistory(ctx, {
    assetId: id,
    from: null,
    to: 'in stock',
    action: null,
    reason: null,
    subscriptionId: null,
    at,
  });
  await recountAssetStock(ctx, [input.variant_id ?? null]);
  await recordEvent(ctx, {
    type: 'product_tracking.created',
    object: 'product_tracking',
    objectId: id,
    payload: { serial_number: input.serial_number },
  });
  return getAsset(ctx, id);
}

/** Actions after which the unit is no longer with a subscription's customer. */
const KEEPS_SUBSCRIPTION: readonly AssetAction[] = ['mark_stolen', 'buy_out'];

/**
 * The subscription a unit goes out to: the company's, running, holding no other unit (a pending
 * replacement may hold the missing one). Locks it; answers its status and the unit it holds.
 */
async function checkSubscription(ctx: Ctx, subscriptionId: number) {
  const [sub] = await ctx.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, subscriptionId)))
    .for('update');
  if (!sub) throw invalid('subscription_id', 'No such subscription.');
  if (!(RUNNING as readonly string[]).includes(sub.status))
    throw invalid('subscription_id', MESSAGES.assetSubscriptionNotRunning);
  const [held] = await ctx.db
    .select({ id: productTracking.id, serial_number: productTracking.serial_number })
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        eq(productTracking.subscription_id, subscriptionId),
        inArray(productTracking.status, ['rented out']),
      ),
    );
  const replacing = sub.status === 'pending replacement';
  if (held && !replacing) throw new AppError('conflict', MESSAGES.assetSubscriptionHolds);
  return { replacing, missing: held ?? null };
}

/**
 * POST product-tracking/{id}/actions: runs `action` through the table (409 with its message from a
 * status it does not start from), records the change in the history and answers the asset.
 */
export async function runAssetAction(
  ctx: Ctx,
  id: number,
  body: { action: AssetAction; reason: string | null; subscription_id?: number | null },
): Promise<ProductTrackingDetail> {
  const renting = body.action === 'rent_out';
  // The table's refusal first (on the locked row), then what renting out needs of the subscription.
  const locked = await assetRow(ctx, id, true);
  const refused = refusal(ASSET_TRANSITIONS, body.action, locked.status, undefined);
  if (refused !== null) throw new AppError('conflict', refused);
  const target = renting ? await checkSubscription(ctx, body.subscription_id as number) : null;
  // A replacement going out: the missing unit is written off first, so the new one may take its place.
  if (target?.replacing && target.missing)
    await runAssetAction(
      ctx,
      target.missing.id,
      await missingUnitWriteOff(ctx, body.subscription_id as number, locked.serial_number, body.reason),
    );
  const at = ctx.clock.now().toISOString();
  let involved: number | null = null;
  try {
    const done = await transition(ctx, assetMachine, id, body.action, {
      guard: undefined,
      set: (row) => {
        involved = renting ? (body.subscription_id as number) : row.subscription_id;
        const subscription_id = renting
          ? (body.subscription_id as number)
          : KEEPS_SUBSCRIPTION.includes(body.action)
            ? row.subscription_id
            : null;
        return { subscription_id, status_changed_at: at };
      },
      payload: { reason: body.reason, subscription_id: renting ? body.subscription_id : undefined },
    });
    await writeHistory(ctx, {
      assetId: id,
      from: done.from,
      to: done.to,
      action: body.action,
      reason: body.reason,
      subscriptionId: involved,
      at,
    });
    // In this transaction: the variant's stock counts its units in stock (stock.ts).
    await recountAssetStock(ctx, [locked.variant_id]);
    // In this transaction: going to repair opens a repair, leaving it another way cancels the open one.
    await afterAssetStatusChange(ctx, { assetId: id, from: done.from, to: done.to, reason: body.reason });
    if (target?.replacing)
      await completeReplacement(ctx, body.subscription_id as number, {
        asset: { id, serial_number: locked.serial_number },
        missing: target.missing,
      });
  } catch (e) {
    // Two units given to one subscription at once: the partial unique index keeps one.
    if (isUniqueViolation(e)) throw new AppError('conflict', MESSAGES.assetSubscriptionHolds);
    throw e;
  }
  return getAsset(ctx, id);
}

/** POST subscriptions/{id}/product-tracking: the unit of this serial (scanned or typed) goes out to it. */
export async function assignBySerial(
  ctx: Ctx,
  subscriptionId: number,
  body: { serial_number: string; reason: string | null },
): Promise<ProductTrackingDetail> {
  const [sub] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, subscriptionId)));
  if (!sub) throw new AppError('not_found');
  const [asset] = await ctx.db
    .select({ id: productTracking.id })
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        sql`lower(${productTracking.serial_number}) = lower(${body.serial_number})`,
      ),
    );
  if (!asset) throw invalid('serial_number', MESSAGES.assetSerialNotFound);
  return runAssetAction(ctx, asset.id, {
    action: 'rent_out',
    reason: body.reason,
    subscription_id: subscriptionId,
  });
}
