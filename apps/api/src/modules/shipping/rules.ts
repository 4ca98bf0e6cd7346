/**
 * Shipping rules (one per method, pricing it by cart value or weight bands; or standalone, blocking or
 * surcharging products to some places) and the answer of the domain's `shippingOptions` for a cart
 * and an address, from the company's stored configuration.
 */
import {
  SHIPPING_TEXTS,
  type ShippingAnswer,
  type ShippingCart,
  type ShippingConfig,
  type ShippingRule,
  type ShippingRuleInput,
  type ShippingRuleUpdate,
  shippingOptions,
  shippingRuleInputSchema,
} from '@rentloop/domain/shipping';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  products,
  shippingCountries,
  shippingMethods,
  shippingRuleBands,
  shippingRules,
} from '../../db/schema/index.ts';
import { AppError, fieldErrors, invalid, notFound } from '../../errors.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';
import { getShippingMethod } from './service.ts';

type RuleRow = typeof shippingRules.$inferSelect;
type BandRow = typeof shippingRuleBands.$inferSelect;

async function bandsOf(ctx: Ctx, ruleIds: number[]): Promise<Map<number, BandRow[]>> {
  const out = new Map<number, BandRow[]>();
  if (ruleIds.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(shippingRuleBands)
    .where(and(eq(shippingRuleBands.company_id, ctx.companyId), inArray(shippingRuleBands.rule_id, ruleIds)))
    .orderBy(asc(shippingRuleBands.rule_id), asc(shippingRuleBands.position));
  for (const b of rows) out.set(Number(b.rule_id), [...(out.get(Number(b.rule_id)) ?? []), b]);
  return out;
}

/** A band's `from`: an amount of the currency (cart value) or grams (weight). */
const fromText = (r: RuleRow, v: bigint, currency: string) =>
  r.basis === 'weight' ? String(v) : (toDecimal(v, currency) ?? '0');

function toRule(r: RuleRow, bands: BandRow[], currency: string): ShippingRule {
  return {
    id: Number(r.id),
    name: r.name,
    shipping_method_id: r.shipping_method_id === null ? null : Number(r.shipping_method_id),
    action: r.action,
    basis: r.basis,
    bands: bands.map((b) => ({
      from: fromText(r, BigInt(b.from_value), currency),
      price: toDecimal(BigInt(b.price), currency) ?? '0',
    })),
    surcharge: toDecimal(r.surcharge === null ? null : BigInt(r.surcharge), currency),
    countries: r.countries,
    regions: r.regions,
    product_ids: r.product_ids.map(Number),
    active: r.active,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

async function rulesWhere(ctx: Ctx, where: ReturnType<typeof eq> | undefined): Promise<ShippingRule[]> {
  const currency = await companyCurrency(ctx);
  const rows = await ctx.db
    .select()
    .from(shippingRules)
    .where(and(eq(shippingRules.company_id, ctx.companyId), where))
    .orderBy(asc(shippingRules.name), asc(shippingRules.id));
  const bands = await bandsOf(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toRule(r, bands.get(Number(r.id)) ?? [], currency));
}

export const listShippingRules = (ctx: Ctx) => rulesWhere(ctx, undefined);

export async function getShippingRule(ctx: Ctx, id: number): Promise<ShippingRule> {
  const [rule] = await rulesWhere(ctx, eq(shippingRules.id, id));
  if (!rule) throw notFound();
  return rule;
}

/** The rule of a method, or 404 when it has none (the screen warns "Failed to load shipping rule"). */
export async function getMethodRule(ctx: Ctx, methodId: number): Promise<ShippingRule> {
  await getShippingMethod(ctx, methodId);
  const [rule] = await rulesWhere(ctx, eq(shippingRules.shipping_method_id, methodId));
  if (!rule) throw notFound('This shipping method has no rule.');
  return rule;
}

function parseRule(input: unknown) {
  const parsed = shippingRuleInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('validation', undefined, fieldErrors(parsed.error.issues));
  return parsed.data;
}

async function writeRule(
  ctx: Ctx,
  id: number | null,
  methodId: number | null,
  input: unknown,
): Promise<ShippingRule> {
  const data = parseRule(input);
  const currency = await companyCurrency(ctx);
  if (methodId !== null && data.action !== 'price')
    throw invalid('action', 'A method’s rule prices the method.');
  if (methodId === null && data.action === 'price')
    throw invalid('action', 'A standalone rule blocks or surcharges.');
  if (data.product_ids.length > 0) {
    const found = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.company_id, ctx.companyId), inArray(products.id, data.product_ids)));
    const known = new Set(found.map((p) => Number(p.id)));
    const missing = data.product_ids.findIndex((p) => !known.has(p));
    if (missing >= 0) throw invalid(`product_ids.${missing}`, 'No product of this company has this id.');
  }
  const values = {
    name: data.name,
    action: data.action,
    basis: data.basis,
    surcharge:
      data.action === 'surcharge' ? (toMinor(data.surcharge ?? null, currency, 'surcharge') ?? null) : null,
    countries: data.countries,
    regions: data.regions,
    product_ids: data.product_ids,
    active: data.active,
  };
  const bands = data.bands.map((b, i) => ({
    from_value:
      data.basis === 'weight'
        ? /^\d+$/.test(b.from)
          ? BigInt(b.from)
          : (() => {
              throw invalid(`bands.${i}.from`, 'Grams: a whole number.');
            })()
        : (toMinor(b.from, currency, `bands.${i}.from`) as bigint),
    price: toMinor(b.price, currency, `bands.${i}.price`) as bigint,
  }));
  let ruleId = id;
  try {
    if (ruleId === null) {
      const [row] = await ctx.db
        .insert(shippingRules)
        .values({ ...values, company_id: ctx.companyId, shipping_method_id: methodId })
        .returning({ id: shippingRules.id });
      ruleId = row!.id;
    } else {
      await ctx.db
        .update(shippingRules)
        .set({ ...values, updated_at: ctx.clock.now().toISOString() })
        .where(and(eq(shippingRules.id, ruleId), eq(shippingRules.company_id, ctx.companyId)));
      await ctx.db
        .delete(shippingRuleBands)
        .where(and(eq(shippingRuleBands.company_id, ctx.companyId), eq(shippingRuleBands.rule_id, ruleId)));
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid('shipping_method_id', SHIPPING_TEXTS.ruleOfMethodTaken);
    throw e;
  }
  if (bands.length > 0)
    await ctx.db.insert(shippingRuleBands).values(
      bands.map((b, position) => ({
        ...b,
        position,
        company_id: ctx.companyId,
        rule_id: ruleId as number,
      })),
    );
  return getShippingRule(ctx, ruleId);
}

/** `POST shipping-methods/{id}/shipping-rule`: the method's rule, made or replaced. */
export async function setMethodRule(
  ctx: Ctx,
  methodId: number,
  input: ShippingRuleInput,
): Promise<ShippingRule> {
  await getShippingMethod(ctx, methodId);
  const [existing] = await ctx.db
    .select({ id: shippingRules.id })
    .from(shippingRules)
    .where(and(eq(shippingRules.company_id, ctx.companyId), eq(shippingRules.shipping_method_id, methodId)));
  return writeRule(ctx, existing?.id ?? null, methodId, { action: 'price', ...input });
}

export const createShippingRule = (ctx: Ctx, input: ShippingRuleInput) =>
  writeRule(ctx, null, null, { action: 'block', ...input });

export async function updateShippingRule(
  ctx: Ctx,
  id: number,
  input: ShippingRuleUpdate,
): Promise<ShippingRule> {
  const before = await getShippingRule(ctx, id);
  const { id: _i, shipping_method_id, created_at: _c, updated_at: _u, ...stored } = before;
  return writeRule(ctx, id, shipping_method_id, { ...stored, ...input });
}

export async function deleteShippingRule(ctx: Ctx, id: number): Promise<void> {
  await getShippingRule(ctx, id);
  await ctx.db
    .delete(shippingRules)
    .where(and(eq(shippingRules.id, id), eq(shippingRules.company_id, ctx.companyId)));
}

// ---- the answer ----

/** The tax class of shipping method `methodId` (shipping is taxed at it where it is delivered); null if none. */
export async function shippingTaxClass(
  ctx: Ctx,
  methodId: number,
): Promise<'standard' | 'reduced' | 'zero' | null> {
  const [method] = await ctx.db
    .select({ tax_class: shippingMethods.tax_class })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.id, methodId), eq(shippingMethods.company_id, ctx.companyId)));
  return method?.tax_class ?? null;
}

