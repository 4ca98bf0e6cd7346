/** Product collections: named groups of products (for filters, storefront sections, reports). */
import type { Collection, collectionInputSchema, collectionUpdateSchema } from '@rentloop/domain/catalog';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { productCollectionItems, productCollections, products } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import { likePattern } from '../../lists.ts';

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

export async function listCollections(
  db: Db,
  companyId: number,
  p: { search?: string; offset: number; perPage: number },
) {
  const where = and(
    eq(productCollections.company_id, companyId),
    p.search ? sql`lower(${productCollections.name}) LIKE ${likePattern(p.search)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(productCollections)
      .where(where)
      .orderBy(asc(productCollections.name))
      .limit(p.perPage)
      .offset(p.offset),
    db.select({ n: count() }).from(productCollections).where(where),
  ]);
  return { rows: rows.map(toCollection), total: Number(total?.n ?? 0) };
}

async function getCollection(db: Db, companyId: number, id: number): Promise<Collection> {
  const [row] = await db
    .select(columns)
    .from(productCollections)
    .where(and(eq(productCollections.id, id), eq(productCollections.company_id, companyId)));
  if (!row) throw notFound();
  return toCollection(row);
}

async function setProducts(db: Db, companyId: number, collectionId: number, productIds: number[]) {
  const ids = [...new Set(productIds)];
  if (ids.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.company_id, companyId), inArray(products.id, ids)));
    if (found.length !== ids.length) throw invalid('product_ids', 'Unknown product.');
  }
  await db.delete(productCollectionItems).where(eq(productCollectionItems.collection_id, collectionId));
  if (ids.length > 0) {
    await db
      .insert(productCollectionItems)
      .values(ids.map((product_id) => ({ company_id: companyId, collection_id: collectionId, product_id })));
  }
}

const nameTaken = () => invalid('name', 'A collection with this name already exists.');

export async function createCollection(
  db: Db,
  companyId: number,
  input: z.infer<typeof collectionInputSchema>,
): Promise<Collection> {
  try {
    const [row] = await db
      .insert(productCollections)
      .values({ company_id: companyId, name: input.name, description: input.description ?? null })
      .returning({ id: productCollections.id });
    if (input.product_ids) await setProducts(db, companyId, row!.id, input.product_ids);
    return getCollection(db, companyId, row!.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

export async function updateCollection(
  db: Db,
  companyId: number,
  id: number,
  input: z.infer<typeof collectionUpdateSchema>,
): Promise<Collection> {
  await getCollection(db, companyId, id);
  const { product_ids, ...fields } = input;
  try {
    if (Object.keys(fields).length > 0) {
      await db
        .update(productCollections)
        .set({ ...fields, updated_at: sql`now()` })
        .where(eq(productCollections.id, id));
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
  if (product_ids) await setProducts(db, companyId, id, product_ids);
  return getCollection(db, companyId, id);
}

export async function deleteCollection(db: Db, companyId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(productCollections)
    .where(and(eq(productCollections.id, id), eq(productCollections.company_id, companyId)))
    .returning({ id: productCollections.id });
  if (deleted.length === 0) throw notFound();
}
