/**
 * What the demo's warehouse and service staff do with the fleet (demo-fleet.ts decides when): each step
 * is a call of the product's own functions with the input a screen would send, parsed by the route's
 * schema, so the demo's assets, returns and repairs are what those functions make.
 */
import { productTrackingInputSchema } from '@rentloop/domain/product-tracking';
import { repairAnswersInputSchema, repairCloseSchema } from '@rentloop/domain/repairs';
import { returnActionSchema, returnInputSchema } from '@rentloop/domain/returns';
import { and, asc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import {
  orderItems,
  orders,
  products,
  productTracking,
  productVariants,
  returns,
  subscriptions,
} from '../db/schema/index.ts';
import { createAsset, runAssetAction } from '../modules/product-tracking/service.ts';
import { closeRepair, saveAnswers } from '../modules/repairs/service.ts';
import { createReturn, runReturnAction } from '../modules/returns/service.ts';
import { toDecimal } from '../money.ts';

/** A variant whose units are physical and rented: the demo tracks each of its units. */
export interface FleetVariant {
  id: number;
  sku: string;
  /** The product's purchase price: what a unit cost the company (a decimal, or null). */
  cost: string | null;
  /** The catalog's stock when the history begins: the units on the shelf then. */
  stock: number;
}

/** Subscription statuses in which the customer still has the unit. */
export const HOLDING = [
  'active',
  'paused',
  'cancellation requested',
  'pending activation',
  'pending buyout',
  'pending replacement',
] as const;

/** The physical rental variants: products of type normal with a rental price. */
export async function fleetVariants(ctx: Ctx, currency: string): Promise<FleetVariant[]> {
  const rows = await ctx.db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      stock: productVariants.stock,
      cost: products.purchase_price,
      monthly: products.rental_price_monthly,
      quarterly: products.rental_price_quarterly,
      annually: products.rental_price_annually,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
    )
    .where(and(eq(productVariants.company_id, ctx.companyId), eq(products.type, 'normal')))
    .orderBy(asc(productVariants.id));
  return rows
    .filter((r) => r.monthly !== null || r.quarterly !== null || r.annually !== null)
    .map((r) => ({
      id: Number(r.id),
      sku: r.sku ?? `V${r.id}`,
      cost: toDecimal(r.cost, currency),
      stock: r.stock ?? 0,
    }));
}

/** A unit bought (or found on the shelf when tracking began): POST product-tracking, as the create dialog. */
export async function buyUnit(
  ctx: Ctx,
  variant: FleetVariant,
  serial: string,
  purchaseDate: string,
): Promise<number> {
  const input = productTrackingInputSchema.parse({
    serial_number: serial,
    variant_id: variant.id,
    location: 'Main warehouse',
    purchase_date: purchaseDate,
    purchase_cost: variant.cost,
  });
  return (await createAsset(ctx, input)).id;
}

/** Active subscriptions of a tracked variant whose order went out (shipped or picked up) without a unit yet. */
export async function awaitingUnits(ctx: Ctx, variantIds: number[]) {
  if (variantIds.length === 0) return [];
  return ctx.db
    .select({ id: subscriptions.id, variantId: subscriptions.variant_id })
    .from(subscriptions)
    .innerJoin(
      orders,
      and(eq(orders.company_id, subscriptions.company_id), eq(orders.id, subscriptions.order_id)),
    )
    .innerJoin(
      orderItems,
      and(
        eq(orderItems.company_id, subscriptions.company_id),
        eq(orderItems.id, subscriptions.order_item_id),
      ),
    )
    .where(
      and(
        eq(subscriptions.company_id, ctx.companyId),
        eq(subscriptions.status, 'active'),
        inArray(subscriptions.variant_id, variantIds),
        or(eq(orders.status, 'fulfilled'), isNotNull(orderItems.tracking_number)),
        sql`NOT EXISTS (SELECT 1 FROM product_tracking_history h
                         WHERE h.company_id = ${subscriptions.company_id} AND h.subscription_id = ${subscriptions.id})`,
      ),
    )
    .orderBy(asc(subscriptions.id));
}

