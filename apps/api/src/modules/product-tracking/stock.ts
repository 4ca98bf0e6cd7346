/**
 * The catalog's stock of a variant whose units are tracked (issue 26: "the catalog's stock of a variant
 * is the count of its assets in stock where the company tracks assets, and availability follows").
 * A variant is tracked once it has an asset; its `product_variants.stock` is then the number of its
 * assets `in stock`, kept in the same transaction as every change of an asset's status (creation, an
 * action, an import), so every reader of `stock` (the product lists' totals, the product insights'
 * out-of-stock and below-minimum figures, the availability settings' minimum) stays exact without
 * knowing about assets. Decision 59.
 *
 * It is a recount, never an increment: the figure cannot drift. Two transactions changing units of one
 * variant at once are kept apart by locking the variant rows first (in id order: no deadlock), then
 * counting in a NEW statement: under READ COMMITTED it sees every transaction that held the lock
 * before, and one that has not locked it yet will recount after this one commits.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { productTracking, productVariants } from '../../db/schema/index.ts';

/** Sets the stock of these variants (of the company) to their assets in stock. */
export async function recountAssetStock(ctx: Ctx, variantIds: readonly (number | null)[]): Promise<void> {
  const ids = [...new Set(variantIds.filter((v): v is number => v !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const ofCompany = and(eq(productVariants.company_id, ctx.companyId), inArray(productVariants.id, ids));
  await ctx.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(ofCompany)
    .orderBy(asc(productVariants.id))
    .for('update');
  await ctx.db
    .update(productVariants)
    .set({
      stock: sql`(SELECT count(*)::int FROM ${productTracking} WHERE ${productTracking.company_id} = ${productVariants.company_id} AND ${productTracking.variant_id} = ${productVariants.id} AND ${productTracking.status} = 'in stock')`,
    })
    .where(ofCompany);
}

/** Whether a variant of the company has tracked assets (its stock is theirs, not set by hand or the shop). */
export async function hasAssets(ctx: Ctx, variantIds: readonly number[]): Promise<Set<number>> {
  if (variantIds.length === 0) return new Set();
  const rows = await ctx.db
    .selectDistinct({ id: productTracking.variant_id })
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        inArray(productTracking.variant_id, [...variantIds]),
      ),
    );
  return new Set(rows.map((r) => Number(r.id)));
}
