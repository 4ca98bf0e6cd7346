/**
 * Writing checked asset import rows, in the caller's one transaction (all rows or none): each unit as
 * `createAsset` makes one (in stock, the variant's product and names, its history's first entry saying
 * it was imported, the `product_tracking.created` event), in batches, then the stock of the variants it
 * touched recounted (stock.ts).
 */
import { localDate } from '@rentloop/domain/billing-periods';
import { sql } from 'drizzle-orm';
import { companyTimeAt } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { productTracking, productTrackingHistory } from '../../db/schema/index.ts';
import { recordEvents } from '../events/service.ts';
import { getSettings } from '../settings/sections.ts';
import type { MatchedAssetRow } from './import-check.ts';
import { actorName } from './service.ts';
import { recountAssetStock } from './stock.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (about 15 a row). */
const BATCH = 1_000;

/** Writes every row; answers how many assets it made. */
export async function writeAssetRows(
  ctx: Ctx,
  rows: MatchedAssetRow[],
  opts: { importId: number; reason: string },
): Promise<number> {
  const at = ctx.clock.now().toISOString();
  const who = await actorName(ctx);
  // A new unit's kept figures (decision 83) written with it, so 100,000 rows are not updated again by the
  // refresh: never out, no repair: profit −cost, owned since its purchase (else today), no day rented.
  const { time_zone } = await getSettings(ctx, 'general');
  const today = companyTimeAt(ctx.clock.now(), time_zone).today;
  const tracked = localDate(new Date(at), time_zone);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const made = await ctx.db
      .insert(productTracking)
      .values(
        batch.map((r) => ({
          company_id: ctx.companyId,
          serial_number: r.serial_number,
          variant_id: r.variant.id,
          bundle_id: null,
          products: [r.variant.product_id],
          product_name: r.variant.product_name,
          variant_name: r.variant.variant_name,
          status: 'in stock' as const,
          location: r.location,
          condition_note: r.condition_note,
          purchase_date: r.purchase_date,
          purchase_cost: r.cost,
          status_changed_at: at,
          created_at: at,
          updated_at: at,
          profit: -(r.cost ?? 0n),
          owned_since: r.purchase_date ?? tracked,
          utilisation: sql`asset_utilisation(${r.purchase_date ?? tracked}::date, 0, NULL, NULL, ${today}::date)`,
          figures_stale: false,
        })),
      )
      .returning({ id: productTracking.id, serial_number: productTracking.serial_number });
    await ctx.db.insert(productTrackingHistory).values(
      made.map((m) => ({
        company_id: ctx.companyId,
        product_tracking_id: m.id,
        from_status: null,
        to_status: 'in stock' as const,
        action: null,
        reason: opts.reason,
        subscription_id: null,
        ...who,
        created_at: at,
      })),
    );
    await recordEvents(
      ctx,
      made.map((m) => ({
        type: 'product_tracking.created',
        object: 'product_tracking',
        objectId: m.id,
        payload: { serial_number: m.serial_number, import_id: opts.importId },
      })),
    );
  }
  await recountAssetStock(
    ctx,
    rows.map((r) => r.variant.id),
  );
  return rows.length;
}
