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
import { readPage, statement } from '../../db/list-pages.ts';
import {
  bundles,
  bundleVariants,
  companies,
  entityCounts,
  productCollectionItems,
  productCollections,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { type ListParams, likePattern } from '../../lists.ts';
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

const ph = (name: string) => sql.placeholder(name);

// The company's currency as a column of the list statement, so that a page is one round trip.
const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

/** The total alone, from entity_counts (kept exact by the triggers of migration 0010). */
const countedTotal = (db: Db, entity: 'products' | 'product_variants') =>
  db
    .select({ n: entityCounts.total })
    .from(entityCounts)
    .where(and(eq(entityCounts.company_id, ph('companyId')), eq(entityCounts.entity, entity)));

// ---- the products list ----
// The customers list's pattern (apps/api/src/modules/customers/service.ts, docs/performance.md):
// one statement per page, each row carrying the exact total (from entity_counts when unfiltered)
// and the currency; the page's ids from the index (company_id, sort, id) alone, then only those
// rows read (deferred join); deep unfiltered pages from the nearer end (list.ts); a search collects
// its matches once (trigram index) and takes both the count and the page from them.

type ProductSort = (typeof PRODUCT_SORTS)[number];
type ProductFilters = z.infer<typeof productFiltersSchema>;
interface ProductShape {
  sort: ProductSort;
  desc: boolean;
  search: boolean;
  type: boolean;
  status: boolean;
  source: boolean;
  collection: boolean;
}
const productShapeOf = (p: ListParams<ProductSort, ProductFilters>): ProductShape => ({
  sort: p.sort,
  desc: p.desc,
  search: Boolean(p.search),
  type: Boolean(p.filters.type),
  status: Boolean(p.filters.status),
  source: Boolean(p.filters.source),
  collection: Boolean(p.filters.collection_id),
});
const productFiltered = (s: ProductShape) => s.search || s.type || s.status || s.source || s.collection;
const productKey = (s: ProductShape) =>
  `products_${s.sort}_${s.desc ? 'desc' : 'asc'}${productFiltered(s) ? `_f${[s.search, s.type, s.status, s.source, s.collection].map(Number).join('')}` : ''}`;

function productConditions(s: ProductShape): SQL[] {
  const c: SQL[] = [sql`${products.company_id} = ${ph('companyId')}`];
  if (s.search) c.push(sql`${products.search_text} LIKE ${ph('pattern')}`);
  if (s.type) c.push(sql`${products.type} = ${ph('type')}`);
  if (s.status) c.push(sql`${products.status} = ${ph('status')}`);
  if (s.source) c.push(sql`${products.source} = ${ph('source')}`);
  if (s.collection) {
    c.push(
      sql`EXISTS (SELECT 1 FROM product_collection_items i WHERE i.product_id = ${PRODUCT_ID} AND i.collection_id = ${ph('collectionId')})`,
    );
  }
  return c;
}

function productListQuery(db: Db, s: ProductShape, reverse: boolean) {
  const where = and(...productConditions(s));
  const direction = (descending: boolean) => (descending ? desc : asc);
  const orderBy = (descending: boolean) =>
    s.sort === 'id'
      ? [direction(descending)(products.id)]
      : [direction(descending)(products[s.sort]), direction(descending)(products.id)];
  if (s.search) {
    // One trigram scan collects the matches; the count and a top-N sort of their ids both read it.
    const matches = db.$with('matches').as(
      db
        .select({ id: products.id, key: sql`${products[s.sort]}`.as('sort_key') })
        .from(products)
        .where(where),
    );
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(direction(s.desc)(matches.key), direction(s.desc)(matches.id))
      .limit(ph('limit'))
      .offset(ph('offset'));
    return db
      .with(matches)
      .select({
        ...productColumns,
        currency: currencyColumn,
        total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
      })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...orderBy(s.desc));
  }
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy(s.desc !== reverse))
    .limit(ph('limit'))
    .offset(ph('offset'));
  const total = productFiltered(s)
    ? sql<number>`(select count(*) from ${products} where ${where})`
    : sql<number>`(select ${entityCounts.total} from ${entityCounts}
        where ${entityCounts.company_id} = ${ph('companyId')} and ${entityCounts.entity} = 'products')`;
  return db
    .select({ ...productColumns, currency: currencyColumn, total: total.mapWith(Number) })
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...orderBy(s.desc));
}

