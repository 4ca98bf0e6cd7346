/** Product collections: named groups of products (for filters, storefront sections, reports). */
import type { Collection, collectionInputSchema, collectionUpdateSchema } from '@rentloop/domain/catalog';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { productCollectionItems, productCollections, products } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';

const columns = {
  id: productCollections.id,
  name: productCollections.name,
  description: productCollections.description,
  created_at: productCollections.created_at,
  updated_at: productCollections.updated_at,
  // Qualified by hand: drizzle prints a bare "id" in single-table selects.
  products_count: sql<number>`(SELECT count(*)::int FROM product_collection_items i WHERE i.collection_id = "product_collections"."id")`,
};

const toCollection = (
  r: Omit<Collection, 'id' | 'products_count'> & { id: number; products_count: number },
): Collection => ({
  ...r,
  id: Number(r.id),
  products_count: Number(r.products_count),
});

/**
 * The collections list (db/define-list.ts), by name (unique in a company): the only sort the route
 * accepts is `id`, and the list has always been ordered by name, ascending. No entity_counts
 * trigger: the total counts the company's matching rows on `(company_id, name)`.
 */
export const collectionList = defineList<'id', Record<string, never>, Collection>({
  name: 'collections',
  table: productCollections,
  id: productCollections.id,
  scopes: { company: sql`${productCollections.company_id} = ${ph('companyId')}` },
  columns,
  sorts: { id: productCollections.name },
  filters: {},
  search: (pattern) => sql`lower(${productCollections.name}) LIKE ${pattern}`,
  map: toCollection,
});

export function listCollections(
  ctx: Ctx,
  p: ListParams<'id', Record<string, never>>,
): Promise<{ rows: Collection[]; total: number }> {
  return collectionList.list(ctx, { ...p, desc: false });
}

async function getCollection(ctx: Ctx, id: number): Promise<Collection> {
  const [row] = await ctx.db
    .select(columns)
    .from(productCollections)
    .where(and(eq(productCollections.id, id), eq(productCollections.company_id, ctx.companyId)));
  if (!row) throw notFound();
  return toCollection(row);
}

async function setProducts(ctx: Ctx, collectionId: number, productIds: number[]) {
  const { db, companyId } = ctx;
  const ids = [...new Set(productIds)];
  if (ids.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.company_id, companyId), inArray(products.id, ids)));
    if (found.length !== ids.length) throw invalid('product_ids', 'Unknown product.');
  }
  await db
    .delete(productCollectionItems)
    .where(
      and(
        eq(productCollectionItems.company_id, companyId),
        eq(productCollectionItems.collection_id, collectionId),
      ),
    );
  if (ids.length > 0) {
    await db
      .insert(productCollectionItems)
      .values(ids.map((product_id) => ({ company_id: companyId, collection_id: collectionId, product_id })));
  }
}

const nameTaken = () => invalid('name', 'A collection with this name already exists.');

export async function createCollection(
  ctx: Ctx,
  input: z.infer<typeof collectionInputSchema>,
): Promise<Collection> {
  try {
    const [row] = await ctx.db
      .insert(productCollections)
      .values({ company_id: ctx.companyId, name: input.name, description: input.description ?? null })
      .returning({ id: productCollections.id });
    if (input.product_ids) await setProducts(ctx, row!.id, input.product_ids);
    return getCollection(ctx, row!.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

export async function updateCollection(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof collectionUpdateSchema>,
): Promise<Collection> {
  await getCollection(ctx, id);
  const { product_ids, ...fields } = input;
  try {
    if (Object.keys(fields).length > 0) {
      await ctx.db
        .update(productCollections)
        .set({ ...fields, updated_at: ctx.clock.now().toISOString() })
        .where(and(eq(productCollections.id, id), eq(productCollections.company_id, ctx.companyId)));
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
  if (product_ids) await setProducts(ctx, id, product_ids);
  return getCollection(ctx, id);
}

export async function deleteCollection(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(productCollections)
    .where(and(eq(productCollections.id, id), eq(productCollections.company_id, ctx.companyId)))
    .returning({ id: productCollections.id });
  if (deleted.length === 0) throw notFound();
}