/** The company's configuration as `shippingOptions` reads it (minor units, grams). */
export async function shippingConfig(ctx: Ctx): Promise<ShippingConfig> {
  const [countries, methods, rules] = await Promise.all([
    ctx.db.select().from(shippingCountries).where(eq(shippingCountries.company_id, ctx.companyId)),
    ctx.db.select().from(shippingMethods).where(eq(shippingMethods.company_id, ctx.companyId)),
    ctx.db.select().from(shippingRules).where(eq(shippingRules.company_id, ctx.companyId)),
  ]);
  const bands = await bandsOf(
    ctx,
    rules.map((r) => Number(r.id)),
  );
  return {
    countries: countries.map((c) => ({
      id: Number(c.id),
      country: c.country,
      regions: c.regions,
      active: c.active,
    })),
    methods: methods.map((m) => ({
      id: Number(m.id),
      shipping_country_id: m.shipping_country_id === null ? null : Number(m.shipping_country_id),
      name: m.name,
      carrier: m.carrier,
      price: BigInt(m.price),
      free_shipping_threshold: m.free_shipping_threshold === null ? null : BigInt(m.free_shipping_threshold),
      delivery_days_min: m.delivery_days_min,
      delivery_days_max: m.delivery_days_max,
      active: m.active,
    })),
    rules: rules.map((r) => ({
      id: Number(r.id),
      name: r.name,
      shipping_method_id: r.shipping_method_id === null ? null : Number(r.shipping_method_id),
      action: r.action,
      basis: r.basis,
      bands: (bands.get(Number(r.id)) ?? []).map((b) => ({
        from: BigInt(b.from_value),
        price: BigInt(b.price),
      })),
      surcharge: r.surcharge === null ? null : BigInt(r.surcharge),
      countries: r.countries,
      regions: r.regions,
      product_ids: r.product_ids.map(Number),
      active: r.active,
    })),
  };
}

export async function quoteShipping(
  ctx: Ctx,
  cart: ShippingCart,
  to: { country: string; region?: string | null },
): Promise<ShippingAnswer> {
  return shippingOptions(await shippingConfig(ctx), cart, to);
}
