/**
 * Products and their variants. Every query carries the company; a product synced from a shop keeps
 * the shop's fields (name, description, type, image, variants) and Rentloop's own (rental terms).
 */

import type {
  bulkBuyoutSchema,
  bulkVariantsSchema,
  PRODUCT_SORTS,
  Product,
  ProductDetail,
  productCreateSchema,
  productFiltersSchema,
  productUpdateSchema,
  VARIANT_SORTS,
  Variant,
  variantFiltersSchema,
} from '@rentloop/domain/catalog';
import type { BILLING_INTERVALS } from '@rentloop/domain/enums';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  bundles,
  bundleVariants,
  entityCounts,
  productCollectionItems,
  productCollections,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { type ListParams, likePattern } from '../../http/list.ts';
import { companyCurrency, toDecimal, toMinor } from './money.ts';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type Interval = (typeof BILLING_INTERVALS)[number];

// Qualified by hand: drizzle prints a bare "id" in single-table selects, which inside these
// subqueries would bind to the inner table's id.
const PRODUCT_ID = sql.raw('"products"."id"');

const productColumns = {
  id: products.id,
  company_id: products.company_id,
  source: products.source,
  shop_id: products.shop_id,
  name: products.name,
  description: products.description,
  type: products.type,
  status: products.status,
  product_class: products.product_class,
  image_url: products.image_url,
  rental_price_monthly: products.rental_price_monthly,
  rental_price_quarterly: products.rental_price_quarterly,
  rental_price_annually: products.rental_price_annually,
  minimum_term_months: products.minimum_term_months,
  buyout_price: products.buyout_price,
  deposit: products.deposit,
  purchase_price: products.purchase_price,
  created_at: products.created_at,
  updated_at: products.updated_at,
  variants_count: sql<number>`(SELECT count(*)::int FROM product_variants v WHERE v.product_id = ${PRODUCT_ID})`,
  stock_total: sql<
    number | null
  >`(SELECT sum(v.stock)::int FROM product_variants v WHERE v.product_id = ${PRODUCT_ID})`,
  collections: sql<{ id: number; name: string }[]>`coalesce((
    SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name)
      FROM product_collection_items i JOIN product_collections c ON c.id = i.collection_id
     WHERE i.product_id = ${PRODUCT_ID}), '[]'::json)`,
};
type ProductListRow = Omit<ProductRow, 'shop_hash' | 'search_text'> & {
  variants_count: number;
  stock_total: number | null;
  collections: { id: number; name: string }[];
};

