/**
 * The Insights screen's summary, counted and summed by the database (one aggregate per figure, on the
 * company's own rows only), never by reading the rows into the server.
 */
import type { InsightsSummary } from '@rentloop/domain/insights';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { customers, products, productVariants } from '../../db/schema/index.ts';
import { companyCurrency, toDecimal } from '../../money.ts';

export async function insightsSummary(ctx: Ctx): Promise<InsightsSummary> {
  const { db, companyId } = ctx;
  const currency = await companyCurrency(ctx);
  const country = sql<string | null>`upper(${customers.billing_country})`;
  const [byCountry, byLanguage, byType, [catalog]] = await Promise.all([
    db
      .select({ country, count: count() })
      .from(customers)
      .where(eq(customers.company_id, companyId))
      .groupBy(customers.billing_country)
      .orderBy(desc(count()), asc(customers.billing_country)),
    db
      .select({ language: customers.language, count: count() })
      .from(customers)
      .where(eq(customers.company_id, companyId))
      .groupBy(customers.language)
      .orderBy(desc(count()), asc(customers.language)),
    db
      .select({ type: products.type, count: count() })
      .from(products)
      .where(eq(products.company_id, companyId))
      .groupBy(products.type)
      .orderBy(desc(count()), asc(products.type)),
    // Sums of bigint minor units are numeric in PostgreSQL: read as text, so nothing passes through a
    // float on the way to the decimal string.
    db
      .select({
        variants: count(),
        priced: count(productVariants.price),
        list: sql<string>`coalesce(sum(${productVariants.price}), 0)::text`,
        stock: sql<string>`coalesce(sum(${productVariants.price} * ${productVariants.stock}) filter (where ${productVariants.stock} > 0), 0)::text`,
        units: sql<string>`coalesce(sum(${productVariants.stock}) filter (where ${productVariants.stock} > 0 and ${productVariants.price} is not null), 0)::text`,
      })
      .from(productVariants)
      .innerJoin(
        products,
        and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
      )
      .where(and(eq(productVariants.company_id, companyId), eq(products.status, 'active'))),
  ]);
  const sum = (rows: { count: number }[]) => rows.reduce((total, r) => total + r.count, 0);
  return {
    currency,
    customers: { total: sum(byCountry), by_country: byCountry, by_language: byLanguage },
    products: { total: sum(byType), by_type: byType },
    catalog: {
      variants: catalog?.variants ?? 0,
      priced_variants: catalog?.priced ?? 0,
      list_value: toDecimal(BigInt(catalog?.list ?? '0'), currency)!,
      stock_value: toDecimal(BigInt(catalog?.stock ?? '0'), currency)!,
      units_in_stock: Number(catalog?.units ?? 0),
    },
  };
}