export async function listProducts(
  db: Db,
  companyId: number,
  p: ListParams<ProductSort, ProductFilters>,
): Promise<{ rows: Product[]; total: number }> {
  const s = productShapeOf(p);
  const filtered = productFiltered(s);
  const values = {
    companyId,
    pattern: p.search ? likePattern(p.search) : null,
    type: p.filters.type ?? null,
    status: p.filters.status ?? null,
    source: p.filters.source ?? null,
    collectionId: p.filters.collection_id ?? null,
  };
  const { rows, total } = await readPage(p, filtered, {
    page: async (reverse, window) =>
      (await statement(db, `${productKey(s)}${reverse ? '_rev' : ''}`, !filtered, () =>
        productListQuery(db, s, reverse),
      ).execute({ ...values, ...window })) as (ProductListRow & { currency: string; total: number })[],
    total: async () => {
      const st = filtered
        ? statement(db, `${productKey(s)}_count`, false, () =>
            db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(products)
              .where(and(...productConditions(s))),
          )
        : statement(db, 'products_total', true, () => countedTotal(db, 'products'));
      return Number((await st.execute(values))[0]?.n ?? 0);
    },
  });
  return { rows: rows.map((r) => toProduct(r, r.currency)), total };
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

// ---- the variants list (the same pattern; the product's name comes from a join) ----

type VariantSort = (typeof VARIANT_SORTS)[number];
type VariantFilters = z.infer<typeof variantFiltersSchema>;
interface VariantShape {
  sort: VariantSort;
  desc: boolean;
  search: boolean;
  product: boolean;
}
const variantShapeOf = (p: ListParams<VariantSort, VariantFilters>): VariantShape => ({
  sort: p.sort,
  desc: p.desc,
  search: Boolean(p.search),
  product: Boolean(p.filters.product_id),
});
const variantFiltered = (s: VariantShape) => s.search || s.product;
const variantKey = (s: VariantShape) =>
  `variants_${s.sort}_${s.desc ? 'desc' : 'asc'}${variantFiltered(s) ? `_f${[s.search, s.product].map(Number).join('')}` : ''}`;

function variantConditions(s: VariantShape): SQL[] {
  const c: SQL[] = [sql`${productVariants.company_id} = ${ph('companyId')}`];
  if (s.search) c.push(sql`${productVariants.search_text} LIKE ${ph('pattern')}`);
  if (s.product) c.push(sql`${productVariants.product_id} = ${ph('productId')}`);
  return c;
}

function variantListQuery(db: Db, s: VariantShape, reverse: boolean) {
  const where = and(...variantConditions(s));
  const direction = (descending: boolean) => (descending ? desc : asc);
  const orderBy = (descending: boolean) =>
    s.sort === 'id'
      ? [direction(descending)(productVariants.id)]
      : [direction(descending)(productVariants[s.sort]), direction(descending)(productVariants.id)];
  if (s.search) {
    const matches = db.$with('matches').as(
      db
        .select({ id: productVariants.id, key: sql`${productVariants[s.sort]}`.as('sort_key') })
        .from(productVariants)
        .where(where),
    );
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(direction(s.desc)(matches.key), direction(s.desc)(matches.id))
      .limit(ph('limit'))
      .offset(ph('offset'));
    return db
      .with(matches)
      .select({
        ...variantColumns,
        currency: currencyColumn,
        total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.product_id))
      .where(inArray(productVariants.id, pageIds))
      .orderBy(...orderBy(s.desc));
  }
  const pageIds = db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(where)
    .orderBy(...orderBy(s.desc !== reverse))
    .limit(ph('limit'))
    .offset(ph('offset'));
  const total = variantFiltered(s)
    ? sql<number>`(select count(*) from ${productVariants} where ${where})`
    : sql<number>`(select ${entityCounts.total} from ${entityCounts}
        where ${entityCounts.company_id} = ${ph('companyId')} and ${entityCounts.entity} = 'product_variants')`;
  return db
    .select({ ...variantColumns, currency: currencyColumn, total: total.mapWith(Number) })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.product_id))
    .where(inArray(productVariants.id, pageIds))
    .orderBy(...orderBy(s.desc));
}

export async function listVariants(
  db: Db,
  companyId: number,
  p: ListParams<VariantSort, VariantFilters>,
): Promise<{ rows: Variant[]; total: number }> {
  const s = variantShapeOf(p);
  const filtered = variantFiltered(s);
  const values = {
    companyId,
    pattern: p.search ? likePattern(p.search) : null,
    productId: p.filters.product_id ?? null,
  };
  const { rows, total } = await readPage(p, filtered, {
    page: async (reverse, window) =>
      (await statement(db, `${variantKey(s)}${reverse ? '_rev' : ''}`, !filtered, () =>
        variantListQuery(db, s, reverse),
      ).execute({ ...values, ...window })) as (VariantListRow & { currency: string; total: number })[],
    total: async () => {
      const st = filtered
        ? statement(db, `${variantKey(s)}_count`, false, () =>
            db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(productVariants)
              .where(and(...variantConditions(s))),
          )
        : statement(db, 'variants_total', true, () => countedTotal(db, 'product_variants'));
      return Number((await st.execute(values))[0]?.n ?? 0);
    },
  });
  return { rows: rows.map(({ currency, total: _t, ...r }) => toVariant(r, currency)), total };
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
