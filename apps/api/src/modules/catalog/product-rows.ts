/**
 * Products and variants as the API shows them: the columns read (with the counts and collections of
 * a product as subqueries) and the mapping of minor units to decimals in the company's currency.
 * Shared by the products, variants and list files, with the one query they all start from: the
 * product's row in the company.
 */
import type { Product, Variant } from '@rentloop/domain/catalog';
import type { BILLING_INTERVALS } from '@rentloop/domain/enums';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { products, productVariants } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { toDecimal } from '../../money.ts';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type Interval = (typeof BILLING_INTERVALS)[number];

// Qualified by hand: drizzle prints a bare "id" in single-table selects, which inside these
// subqueries would bind to the inner table's id.
export const PRODUCT_ID = sql.raw('"products"."id"');

export const productColumns = {
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
  archived_at: products.archived_at,
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
export type ProductListRow = Omit<ProductRow, 'shop_hash' | 'search_text'> & {
  variants_count: number;
  stock_total: number | null;
  collections: { id: number; name: string }[];
};

export function toProduct(row: ProductListRow, currency: string): Product {
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
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const variantColumns = {
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
export type VariantListRow = Pick<
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
export const toVariant = (row: VariantListRow, currency: string): Variant => ({
  ...row,
  id: Number(row.id),
  product_id: Number(row.product_id),
  price: toDecimal(row.price, currency),
});

/** The row of one product of the company; 404 for another company's (as for a missing one). */
export async function productRow(ctx: Ctx, id: number): Promise<ProductListRow> {
  const [row] = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.company_id, ctx.companyId)));
  if (!row) throw notFound();
  return row as ProductListRow;
}
