/**
 * Archiving, restoring and deleting a product. Archived products leave the default list and its
 * maintained total (migration 0022's trigger) and keep everything else: variants, bundles, rental
 * terms; the sync does not touch `archived_at`. Delete only what nothing refers to (`deleteRefused`).
 */
import type { ProductDetail } from '@rentloop/domain/catalog';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { products, productTracking } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../events/service.ts';
import { getProduct } from './products.ts';

export const PRODUCT_TEXTS = {
  archived: 'Product archived.',
  restored: 'Product restored.',
  deleted: 'Product deleted.',
  alreadyArchived: 'This product is already archived.',
  notArchived: 'This product is not archived.',
} as const;

/** Archives (`archive: true`) or restores a product; the same state again is a 409. */
export async function setProductArchived(ctx: Ctx, id: number, archive: boolean): Promise<ProductDetail> {
  const before = await getProduct(ctx, id);
  if ((before.archived_at !== null) === archive)
    throw new AppError('conflict', archive ? PRODUCT_TEXTS.alreadyArchived : PRODUCT_TEXTS.notArchived);
  const now = ctx.clock.now().toISOString();
  const updated = await ctx.db
    .update(products)
    .set({ archived_at: archive ? now : null, updated_at: now })
    .where(and(eq(products.id, id), eq(products.company_id, ctx.companyId)))
    .returning({ id: products.id });
  if (updated.length === 0) throw notFound();
  await recordEvent(ctx, {
    type: archive ? 'product.archived' : 'product.restored',
    object: 'product',
    objectId: id,
    payload: { name: before.name },
  });
  return getProduct(ctx, id);
}

/** Deletes a product nothing refers to, with its variants; otherwise a 409 with the reason. */
export async function deleteProduct(ctx: Ctx, id: number): Promise<void> {
  const product = await getProduct(ctx, id);
  if (product.delete_refused) throw new AppError('conflict', product.delete_refused);
  // Its tracked units keep their variant (and history): archive the product instead.
  const [tracked] = await ctx.db
    .select({ n: count() })
    .from(productTracking)
    .where(
      and(
        eq(productTracking.company_id, ctx.companyId),
        sql`${productTracking.products} @> ARRAY[${id}]::bigint[]`,
      ),
    );
  if (Number(tracked?.n) > 0)
    throw new AppError(
      'conflict',
      `It has ${Number(tracked?.n)} tracked assets: archive the product instead.`,
    );
  // Variants and collection memberships go with it (their foreign keys cascade).
  await ctx.db.delete(products).where(and(eq(products.id, id), eq(products.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'product.deleted',
    object: 'product',
    objectId: id,
    payload: { name: product.name },
  });
}