function toProduct(row: ProductListRow, currency: string): Product {
  const price = (i: Interval) => toDecimal(row[`rental_price_${i}`], currency);
  return {
    id: Number(row.id),
    company_id: Number(row.company_id),
    source: row.source,
    shop_id: row.shop_id,
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    product_class: row.product_class,
    image_url: row.image_url,
    currency,
    rental_prices: { annually: price('annually'), monthly: price('monthly'), quarterly: price('quarterly') },
    minimum_term_months: row.minimum_term_months,
    buyout_price: toDecimal(row.buyout_price, currency),
    deposit: toDecimal(row.deposit, currency),
    purchase_price: toDecimal(row.purchase_price, currency),
    variants_count: Number(row.variants_count ?? 0),
    stock_total: row.stock_total === null ? null : Number(row.stock_total),
    collections: row.collections ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const variantColumns = {
  id: productVariants.id,
  product_id: productVariants.product_id,
  product_name: products.name,
  shop_id: productVariants.shop_id,
  sku: productVariants.sku,
  name: productVariants.name,
  options: productVariants.options,
  price: productVariants.price,
  stock: productVariants.stock,
  created_at: productVariants.created_at,
  updated_at: productVariants.updated_at,
};
type VariantListRow = Pick<
  VariantRow,
  | 'id'
  | 'product_id'
  | 'shop_id'
  | 'sku'
  | 'name'
  | 'options'
  | 'price'
  | 'stock'
  | 'created_at'
  | 'updated_at'
> & {
  product_name: string;
};
const toVariant = (row: VariantListRow, currency: string): Variant => ({
  ...row,
  id: Number(row.id),
  product_id: Number(row.product_id),
  price: toDecimal(row.price, currency),
});

async function exactTotal(db: Db, companyId: number, entity: string): Promise<number> {
  const [row] = await db
    .select({ n: entityCounts.total })
    .from(entityCounts)
    .where(and(eq(entityCounts.company_id, companyId), eq(entityCounts.entity, entity)));
  return Number(row?.n ?? 0);
}

export async function listProducts(
  db: Db,
  companyId: number,
  p: ListParams<(typeof PRODUCT_SORTS)[number], z.infer<typeof productFiltersSchema>>,
): Promise<{ rows: Product[]; total: number }> {
  const c: SQL[] = [eq(products.company_id, companyId)];
  if (p.search) c.push(sql`${products.search_text} LIKE ${likePattern(p.search)}`);
  if (p.filters.type) c.push(eq(products.type, p.filters.type));
  if (p.filters.status) c.push(eq(products.status, p.filters.status));
  if (p.filters.source) c.push(eq(products.source, p.filters.source));
  if (p.filters.collection_id) {
    c.push(
      sql`EXISTS (SELECT 1 FROM product_collection_items i WHERE i.product_id = ${PRODUCT_ID} AND i.collection_id = ${p.filters.collection_id})`,
    );
  }
  const where = and(...c);
  const dir = p.desc ? desc : asc;
  const order = p.sort === 'id' ? [dir(products.id)] : [dir(products[p.sort]), dir(products.id)];
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(p.perPage)
    .offset(p.offset);
  const [currency, rows, total] = await Promise.all([
    companyCurrency(db, companyId),
    db
      .select(productColumns)
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...order),
    c.length === 1
      ? exactTotal(db, companyId, 'products')
      : db
          .select({ n: sql<number>`count(*)::int8` })
          .from(products)
          .where(where)
          .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return { rows: rows.map((r) => toProduct(r as ProductListRow, currency)), total };
}

async function productRow(db: Db, companyId: number, id: number): Promise<ProductListRow> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.company_id, companyId)));
  if (!row) throw notFound();
  return row as ProductListRow;
}

export async function getProduct(db: Db, companyId: number, id: number): Promise<ProductDetail> {
  const [currency, row] = await Promise.all([companyCurrency(db, companyId), productRow(db, companyId, id)]);
  const [variants, inBundles] = await Promise.all([
    productVariantsOf(db, companyId, id, currency),
    db
      .selectDistinct({ id: bundles.id, name: bundles.name, is_group: bundles.is_group })
      .from(bundles)
      .innerJoin(bundleVariants, eq(bundleVariants.bundle_id, bundles.id))
      .innerJoin(productVariants, eq(productVariants.id, bundleVariants.variant_id))
      .where(and(eq(bundles.company_id, companyId), eq(productVariants.product_id, id)))
      .orderBy(bundles.name),
  ]);
  return {
    ...toProduct(row, currency),
    variants,
    bundles: inBundles.map((b) => ({ ...b, id: Number(b.id) })),
  };
}

async function productVariantsOf(db: Db, companyId: number, productId: number, currency: string) {
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.product_id))
    .where(and(eq(productVariants.company_id, companyId), eq(productVariants.product_id, productId)))
    .orderBy(asc(productVariants.id));
  return rows.map((r) => toVariant(r as VariantListRow, currency));
}

export async function listVariantsOfProduct(
  db: Db,
  companyId: number,
  productId: number,
): Promise<Variant[]> {
  await productRow(db, companyId, productId);
  return productVariantsOf(db, companyId, productId, await companyCurrency(db, companyId));
}

