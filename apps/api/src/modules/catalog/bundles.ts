/** Bundles (ship several variants together) and groups (offer one of several variants). */
import type {
  Bundle,
  bundleFiltersSchema,
  bundleInputSchema,
  bundleUpdateSchema,
  bundleVariantsChangeSchema,
} from '@rentloop/domain/catalog';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { bundles, bundleVariants, productTracking, productVariants } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { type ListParams, likePattern } from '../../lists.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';

type BundleRow = typeof bundles.$inferSelect;

async function withVariants(ctx: Ctx, rows: BundleRow[], currency: string): Promise<Bundle[]> {
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await ctx.db
        .select({
          bundle_id: bundleVariants.bundle_id,
          variant_id: productVariants.id,
          product_id: productVariants.product_id,
          sku: productVariants.sku,
          name: productVariants.name,
          quantity: bundleVariants.quantity,
        })
        .from(bundleVariants)
        .innerJoin(productVariants, eq(productVariants.id, bundleVariants.variant_id))
        .where(and(eq(bundleVariants.company_id, ctx.companyId), inArray(bundleVariants.bundle_id, ids)))
        .orderBy(asc(productVariants.id))
    : [];
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description,
    is_group: r.is_group,
    is_active: r.is_active,
    price: toDecimal(r.price, currency),
    variants: items
      .filter((i) => i.bundle_id === r.id)
      .map(({ bundle_id: _b, ...i }) => ({
        ...i,
        variant_id: Number(i.variant_id),
        product_id: Number(i.product_id),
      })),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/** Active bundles unless `is_active: false` is asked (the spec's default). */
export async function listBundles(
  ctx: Ctx,
  p: ListParams<'id' | 'name', z.infer<typeof bundleFiltersSchema>>,
) {
  const { db, companyId } = ctx;
  const c: SQL[] = [eq(bundles.company_id, companyId), eq(bundles.is_active, p.filters.is_active ?? true)];
  if (p.filters.is_group !== undefined) c.push(eq(bundles.is_group, p.filters.is_group));
  if (p.search) c.push(sql`lower(${bundles.name}) LIKE ${likePattern(p.search)}`);
  const where = and(...c);
  const dir = p.desc ? desc : asc;
  const [currency, rows, [total]] = await Promise.all([
    companyCurrency(ctx),
    db
      .select()
      .from(bundles)
      .where(where)
      .orderBy(dir(bundles[p.sort]), dir(bundles.id))
      .limit(p.perPage)
      .offset(p.offset),
    db.select({ n: count() }).from(bundles).where(where),
  ]);
  return { rows: await withVariants(ctx, rows, currency), total: Number(total?.n ?? 0) };
}

export async function getBundle(ctx: Ctx, id: number): Promise<Bundle> {
  const [row] = await ctx.db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, id), eq(bundles.company_id, ctx.companyId)));
  if (!row) throw notFound();
  const [bundle] = await withVariants(ctx, [row], await companyCurrency(ctx));
  return bundle!;
}

export async function createBundle(ctx: Ctx, input: z.infer<typeof bundleInputSchema>): Promise<Bundle> {
  const currency = await companyCurrency(ctx);
  const [row] = await ctx.db
    .insert(bundles)
    .values({
      ...input,
      description: input.description ?? null,
      price: toMinor(input.price, currency, 'price') ?? null,
      company_id: ctx.companyId,
    })
    .returning({ id: bundles.id });
  return getBundle(ctx, row!.id);
}

export async function updateBundle(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof bundleUpdateSchema>,
): Promise<Bundle> {
  await getBundle(ctx, id);
  const currency = await companyCurrency(ctx);
  const { price, ...rest } = input;
  const set = { ...rest, ...(price !== undefined ? { price: toMinor(price, currency, 'price') } : {}) };
  if (Object.keys(set).length > 0) {
    await ctx.db
      .update(bundles)
      .set({ ...set, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(bundles.id, id), eq(bundles.company_id, ctx.companyId)));
  }
  return getBundle(ctx, id);
}

export async function deleteBundle(ctx: Ctx, id: number): Promise<void> {
  // A bundle whose units are tracked keeps them (and their history): it can be deactivated instead.
  const [tracked] = await ctx.db
    .select({ n: count() })
    .from(productTracking)
    .where(and(eq(productTracking.company_id, ctx.companyId), eq(productTracking.bundle_id, id)));
  if (Number(tracked?.n) > 0)
    throw new AppError(
      'conflict',
      `This bundle has ${Number(tracked?.n)} tracked assets: deactivate it instead.`,
    );
  const deleted = await ctx.db
    .delete(bundles)
    .where(and(eq(bundles.id, id), eq(bundles.company_id, ctx.companyId)))
    .returning({ id: bundles.id });
  if (deleted.length === 0) throw notFound();
}

/** Adds variants (or changes their quantity); every variant must be the company's. */
export async function addBundleVariants(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof bundleVariantsChangeSchema>,
): Promise<Bundle> {
  const { db, companyId } = ctx;
  await getBundle(ctx, id);
  const ids = [...new Set(input.variants.map((v) => v.variant_id))];
  const found = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.company_id, companyId), inArray(productVariants.id, ids)));
  const known = new Set(found.map((f) => Number(f.id)));
  const bad = input.variants.findIndex((v) => !known.has(v.variant_id));
  if (bad >= 0) throw invalid(`variants.${bad}.variant_id`, 'No such variant.');
  for (const v of input.variants) {
    await db
      .insert(bundleVariants)
      .values({ company_id: companyId, bundle_id: id, variant_id: v.variant_id, quantity: v.quantity })
      .onConflictDoUpdate({
        target: [bundleVariants.bundle_id, bundleVariants.variant_id],
        set: { quantity: v.quantity },
      });
  }
  await touch(ctx, id);
  return getBundle(ctx, id);
}

export async function removeBundleVariants(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof bundleVariantsChangeSchema>,
): Promise<Bundle> {
  const { db, companyId } = ctx;
  await getBundle(ctx, id);
  // Every variant named must be in this bundle: a typo must not pass as a removal.
  const held = await db
    .select({ variant_id: bundleVariants.variant_id })
    .from(bundleVariants)
    .where(and(eq(bundleVariants.company_id, companyId), eq(bundleVariants.bundle_id, id)));
  const inBundle = new Set(held.map((h) => Number(h.variant_id)));
  const bad = input.variants.findIndex((v) => !inBundle.has(v.variant_id));
  if (bad >= 0) throw invalid(`variants.${bad}.variant_id`, 'This variant is not in the bundle.');
  await db.delete(bundleVariants).where(
    and(
      eq(bundleVariants.company_id, companyId),
      eq(bundleVariants.bundle_id, id),
      inArray(
        bundleVariants.variant_id,
        input.variants.map((v) => v.variant_id),
      ),
    ),
  );
  await touch(ctx, id);
  return getBundle(ctx, id);
}

/** A change of a bundle's variants is a change of the bundle. */
const touch = (ctx: Ctx, id: number) =>
  ctx.db
    .update(bundles)
    .set({ updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(bundles.id, id), eq(bundles.company_id, ctx.companyId)));
