/**
 * Tax: rules map a country (and optionally a region) and a product class to a percentage. The rate
 * of a line is the most specific rule for the shipping address (country + region, then country),
 * else the company default (settings group checkout_Taxes).
 */
import {
  formatPercentage,
  PRODUCT_CLASSES,
  type TaxConfig,
  type TaxRule,
  type taxConfigUpdateSchema,
  taxRegionProblem,
  type taxRuleInputSchema,
  type taxRuleUpdateSchema,
} from '@rentloop/domain/catalog';
import type { SectionValues } from '@rentloop/domain/settings';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { taxRules } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import { getSettings, updateSection } from '../settings/sections.ts';

const duplicate = () => invalid('country', 'A rule for this country, region and tax class already exists.');

/**
 * Percentages are kept as numeric(7,4) (Quebec's QST is 9.975 %); the API shows them with two to
 * four decimals ("19.00", "9.975"). Exact string handling: no floating point.
 */
const pct = formatPercentage;

const toRule = (r: typeof taxRules.$inferSelect): TaxRule => ({
  id: Number(r.id),
  name: r.name,
  country: r.country,
  region: r.region,
  product_class: r.product_class,
  percentage: pct(r.percentage),
  source: r.source,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const toConfig = (v: SectionValues<'checkout_taxes'>): TaxConfig => ({
  default_rate: pct(v.default_rate),
  prices_include_tax: v.prices_include_tax,
  product_classes: [...PRODUCT_CLASSES],
});

/** The company's tax configuration: the `checkout_taxes` settings section (through the settings cache). */
export async function taxConfig(ctx: Ctx): Promise<TaxConfig> {
  return toConfig(await getSettings(ctx, 'checkout_taxes'));
}

export async function updateTaxConfig(
  ctx: Ctx,
  input: z.infer<typeof taxConfigUpdateSchema>,
): Promise<TaxConfig> {
  const changes: Partial<SectionValues<'checkout_taxes'>> = {};
  if (input.default_rate !== undefined) changes.default_rate = pct(input.default_rate);
  if (input.prices_include_tax !== undefined) changes.prices_include_tax = input.prices_include_tax;
  return toConfig(await updateSection(ctx, 'checkout_taxes', changes));
}

export async function listTaxRules(
  ctx: Ctx,
  p: { offset: number; perPage: number; country?: string; productClass?: (typeof PRODUCT_CLASSES)[number] },
) {
  const { db, companyId } = ctx;
  const where = and(
    eq(taxRules.company_id, companyId),
    p.country ? eq(taxRules.country, p.country) : undefined,
    p.productClass ? eq(taxRules.product_class, p.productClass) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(taxRules)
      .where(where)
      .orderBy(asc(taxRules.country), sql`${taxRules.region} NULLS FIRST`, asc(taxRules.product_class))
      .limit(p.perPage)
      .offset(p.offset),
    db.select({ n: count() }).from(taxRules).where(where),
  ]);
  return { rows: rows.map(toRule), total: Number(total?.n ?? 0) };
}

export async function createTaxRule(ctx: Ctx, input: z.infer<typeof taxRuleInputSchema>): Promise<TaxRule> {
  try {
    const [row] = await ctx.db
      .insert(taxRules)
      .values({
        company_id: ctx.companyId,
        name: input.name ?? null,
        country: input.country,
        region: input.region || null,
        product_class: input.product_class,
        percentage: pct(input.percentage),
      })
      .returning();
    return toRule(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export async function updateTaxRule(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof taxRuleUpdateSchema>,
): Promise<TaxRule> {
  const { db, companyId } = ctx;
  if (input.region && input.country === undefined) {
    // A new region alone: check it against the rule's stored country.
    const [current] = await db
      .select({ country: taxRules.country })
      .from(taxRules)
      .where(and(eq(taxRules.id, id), eq(taxRules.company_id, companyId)));
    if (!current) throw notFound();
    const problem = taxRegionProblem(current.country, input.region);
    if (problem) throw invalid('region', problem);
  } else if (input.country !== undefined && input.region === undefined) {
    // A new country alone: the stored region must belong to it too.
    const [current] = await db
      .select({ region: taxRules.region })
      .from(taxRules)
      .where(and(eq(taxRules.id, id), eq(taxRules.company_id, companyId)));
    if (!current) throw notFound();
    const problem = taxRegionProblem(input.country, current.region);
    if (problem) throw invalid('region', problem);
  }
  const set: Partial<typeof taxRules.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.country !== undefined) set.country = input.country;
  if (input.region !== undefined) set.region = input.region || null;
  if (input.product_class !== undefined) set.product_class = input.product_class;
  if (input.percentage !== undefined) set.percentage = pct(input.percentage);
  try {
    const [row] = await db
      .update(taxRules)
      .set({ ...set, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(taxRules.id, id), eq(taxRules.company_id, companyId)))
      .returning();
    if (!row) throw notFound();
    return toRule(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

export async function deleteTaxRule(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(taxRules)
    .where(and(eq(taxRules.id, id), eq(taxRules.company_id, ctx.companyId)))
    .returning({ id: taxRules.id });
  if (deleted.length === 0) throw notFound();
}

/** The percentage for a line shipped to `country`/`region` of a product of `productClass`. */
export async function resolveTaxRate(
  ctx: Ctx,
  q: { country: string; region?: string | null; productClass: (typeof PRODUCT_CLASSES)[number] },
): Promise<{
  percentage: string;
  rule_id: number | null;
  matched: 'country_region' | 'country' | 'default';
}> {
  const region = q.region?.toUpperCase() || null;
  const rows = await ctx.db
    .select()
    .from(taxRules)
    .where(
      and(
        eq(taxRules.company_id, ctx.companyId),
        eq(taxRules.country, q.country.toLowerCase()),
        eq(taxRules.product_class, q.productClass),
        region ? or(eq(taxRules.region, region), isNull(taxRules.region)) : isNull(taxRules.region),
      ),
    );
  const exact = rows.find((r) => r.region !== null);
  const country = rows.find((r) => r.region === null);
  if (exact)
    return { percentage: pct(exact.percentage), rule_id: Number(exact.id), matched: 'country_region' };
  if (country)
    return { percentage: pct(country.percentage), rule_id: Number(country.id), matched: 'country' };
  return { percentage: (await taxConfig(ctx)).default_rate, rule_id: null, matched: 'default' };
}
