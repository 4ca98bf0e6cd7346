/**
 * Products: one with its variants and bundles, made by hand, changed, and their buyout prices in
 * bulk. Every query carries the company; a product synced from a shop keeps the shop's fields (name,
 * description, type, image, variants) and Rentloop's own (rental terms). The lists are in
 * product-lists.ts, variants in variants.ts.
 */

import type {
  bulkBuyoutSchema,
  ProductDetail,
  productCreateSchema,
  productUpdateSchema,
} from '@rentloop/domain/catalog';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import {
  bundles,
  bundleVariants,
  productCollectionItems,
  productCollections,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { companyCurrency, toMinor } from '../../money.ts';
import { productRow, toProduct } from './product-rows.ts';
import { productVariantsOf } from './variants.ts';

export async function getProduct(ctx: Ctx, id: number): Promise<ProductDetail> {
  const { db, companyId } = ctx;
  const [currency, row] = await Promise.all([companyCurrency(ctx), productRow(ctx, id)]);
  const [variants, inBundles] = await Promise.all([
    productVariantsOf(ctx, id, currency),
    db
      .selectDistinct({ id: bundles.id, name: bundles.name, is_group: bundles.is_group })
      .from(bundles)
      .innerJoin(bundleVariants, eq(bundleVariants.bundle_id, bundles.id))
      .innerJoin(productVariants, eq(productVariants.id, bundleVariants.variant_id))
      .where(and(eq(bundles.company_id, companyId), eq(productVariants.product_id, id)))
      .orderBy(bundles.name),
  ]);
  const product = toProduct(row, currency);
  const inBundlesById = inBundles.map((b) => ({ ...b, id: Number(b.id) }));
  return {
    ...product,
    variants,
    bundles: inBundlesById,
    delete_refused: deleteRefused(product.source, inBundlesById),
  };
}

/**
 * Why a product may not be deleted, or null: a shop's product would come back with the next sync
 * (and its rows are the shop's), and a bundle holding one of its variants would lose it.
 */
export function deleteRefused(source: string, inBundles: { name: string }[]): string | null {
  if (source !== 'manual')
    return `Comes from the shop (${source}): delete it there. Archive it to hide it here.`;
  if (inBundles.length > 0)
    return `Its variants are in ${inBundles.length === 1 ? 'a bundle' : 'bundles'} (${inBundles
      .map((b) => b.name)
      .join(', ')}): remove them there first, or archive the product.`;
  return null;
}

/** Rentloop's own fields of a product, as columns. */
function rentalColumns(input: z.infer<typeof productUpdateSchema>, currency: string) {
  const out: Partial<typeof products.$inferInsert> = {};
  const prices = input.rental_prices ?? {};
  for (const interval of ['monthly', 'quarterly', 'annually'] as const) {
    const v = toMinor(prices[interval], currency, `rental_prices.${interval}`);
    if (v !== undefined) out[`rental_price_${interval}`] = v;
  }
  for (const field of ['buyout_price', 'deposit', 'purchase_price'] as const) {
    const v = toMinor(input[field], currency, field);
    if (v !== undefined) out[field] = v;
  }
  if (input.minimum_term_months !== undefined) out.minimum_term_months = input.minimum_term_months;
  if (input.product_class !== undefined) out.product_class = input.product_class;
  return out;
}

async function setCollections(ctx: Ctx, productId: number, ids: number[]) {
  const { db, companyId } = ctx;
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await db
      .select({ id: productCollections.id })
      .from(productCollections)
      .where(and(eq(productCollections.company_id, companyId), inArray(productCollections.id, unique)));
    if (found.length !== unique.length) throw invalid('collection_ids', 'Unknown collection.');
  }
  await db
    .delete(productCollectionItems)
    .where(
      and(eq(productCollectionItems.company_id, companyId), eq(productCollectionItems.product_id, productId)),
    );
  if (unique.length > 0) {
    await db
      .insert(productCollectionItems)
      .values(
        unique.map((collection_id) => ({ company_id: companyId, collection_id, product_id: productId })),
      );
  }
}

export async function createProduct(
  ctx: Ctx,
  input: z.infer<typeof productCreateSchema>,
): Promise<ProductDetail> {
  const { db, companyId } = ctx;
  const currency = await companyCurrency(ctx);
  const [row] = await db
    .insert(products)
    .values({
      company_id: companyId,
      source: 'manual',
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      status: input.status,
      image_url: input.image_url ?? null,
      ...rentalColumns(input, currency),
    })
    .returning({ id: products.id });
  const productId = row!.id;
  await db.insert(productVariants).values(
    input.variants.map((v, i) => ({
      company_id: companyId,
      product_id: productId,
      sku: v.sku ?? null,
      name: v.name,
      options: v.options,
      price: toMinor(v.price, currency, `variants.${i}.price`) ?? null,
      stock: v.stock ?? null,
    })),
  );
  if (input.collection_ids) await setCollections(ctx, productId, input.collection_ids);
  return getProduct(ctx, productId);
}

// The shop's fields of a synced product; the sync writes them, so Rentloop refuses to.
const SHOP_OWNED = ['name', 'description', 'type', 'image_url', 'status'] as const;

export async function updateProduct(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof productUpdateSchema>,
): Promise<ProductDetail> {
  const { db, companyId } = ctx;
  const current = await productRow(ctx, id);
  const currency = await companyCurrency(ctx);
  if (current.source !== 'manual') {
    const owned = SHOP_OWNED.filter((f) => input[f] !== undefined);
    if (owned.length > 0) {
      throw new AppError(
        'validation',
        undefined,
        Object.fromEntries(
          owned.map((f) => [f, [`Comes from the shop (${current.source}): change it there.`]]),
        ),
      );
    }
  }
  const set: Partial<typeof products.$inferInsert> = { ...rentalColumns(input, currency) };
  for (const f of SHOP_OWNED) if (input[f] !== undefined) (set as Record<string, unknown>)[f] = input[f];
  if (Object.keys(set).length > 0) {
    await db
      .update(products)
      .set({ ...set, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(products.id, id), eq(products.company_id, companyId)));
  }
  if (input.collection_ids) await setCollections(ctx, id, input.collection_ids);
  return getProduct(ctx, id);
}

/** Buyout prices of many products in one transaction; an unknown id fails the whole change. */
export async function bulkBuyoutPrices(ctx: Ctx, input: z.infer<typeof bulkBuyoutSchema>): Promise<number> {
  const { db, companyId } = ctx;
  const currency = await companyCurrency(ctx);
  const ids = [...new Set(input.products.map((p) => p.id))];
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), inArray(products.id, ids)));
  const known = new Set(found.map((f) => Number(f.id)));
  const missing = input.products.findIndex((p) => !known.has(p.id));
  if (missing >= 0) throw invalid(`products.${missing}.id`, 'No such product.');
  const now = ctx.clock.now().toISOString();
  for (const [i, p] of input.products.entries()) {
    await db
      .update(products)
      .set({
        buyout_price: toMinor(p.buyout_price, currency, `products.${i}.buyout_price`),
        updated_at: now,
      })
      .where(and(eq(products.id, p.id), eq(products.company_id, companyId)));
  }
  return input.products.length;
}
