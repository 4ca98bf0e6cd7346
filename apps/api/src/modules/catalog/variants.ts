/** Variants of products: those of one product, and the bulk change of price, stock and SKU. */
import type { bulkVariantsSchema, Variant } from '@rentloop/domain/catalog';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { products, productVariants } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import { companyCurrency, toMinor } from '../../money.ts';
import { productRow, toVariant, type VariantListRow, variantColumns } from './product-rows.ts';

/** The variants of a product the caller has already found in the company. */
export async function productVariantsOf(ctx: Ctx, productId: number, currency: string): Promise<Variant[]> {
  const rows = await ctx.db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.product_id))
    .where(and(eq(productVariants.company_id, ctx.companyId), eq(productVariants.product_id, productId)))
    .orderBy(asc(productVariants.id));
  return rows.map((r) => toVariant(r as VariantListRow, currency));
}

export async function listVariantsOfProduct(ctx: Ctx, productId: number): Promise<Variant[]> {
  await productRow(ctx, productId);
  return productVariantsOf(ctx, productId, await companyCurrency(ctx));
}

/** Price, stock and SKU of many variants; variants of shop products are the shop's to change. */
export async function bulkUpdateVariants(
  ctx: Ctx,
  input: z.infer<typeof bulkVariantsSchema>,
): Promise<number> {
  const { db, companyId } = ctx;
  const currency = await companyCurrency(ctx);
  const ids = [...new Set(input.variants.map((v) => v.id))];
  const found = await db
    .select({ id: productVariants.id, source: products.source })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.product_id))
    .where(and(eq(productVariants.company_id, companyId), inArray(productVariants.id, ids)));
  const sourceOf = new Map(found.map((f) => [Number(f.id), f.source]));
  const now = ctx.clock.now().toISOString();
  for (const [i, v] of input.variants.entries()) {
    const source = sourceOf.get(v.id);
    if (!source) throw invalid(`variants.${i}.id`, 'No such variant.');
    if (source !== 'manual')
      throw invalid(`variants.${i}.id`, `Comes from the shop (${source}): change it there.`);
    const set: Partial<typeof productVariants.$inferInsert> = {};
    const price = toMinor(v.price, currency, `variants.${i}.price`);
    if (price !== undefined) set.price = price;
    if (v.stock !== undefined) set.stock = v.stock;
    if (v.sku !== undefined) set.sku = v.sku;
    if (Object.keys(set).length > 0) {
      // The company again in the write itself, not only in the check above: a write by id alone
      // would reach another company's row the day the check changes.
      await db
        .update(productVariants)
        .set({ ...set, updated_at: now })
        .where(and(eq(productVariants.id, v.id), eq(productVariants.company_id, companyId)));
    }
  }
  return input.variants.length;
}
