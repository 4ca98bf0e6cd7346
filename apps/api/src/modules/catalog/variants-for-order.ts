/**
 * The catalog as an order is priced from it (modules/orders/pricing-lines.ts): each variant with its
 * product's type, tax class, prices and terms, for the company's own variants only. Kept in catalog, which
 * owns these tables, so that orders does not read them itself.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { products, productVariants } from '../../db/schema/index.ts';

const RENTAL_PRICE = {
  monthly: products.rental_price_monthly,
  quarterly: products.rental_price_quarterly,
  annually: products.rental_price_annually,
} as const;

const selectVariants = (ctx: Ctx, variantIds: number[]) =>
  ctx.db
    .select({
      variant_id: productVariants.id,
      variant_name: productVariants.name,
      sku: productVariants.sku,
      variant_price: productVariants.price,
      product_id: products.id,
      product_name: products.name,
      product_type: products.type,
      product_class: products.product_class,
      purchase_price: products.purchase_price,
      buyout_price: products.buyout_price,
      minimum_term_months: products.minimum_term_months,
      archived_at: products.archived_at,
      monthly: RENTAL_PRICE.monthly,
      quarterly: RENTAL_PRICE.quarterly,
      annually: RENTAL_PRICE.annually,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
    )
    .where(and(eq(productVariants.company_id, ctx.companyId), inArray(productVariants.id, variantIds)));

export type VariantForOrder = Awaited<ReturnType<typeof selectVariants>>[number];

/** The variants `variantIds` of the company, by id; a missing id is another company's or none. */
export async function variantsForOrder(
  ctx: Ctx,
  variantIds: number[],
): Promise<Map<number, VariantForOrder>> {
  const rows = variantIds.length === 0 ? [] : await selectVariants(ctx, variantIds);
  return new Map(rows.map((r) => [Number(r.variant_id), r]));
}
