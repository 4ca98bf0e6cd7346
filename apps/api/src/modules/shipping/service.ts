/**
 * Shipping countries and methods of one company (spec 02 §7 "Shipping"). Every query carries
 * `company_id = companyId`; amounts change form only through money.ts.
 */
import {
  type SHIPPING_METHOD_SORTS,
  SHIPPING_TEXTS,
  type ShippingCountry,
  type ShippingCountryInput,
  type ShippingCountryUpdate,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingMethodUpdate,
  shippingCountryInputSchema,
  shippingMethodInputSchema,
} from '@rentloop/domain/shipping';
import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { companies, shippingCountries, shippingMethods } from '../../db/schema/index.ts';
import { AppError, fieldErrors, invalid, notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';

const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as string));

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('validation', undefined, fieldErrors(parsed.error.issues));
  return parsed.data;
}

// ---- countries ----

const countryColumns = {
  id: shippingCountries.id,
  country: shippingCountries.country,
  regions: shippingCountries.regions,
  active: shippingCountries.active,
  created_at: shippingCountries.created_at,
  updated_at: shippingCountries.updated_at,
  methods_count: sql<number>`(SELECT count(*)::int FROM shipping_methods m WHERE m.shipping_country_id = "shipping_countries"."id")`,
};
const toCountry = (r: Omit<ShippingCountry, 'regions'> & { regions: string[] | null }): ShippingCountry => ({
  ...r,
  id: Number(r.id),
  regions: r.regions && r.regions.length > 0 ? r.regions : null,
  methods_count: Number(r.methods_count),
});

export async function listShippingCountries(ctx: Ctx): Promise<ShippingCountry[]> {
  const rows = await ctx.db
    .select(countryColumns)
    .from(shippingCountries)
    .where(eq(shippingCountries.company_id, ctx.companyId))
    .orderBy(asc(shippingCountries.country));
  return rows.map(toCountry);
}

export async function getShippingCountry(ctx: Ctx, id: number): Promise<ShippingCountry> {
  const [row] = await ctx.db
    .select(countryColumns)
    .from(shippingCountries)
    .where(and(eq(shippingCountries.id, id), eq(shippingCountries.company_id, ctx.companyId)));
  if (!row) throw notFound();
  return toCountry(row);
}

const countryTaken = () => invalid('country', SHIPPING_TEXTS.countryTaken);