export async function listVariants(
  db: Db,
  companyId: number,
  p: ListParams<(typeof VARIANT_SORTS)[number], z.infer<typeof variantFiltersSchema>>,
): Promise<{ rows: Variant[]; total: number }> {
  const c: SQL[] = [eq(productVariants.company_id, companyId)];
  if (p.search) c.push(sql`${productVariants.search_text} LIKE ${likePattern(p.search)}`);
  if (p.filters.product_id) c.push(eq(productVariants.product_id, p.filters.product_id));
  const where = and(...c);
  const dir = p.desc ? desc : asc;
  const order =
    p.sort === 'id' ? [dir(productVariants.id)] : [dir(productVariants[p.sort]), dir(productVariants.id)];
  const pageIds = db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(where)
    .orderBy(...order)
    .limit(p.perPage)
    .offset(p.offset);
  const [currency, rows, total] = await Promise.all([
    companyCurrency(db, companyId),
    db
      .select(variantColumns)
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.product_id))
      .where(inArray(productVariants.id, pageIds))
      .orderBy(...order),
    c.length === 1
      ? exactTotal(db, companyId, 'product_variants')
      : db
          .select({ n: sql<number>`count(*)::int8` })
          .from(productVariants)
          .where(where)
          .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return { rows: rows.map((r) => toVariant(r as VariantListRow, currency)), total };
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

async function setCollections(db: Db, companyId: number, productId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await db
      .select({ id: productCollections.id })
      .from(productCollections)
      .where(and(eq(productCollections.company_id, companyId), inArray(productCollections.id, unique)));
    if (found.length !== unique.length) throw invalid('collection_ids', 'Unknown collection.');
  }
  await db.delete(productCollectionItems).where(eq(productCollectionItems.product_id, productId));
  if (unique.length > 0) {
    await db
      .insert(productCollectionItems)
      .values(
        unique.map((collection_id) => ({ company_id: companyId, collection_id, product_id: productId })),
      );
  }
}

export async function createProduct(
  db: Db,
  companyId: number,
  input: z.infer<typeof productCreateSchema>,
): Promise<ProductDetail> {
  const currency = await companyCurrency(db, companyId);
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
  if (input.collection_ids) await setCollections(db, companyId, productId, input.collection_ids);
  return getProduct(db, companyId, productId);
}

// The shop's fields of a synced product; the sync writes them, so Rentloop refuses to.
const SHOP_OWNED = ['name', 'description', 'type', 'image_url', 'status'] as const;

export async function updateProduct(
  db: Db,
  companyId: number,
  id: number,
  input: z.infer<typeof productUpdateSchema>,
): Promise<ProductDetail> {
  const current = await productRow(db, companyId, id);
  const currency = await companyCurrency(db, companyId);
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
      .set({ ...set, updated_at: sql`now()` })
      .where(and(eq(products.id, id), eq(products.company_id, companyId)));
  }
  if (input.collection_ids) await setCollections(db, companyId, id, input.collection_ids);
  return getProduct(db, companyId, id);
}

/** Buyout prices of many products in one transaction; an unknown id fails the whole change. */
export async function bulkBuyoutPrices(
  db: Db,
  companyId: number,
  input: z.infer<typeof bulkBuyoutSchema>,
): Promise<number> {
  const currency = await companyCurrency(db, companyId);
  const ids = [...new Set(input.products.map((p) => p.id))];
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), inArray(products.id, ids)));
  const known = new Set(found.map((f) => Number(f.id)));
  const missing = input.products.findIndex((p) => !known.has(p.id));
  if (missing >= 0) throw invalid(`products.${missing}.id`, 'No such product.');
  for (const [i, p] of input.products.entries()) {
    await db
      .update(products)
      .set({
        buyout_price: toMinor(p.buyout_price, currency, `products.${i}.buyout_price`),
        updated_at: sql`now()`,
      })
      .where(and(eq(products.id, p.id), eq(products.company_id, companyId)));
  }
  return input.products.length;
}

/** Price, stock and SKU of many variants; variants of shop products are the shop's to change. */
export async function bulkUpdateVariants(
  db: Db,
  companyId: number,
  input: z.infer<typeof bulkVariantsSchema>,
): Promise<number> {
  const currency = await companyCurrency(db, companyId);
  const ids = [...new Set(input.variants.map((v) => v.id))];
  const found = await db
    .select({ id: productVariants.id, source: products.source })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.product_id))
    .where(and(eq(productVariants.company_id, companyId), inArray(productVariants.id, ids)));
  const sourceOf = new Map(found.map((f) => [Number(f.id), f.source]));
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
      await db
        .update(productVariants)
        .set({ ...set, updated_at: sql`now()` })
        .where(eq(productVariants.id, v.id));
    }
  }
  return input.variants.length;
}
