/**
 * `GET products/{id}/variants/insights`: what the data says about a product's variants. The spec
 * names the route without a payload; this answers from what the catalog holds: each variant's stock
 * and price, the bundles and groups it is in, the availability settings of its SKU, and the same
 * summed up for the product. Nothing is estimated: orders and rentals are not in the data yet.
 */
import type { VariantInsight, VariantInsights } from '@rentloop/domain/catalog';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  availabilitySettings,
  bundles,
  bundleVariants,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { companyCurrency, toDecimal } from '../../money.ts';

export async function variantInsights(ctx: Ctx, productId: number): Promise<VariantInsights> {
  const { db, companyId } = ctx;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.company_id, companyId)));
  if (!product) throw notFound();

  const [currency, variants] = await Promise.all([
    companyCurrency(ctx),
    db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        name: productVariants.name,
        options: productVariants.options,
        price: productVariants.price,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(and(eq(productVariants.company_id, companyId), eq(productVariants.product_id, productId)))
      .orderBy(asc(productVariants.id)),
  ]);
  const ids = variants.map((v) => v.id);
  const skus = [...new Set(variants.map((v) => v.sku).filter((s): s is string => s !== null))];

  const [inBundles, settings] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            variant_id: bundleVariants.variant_id,
            all: count(),
            active: sql<number>`count(*) filter (where ${bundles.is_active})`.mapWith(Number),
          })
          .from(bundleVariants)
          .innerJoin(bundles, eq(bundles.id, bundleVariants.bundle_id))
          .where(and(eq(bundleVariants.company_id, companyId), inArray(bundleVariants.variant_id, ids)))
          .groupBy(bundleVariants.variant_id),
    skus.length === 0
      ? []
      : db
          .select({
            id: availabilitySettings.id,
            sku_name: availabilitySettings.sku_name,
            is_available: availabilitySettings.is_available,
            min_stock: availabilitySettings.min_stock,
          })
          .from(availabilitySettings)
          .where(
            and(eq(availabilitySettings.company_id, companyId), inArray(availabilitySettings.sku_name, skus)),
          ),
  ]);
  const bundlesOf = new Map(inBundles.map((b) => [Number(b.variant_id), b]));
  const settingOf = new Map(settings.map((s) => [s.sku_name, s]));

  const rows: VariantInsight[] = variants.map((v) => {
    const b = bundlesOf.get(Number(v.id));
    const setting = v.sku === null ? undefined : settingOf.get(v.sku);
    return {
      variant_id: Number(v.id),
      sku: v.sku,
      name: v.name,
      options: v.options,
      price: toDecimal(v.price, currency),
      stock: v.stock,
      bundles: Number(b?.all ?? 0),
      active_bundles: Number(b?.active ?? 0),
      availability: setting
        ? {
            id: Number(setting.id),
            is_available: setting.is_available,
            min_stock: setting.min_stock,
            below_min_stock: v.stock === null ? null : v.stock < setting.min_stock,
          }
        : null,
    };
  });
  const tracked = rows.filter((r) => r.stock !== null);
  return {
    product_id: productId,
    currency,
    variants_count: rows.length,
    stock_tracked: tracked.length,
    stock_total: tracked.length === 0 ? null : tracked.reduce((sum, r) => sum + (r.stock ?? 0), 0),
    out_of_stock: tracked.filter((r) => r.stock === 0).length,
    below_min_stock: rows.filter((r) => r.availability?.below_min_stock === true).length,
    in_bundles: rows.filter((r) => r.bundles > 0).length,
    variants: rows,
  };
}
