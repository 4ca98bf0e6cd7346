/**
 * The products and variants lists (GET products, GET variants), on the read replica, built by
 * defineList (db/define-list.ts): one statement per page, each row carrying the exact total (from
 * entity_counts, kept by the triggers of migrations 0010 and 0022, when unfiltered) and the company's currency.
 */
import type {
  PRODUCT_SORTS,
  Product,
  productFiltersSchema,
  VARIANT_SORTS,
  Variant,
  variantFiltersSchema,
} from '@rentloop/domain/catalog';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, products, productVariants } from '../../db/schema/index.ts';
import type { ListParams } from '../../lists.ts';
import {
  PRODUCT_ID,
  type ProductListRow,
  productColumns,
  toProduct,
  toVariant,
  type VariantListRow,
  variantColumns,
} from './product-rows.ts';

// The company's currency as a column of the list statement, so that a page is one round trip.
const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

type ProductSort = (typeof PRODUCT_SORTS)[number];
type ProductFilters = z.infer<typeof productFiltersSchema>;

/**
 * Active and archived products are two scopes rather than a filter: the active one keeps the
 * maintained total (entity_counts counts active rows, migration 0022) and the partial indexes; the
 * `archived` filter of the API picks the scope.
 */
export const productList = defineList<
  ProductSort,
  Omit<ProductFilters, 'archived'>,
  ProductListRow & { currency: string },
  Product
>({
  name: 'products',
  table: products,
  id: products.id,
  scopes: {
    company: sql`${products.company_id} = ${ph('companyId')} AND ${products.archived_at} IS NULL`,
    archived: sql`${products.company_id} = ${ph('companyId')} AND ${products.archived_at} IS NOT NULL`,
  },
  columns: { ...productColumns, currency: currencyColumn },
  sorts: {
    id: products.id,
    name: products.name,
    created_at: products.created_at,
    updated_at: products.updated_at,
  },
  filters: {
    type: (v) => sql`${products.type} = ${v}`,
    status: (v) => sql`${products.status} = ${v}`,
    source: (v) => sql`${products.source} = ${v}`,
    collection_id: (v) =>
      sql`EXISTS (SELECT 1 FROM product_collection_items i WHERE i.product_id = ${PRODUCT_ID} AND i.collection_id = ${v})`,
  },
  search: (pattern) => sql`${products.search_text} LIKE ${pattern}`,
  total: { entity: 'products', scope: 'company' },
  map: ({ currency, ...row }) => toProduct(row, currency),
});

export const listProducts = (
  ctx: Ctx,
  p: ListParams<ProductSort, ProductFilters>,
): Promise<{ rows: Product[]; total: number }> => {
  const { archived, ...filters } = p.filters;
  return productList.list(ctx, { ...p, filters }, archived ? 'archived' : 'company');
};

// The variants list: the same, with the product's name from a join.

type VariantSort = (typeof VARIANT_SORTS)[number];
type VariantFilters = z.infer<typeof variantFiltersSchema>;

export const variantList = defineList<
  VariantSort,
  VariantFilters,
  VariantListRow & { currency: string },
  Variant
>({
  name: 'variants',
  table: productVariants,
  id: productVariants.id,
  scopes: { company: sql`${productVariants.company_id} = ${ph('companyId')}` },
  columns: { ...variantColumns, currency: currencyColumn },
  joins: [{ table: products, on: eq(products.id, productVariants.product_id), type: 'inner' }],
  sorts: {
    id: productVariants.id,
    sku: productVariants.sku,
    name: productVariants.name,
    created_at: productVariants.created_at,
  },
  filters: { product_id: (v) => sql`${productVariants.product_id} = ${v}` },
  search: (pattern) => sql`${productVariants.search_text} LIKE ${pattern}`,
  total: { entity: 'product_variants', scope: 'company' },
  map: ({ currency, ...row }) => toVariant(row, currency),
});

export const listVariants = (
  ctx: Ctx,
  p: ListParams<VariantSort, VariantFilters>,
): Promise<{ rows: Variant[]; total: number }> => variantList.list(ctx, p);