export async function createShippingCountry(ctx: Ctx, input: ShippingCountryInput): Promise<ShippingCountry> {
  const data = parseWith(shippingCountryInputSchema, input);
  try {
    const [row] = await ctx.db
      .insert(shippingCountries)
      .values({
        company_id: ctx.companyId,
        country: data.country,
        regions: data.regions?.length ? data.regions : null,
        active: data.active,
      })
      .returning({ id: shippingCountries.id });
    return getShippingCountry(ctx, row!.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw countryTaken();
    throw e;
  }
}

export async function updateShippingCountry(
  ctx: Ctx,
  id: number,
  input: ShippingCountryUpdate,
): Promise<ShippingCountry> {
  const before = await getShippingCountry(ctx, id);
  const data = parseWith(shippingCountryInputSchema, { ...before, ...input });
  try {
    await ctx.db
      .update(shippingCountries)
      .set({
        country: data.country,
        regions: data.regions?.length ? data.regions : null,
        active: data.active,
        updated_at: ctx.clock.now().toISOString(),
      })
      .where(and(eq(shippingCountries.id, id), eq(shippingCountries.company_id, ctx.companyId)));
  } catch (e) {
    if (isUniqueViolation(e)) throw countryTaken();
    throw e;
  }
  return getShippingCountry(ctx, id);
}

/** Deletes a country with its methods (and their rules). */
export async function deleteShippingCountry(ctx: Ctx, id: number): Promise<void> {
  await getShippingCountry(ctx, id);
  await ctx.db
    .delete(shippingCountries)
    .where(and(eq(shippingCountries.id, id), eq(shippingCountries.company_id, ctx.companyId)));
}

// ---- methods ----

type MethodRow = typeof shippingMethods.$inferSelect;
const { company_id: _c, ...methodColumns } = getTableColumns(shippingMethods);

function toMethod(r: Omit<MethodRow, 'company_id'>, currency: string): ShippingMethod {
  return {
    id: Number(r.id),
    shipping_country_id: r.shipping_country_id === null ? null : Number(r.shipping_country_id),
    name: r.name,
    carrier: r.carrier,
    price: toDecimal(big(r.price), currency) ?? '0',
    delivery_days_min: r.delivery_days_min,
    delivery_days_max: r.delivery_days_max,
    free_shipping_threshold: toDecimal(big(r.free_shipping_threshold), currency),
    tax_class: r.tax_class,
    active: r.active,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

type MethodSort = (typeof SHIPPING_METHOD_SORTS)[number];
const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

/** Every method (the global ones and the countries'), for `GET shipping-methods` with the list query. */
export const shippingMethodList = defineList<
  MethodSort,
  { global: boolean },
  Omit<MethodRow, 'company_id'> & { currency: string },
  ShippingMethod
>({
  name: 'shipping_methods',
  table: shippingMethods,
  id: shippingMethods.id,
  scopes: { company: sql`${shippingMethods.company_id} = ${ph('companyId')}` },
  columns: { ...methodColumns, currency: currencyColumn },
  sorts: { id: shippingMethods.id, name: shippingMethods.name, created_at: shippingMethods.created_at },
  filters: {
    global: (v) => sql`((${shippingMethods.shipping_country_id} IS NULL) = ${v})`,
  },
  search: (pattern) =>
    sql`lower(${shippingMethods.name} || ' ' || coalesce(${shippingMethods.carrier}, '')) LIKE ${pattern}`,
  map: ({ currency, ...row }) => toMethod(row, currency),
});

export const listShippingMethods = (ctx: Ctx, p: ListParams<MethodSort, { global?: boolean }>) =>
  shippingMethodList.list(ctx, p);

async function methodRow(ctx: Ctx, id: number, countryId?: number | null) {
  const [row] = await ctx.db
    .select()
    .from(shippingMethods)
    .where(
      and(
        eq(shippingMethods.id, id),
        eq(shippingMethods.company_id, ctx.companyId),
        countryId === undefined
          ? undefined
          : countryId === null
            ? isNull(shippingMethods.shipping_country_id)
            : eq(shippingMethods.shipping_country_id, countryId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export async function getShippingMethod(
  ctx: Ctx,
  id: number,
  countryId?: number | null,
): Promise<ShippingMethod> {
  return toMethod(await methodRow(ctx, id, countryId), await companyCurrency(ctx));
}

export async function countryMethods(ctx: Ctx, countryId: number): Promise<ShippingMethod[]> {
  await getShippingCountry(ctx, countryId);
  const currency = await companyCurrency(ctx);
  const rows = await ctx.db
    .select()
    .from(shippingMethods)
    .where(
      and(eq(shippingMethods.company_id, ctx.companyId), eq(shippingMethods.shipping_country_id, countryId)),
    )
    .orderBy(asc(shippingMethods.name), asc(shippingMethods.id));
  return rows.map((r) => toMethod(r, currency));
}

function methodValues(data: ReturnType<typeof shippingMethodInputSchema.parse>, currency: string) {
  return {
    name: data.name,
    carrier: data.carrier ?? null,
    price: toMinor(data.price, currency, 'price') as bigint,
    delivery_days_min: data.delivery_days_min ?? null,
    delivery_days_max: data.delivery_days_max ?? null,
    free_shipping_threshold:
      toMinor(data.free_shipping_threshold ?? null, currency, 'free_shipping_threshold') ?? null,
    tax_class: data.tax_class,
    active: data.active,
  };
}

/** Creates a method of a country (`countryId`) or a global one (null). */
export async function createShippingMethod(
  ctx: Ctx,
  countryId: number | null,
  input: ShippingMethodInput,
): Promise<ShippingMethod> {
  if (countryId !== null) await getShippingCountry(ctx, countryId);
  const currency = await companyCurrency(ctx);
  const data = parseWith(shippingMethodInputSchema, input);
  const [row] = await ctx.db
    .insert(shippingMethods)
    .values({ ...methodValues(data, currency), company_id: ctx.companyId, shipping_country_id: countryId })
    .returning();
  return toMethod(row!, currency);
}

/** Updates a method (of `countryId` when given: another country's is a 404). */
export async function updateShippingMethod(
  ctx: Ctx,
  id: number,
  input: ShippingMethodUpdate,
  countryId?: number | null,
): Promise<ShippingMethod> {
  const currency = await companyCurrency(ctx);
  const before = toMethod(await methodRow(ctx, id, countryId), currency);
  const data = parseWith(shippingMethodInputSchema, { ...before, ...input });
  const [row] = await ctx.db
    .update(shippingMethods)
    .set({ ...methodValues(data, currency), updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.company_id, ctx.companyId)))
    .returning();
  return toMethod(row!, currency);
}

export async function deleteShippingMethod(ctx: Ctx, id: number, countryId?: number | null): Promise<void> {
  await methodRow(ctx, id, countryId);
  await ctx.db
    .delete(shippingMethods)
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.company_id, ctx.companyId)));
}
