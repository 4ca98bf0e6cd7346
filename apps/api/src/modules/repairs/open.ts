/**
 * Opening a repair when an asset goes to repair, whatever sends it there: the asset service calls
 * `afterAssetStatusChange` in the same transaction as every status change (an asset action, a return
 * closed as "to repair", a repair's own close). It pins the questionnaire version current now, so the
 * repair keeps the questions it is answered with. An asset leaving `to repair` another way (marked
 * stolen, removed from the fleet) cancels its open repair: there is nothing left to repair.
 */
import type { AssetStatus } from '@rentloop/domain/product-tracking';
import { and, eq } from 'drizzle-orm';
import { actingUserId, type Ctx } from '../../context.ts';
import { productTracking, repairs } from '../../db/schema/index.ts';
import { recordEvent } from '../events/service.ts';
import { currentQuestionnaireVersion } from '../repair-questions/service.ts';

/** The asset's open repair, if any. */
export async function openRepairOf(ctx: Ctx, assetId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: repairs.id })
    .from(repairs)
    .where(
      and(
        eq(repairs.company_id, ctx.companyId),
        eq(repairs.product_tracking_id, assetId),
        eq(repairs.status, 'open'),
      ),
    );
  return row?.id ?? null;
}

/** Opens a repair of the asset (its open one when it has one already); answers the repair's id. */
export async function openRepair(ctx: Ctx, assetId: number, reason: string | null): Promise<number> {
  const existing = await openRepairOf(ctx, assetId);
  if (existing !== null) return existing;
  const [asset] = await ctx.db
    .select({ serial_number: productTracking.serial_number, product_name: productTracking.product_name })
    .from(productTracking)
    .where(and(eq(productTracking.company_id, ctx.companyId), eq(productTracking.id, assetId)));
  const version = await currentQuestionnaireVersion(ctx);
  const at = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(repairs)
    .values({
      company_id: ctx.companyId,
      product_tracking_id: assetId,
      serial_number: asset!.serial_number,
      product_name: asset!.product_name,
      questionnaire_id: version.id,
      questionnaire_version: version.version,
      reason,
      opened_by: actingUserId(ctx.actor),
      created_at: at,
      updated_at: at,
    })
    .returning({ id: repairs.id });
  await recordEvent(ctx, {
    type: 'repair.created',
    object: 'repair',
    objectId: row!.id,
    payload: { product_tracking_id: assetId, questionnaire_version: version.version },
  });
  return row!.id;
}

/** Called by the asset service after each status change, in its transaction. */
export async function afterAssetStatusChange(
  ctx: Ctx,
  change: { assetId: number; from: AssetStatus | null; to: AssetStatus; reason: string | null },
): Promise<void> {
  if (change.to === 'to repair') {
    await openRepair(ctx, change.assetId, change.reason);
    return;
  }
  if (change.from !== 'to repair') return;
  await ctx.db
    .update(repairs)
    .set({ status: 'cancelled', updated_at: ctx.clock.now().toISOString() })
    .where(
      and(
        eq(repairs.company_id, ctx.companyId),
        eq(repairs.product_tracking_id, change.assetId),
        eq(repairs.status, 'open'),
      ),
    );
}
