/**
 * Variants of products: those of one product, the bulk change of price, stock, SKU and name, and
 * adding and removing one variant of a hand-made product (a shop's variants are the shop's).
 */
import type { bulkVariantsSchema, Variant, variantCreateSchema } from '@rentloop/domain/catalog';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import {
  bundles,
  bundleVariants,
  products,
  productTracking,
  productVariants,
} from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { companyCurrency, toMinor } from '../../money.ts';
import { hasAssets } from '../product-tracking/stock.ts';
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

/** Price, stock, SKU and name of many variants; variants of shop products are the shop's to change. */
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
  // A variant with tracked assets counts its stock from them (product-tracking/stock.ts).
  const tracked = await hasAssets(ctx, ids);
  const now = ctx.clock.now().toISOString();
  for (const [i, v] of input.variants.entries()) {
    const source = sourceOf.get(v.id);
    if (!source) throw invalid(`variants.${i}.id`, 'No such variant.');
    if (source !== 'manual')
      throw invalid(`variants.${i}.id`, `Comes from the shop (${source}): change it there.`);
    const set: Partial<typeof productVariants.$inferInsert> = {};
    const price = toMinor(v.price, currency, `variants.${i}.price`);
    if (price !== undefined) set.price = price;
    if (v.stock !== undefined && tracked.has(v.id))
      throw invalid(
        `variants.${i}.stock`,
        'Counted from its tracked assets in stock: change their status instead.',
      );
    if (v.stock !== undefined) set.stock = v.stock;
    if (v.sku !== undefined) set.sku = v.sku;
    if (v.name !== undefined) set.name = v.name;
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

const fromShop = (source: string) => `Comes from the shop (${source}): change its variants there.`;

/** A hand-made product of the company, for adding or removing a variant; else 404 or 409. */
async function manualProduct(ctx: Ctx, productId: number) {
  const product = await productRow(ctx, productId);
  if (product.source !== 'manual') throw new AppError('conflict', fromShop(product.source));
  return product;
}

/** One more variant of a hand-made product. */
export async function addVariant(
  ctx: Ctx,
  productId: number,
  input: z.infer<typeof variantCreateSchema>,
): Promise<Variant> {
  await manualProduct(ctx, productId);
  const currency = await companyCurrency(ctx);
  const [row] = await ctx.db
    .insert(productVariants)
    .values({
      company_id: ctx.companyId,
      product_id: productId,
      sku: input.sku ?? null,
      name: input.name,
      options: input.options,
      price: toMinor(input.price, currency, 'price') ?? null,
      stock: input.stock ?? null,
    })
    .returning({ id: productVariants.id });
  const variants = await productVariantsOf(ctx, productId, currency);
  return variants.find((v) => v.id === Number(row!.id))!;
}

/**
 * Removes a variant of a hand-made product. Refused (409, saying why) for the product's last variant
 * and for a variant a bundle holds: the bundle would silently lose an item.
 */
export async function removeVariant(ctx: Ctx, productId: number, variantId: number): Promise<void> {
  const { db, companyId } = ctx;
  await manualProduct(ctx, productId);
  const [variant] = await db
    .select({ id: productVariants.id, name: productVariants.name })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.product_id, productId),
        eq(productVariants.company_id, companyId),
      ),
    );
  if (!variant) throw notFound();
  const [siblings] = await db
    .select({ n: count() })
    .from(productVariants)
    .where(and(eq(productVariants.product_id, productId), eq(productVariants.company_id, companyId)));
  if (Number(siblings?.n) <= 1)
    throw new AppError(
      'conflict',
      'A product needs at least one variant: add another before removing this one.',
    );
  const holders = await db
    .select({ name: bundles.name })
    .from(bundleVariants)
    .innerJoin(bundles, eq(bundles.id, bundleVariants.bundle_id))
    .where(and(eq(bundleVariants.company_id, companyId), eq(bundleVariants.variant_id, variantId)))
    .orderBy(asc(bundles.name));
  if (holders.length > 0)
    throw new AppError(
      'conflict',
      `${variant.name} is in ${holders.length === 1 ? 'a bundle' : 'bundles'} (${holders
        .map((b) => b.name)
        .join(', ')}): remove it there first.`,
    );
  const [tracked] = await db
    .select({ n: count() })
    .from(productTracking)
    .where(and(eq(productTracking.company_id, companyId), eq(productTracking.variant_id, variantId)));
  if (Number(tracked?.n) > 0)
    throw new AppError(
      'conflict',
      `${variant.name} has ${Number(tracked?.n)} tracked assets: it stays with them.`,
    );
  await db
    .delete(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.company_id, companyId)));
}
