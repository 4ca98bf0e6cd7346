/**
 * The products and variants lists (GET products, GET variants), on the read replica. One statement
 * per page, prepared once per list shape (db/list-pages.ts).
 */
import type {
  PRODUCT_SORTS,
  Product,
  productFiltersSchema,
  VARIANT_SORTS,
  Variant,
  variantFiltersSchema,
} from '@rentloop/domain/catalog';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { readPage, statement } from '../../db/list-pages.ts';
import { companies, entityCounts, products, productVariants } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lists.ts';
import {
  PRODUCT_ID,
  type ProductListRow,
  productColumns,
  toProduct,
  toVariant,
  type VariantListRow,
  variantColumns,
} from './product-rows.ts';

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
  ctx: Ctx,
  p: ListParams<ProductSort, ProductFilters>,
): Promise<{ rows: Product[]; total: number }> {
  const { db, companyId } = ctx;
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
  ctx: Ctx,
  p: ListParams<VariantSort, VariantFilters>,
): Promise<{ rows: Variant[]; total: number }> {
  const { db, companyId } = ctx;
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