/** The unit of the variant longest on the shelf (a repaired unit joins the back of the queue). */
export async function unitOnShelf(ctx: Ctx, variantId: number): Promise<number | null> {
  const [unit] = await ctx.db
    .select({ id: productTracking.id })
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        eq(productTracking.variant_id, variantId),
        eq(productTracking.status, 'in stock'),
      ),
    )
    .orderBy(asc(productTracking.status_changed_at), asc(productTracking.id))
    .limit(1);
  return unit?.id ?? null;
}

/** The unit goes out to the subscription: the asset's rent_out action, as the asset screen's. */
export const rentOut = (ctx: Ctx, assetId: number, subscriptionId: number, reason: string) =>
  runAssetAction(ctx, assetId, { action: 'rent_out', reason, subscription_id: subscriptionId });

/** Units still rented out to a subscription that no longer has them, and with no open return. */
export async function unitsToBringBack(ctx: Ctx) {
  return ctx.db
    .select({ assetId: productTracking.id, subscriptionStatus: subscriptions.status })
    .from(productTracking)
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.company_id, productTracking.company_id),
        eq(subscriptions.id, productTracking.subscription_id),
      ),
    )
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        eq(productTracking.status, 'rented out'),
        notInArray(subscriptions.status, [...HOLDING]),
        sql`NOT EXISTS (SELECT 1 FROM ${returns} r WHERE r.company_id = ${productTracking.company_id}
                         AND r.product_tracking_id = ${productTracking.id} AND r.status <> 'closed')`,
      ),
    )
    .orderBy(asc(productTracking.id));
}

/** Subscriptions waiting for a replacement unit, with the unit they have. */
export async function awaitingReplacement(ctx: Ctx) {
  return ctx.db
    .select({ subscriptionId: subscriptions.id, assetId: productTracking.id })
    .from(subscriptions)
    .innerJoin(
      productTracking,
      and(
        eq(productTracking.company_id, subscriptions.company_id),
        eq(productTracking.subscription_id, subscriptions.id),
        eq(productTracking.status, 'rented out'),
      ),
    )
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.status, 'pending replacement')));
}

/** These subscriptions' statuses and variants, by id. */
export async function subscriptionsOf(ctx: Ctx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { status: string; variantId: number }>();
  const rows = await ctx.db
    .select({ id: subscriptions.id, status: subscriptions.status, variantId: subscriptions.variant_id })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), inArray(subscriptions.id, ids)));
  return new Map(
    rows.map((r) => [Number(r.id), { status: r.status as string, variantId: Number(r.variantId) }]),
  );
}

/** POST returns: a return by hand, as the returns screen's. */
export const openReturn = (ctx: Ctx, assetId: number, note: string) =>
  createReturn(ctx, returnInputSchema.parse({ product_tracking_id: assetId, note }));

/** POST returns/{id}/actions: one step of a return, as the return screen sends it. */
export const returnStep = (ctx: Ctx, id: number, body: Record<string, unknown>) =>
  runReturnAction(ctx, id, returnActionSchema.parse(body));

/** POST repairs/{id}/answers: one page of the questionnaire. */
export const answerPage = (ctx: Ctx, id: number, page: number, answers: Record<string, string>) =>
  saveAnswers(ctx, id, repairAnswersInputSchema.parse({ page, answers }));

/** POST repairs/{id}/close: back in stock, or broken (to be sold for parts); REMOVE_STOCK removes it. */
export const finishRepair = (ctx: Ctx, id: number, assetStatus: 'in stock' | 'broken') =>
  closeRepair(ctx, id, repairCloseSchema.parse({ asset_status: assetStatus }));

/** The asset's move through its table (send to repair, buy out, remove) with why. */
export const assetStep = (
  ctx: Ctx,
  id: number,
  action: 'send_to_repair' | 'buy_out' | 'remove',
  reason: string,
) => runAssetAction(ctx, id, { action, reason });
