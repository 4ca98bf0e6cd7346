/**
 * Vouchers of one company (spec 02 §7 "Vouchers"). Every query carries `company_id = companyId`.
 * Amounts change form only through money.ts; what a voucher takes off a cart is the domain's pure
 * `voucherDiscount`, and redeeming counts a use with one conditional UPDATE (never past the limit).
 */
import { formatPercentage } from '@rentloop/domain/catalog';
import {
  type RecurringVoucher,
  recurringVoucherOf,
  VOUCHER_REFUSALS,
  type VOUCHER_SORTS,
  VOUCHER_TEXTS,
  type Voucher,
  type VoucherCart,
  type VoucherFilters,
  type VoucherInput,
  type VoucherOutcome,
  type VoucherProduct,
  type VoucherTerms,
  type VoucherUpdate,
  voucherDiscount,
  voucherInputSchema,
  voucherUpdateSchema,
} from '@rentloop/domain/vouchers';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { companies, products, voucherProducts, voucherRedemptions, vouchers } from '../../db/schema/index.ts';
import { AppError, fieldErrors, invalid, notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';
import { recordEvent } from '../events/service.ts';

type Sort = (typeof VOUCHER_SORTS)[number];
type Row = Omit<typeof vouchers.$inferSelect, 'search_text'> & { products_count: number };

const columns = {
  id: vouchers.id,
  company_id: vouchers.company_id,
  code: vouchers.code,
  description: vouchers.description,
  kind: vouchers.kind,
  percentage: vouchers.percentage,
  amount: vouchers.amount,
  valid_from: vouchers.valid_from,
  valid_until: vouchers.valid_until,
  usage_limit: vouchers.usage_limit,
  usage_limit_per_customer: vouchers.usage_limit_per_customer,
  used_count: vouchers.used_count,
  minimum_cart_value: vouchers.minimum_cart_value,
  applies_to: vouchers.applies_to,
  recurring_payments: vouchers.recurring_payments,
  active: vouchers.active,
  created_at: vouchers.created_at,
  updated_at: vouchers.updated_at,
  // Qualified by hand: drizzle prints a bare "id" in single-table selects.
  products_count: sql<number>`(SELECT count(*)::int FROM voucher_products vp WHERE vp.voucher_id = "vouchers"."id")`,
};

const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

/** Minor units (bigint from the driver, or text) as bigint. */
const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as string));

function toVoucher(row: Row, currency: string): Voucher {
  const value =
    row.kind === 'percentage'
      ? row.percentage === null
        ? null
        : formatPercentage(row.percentage)
      : row.kind === 'fixed_amount'
        ? toDecimal(big(row.amount), currency)
        : null;
  return {
    id: Number(row.id),
    code: row.code,
    description: row.description,
    kind: row.kind,
    value,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    usage_limit: row.usage_limit,
    usage_limit_per_customer: row.usage_limit_per_customer,
    used_count: row.used_count,
    minimum_cart_value: toDecimal(big(row.minimum_cart_value), currency),
    applies_to: row.applies_to,
    recurring_payments: row.recurring_payments,
    active: row.active,
    products_count: Number(row.products_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The list's filters as the statements take them: `expired` becomes a day from the clock. */
type ListFilters = {
  kind?: string;
  active?: boolean;
  /** Vouchers whose last day is before this day (expired on it). */
  ended_before?: string;
  /** Vouchers still valid on this day (no end, or ending on it or later). */
  valid_on?: string;
};

export const voucherList = defineList<Sort, ListFilters, Row & { currency: string }, Voucher>({
  name: 'vouchers',
  table: vouchers,
  id: vouchers.id,
  scopes: { company: sql`${vouchers.company_id} = ${ph('companyId')}` },
  columns: { ...columns, currency: currencyColumn },
  sorts: {
    id: vouchers.id,
    code: vouchers.code,
    valid_until: vouchers.valid_until,
    created_at: vouchers.created_at,
  },
  filters: {
    kind: (v) => sql`${vouchers.kind} = ${v}`,
    active: (v) => sql`${vouchers.active} = ${v}`,
    ended_before: (v) => sql`${vouchers.valid_until} < ${v}::date`,
    valid_on: (v) => sql`(${vouchers.valid_until} IS NULL OR ${vouchers.valid_until} >= ${v}::date)`,
  },
  search: (pattern) => sql`${vouchers.search_text} LIKE ${pattern}`,
  total: { entity: 'vouchers', scope: 'company' },
  map: ({ currency, ...row }) => toVoucher(row, currency),
});

export async function listVouchers(
  ctx: Ctx,
  p: ListParams<Sort, VoucherFilters>,
): Promise<{ rows: Voucher[]; total: number }> {
  const { expired, ...rest } = p.filters;
  // A voucher's dates are the company's calendar days: valid until today means until the company's midnight.
  const today = await companyToday(ctx);
  const filters: ListFilters = {
    ...rest,
    ...(expired === true ? { ended_before: today } : {}),
    ...(expired === false ? { valid_on: today } : {}),
  };
  return voucherList.list(ctx, { ...p, filters });
}

async function voucherRow(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select(columns)
    .from(vouchers)
    .where(and(eq(vouchers.id, id), eq(vouchers.company_id, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row as Row;
}

export async function getVoucher(ctx: Ctx, id: number): Promise<Voucher> {
  return toVoucher(await voucherRow(ctx, id), await companyCurrency(ctx));
}

/** The checked input as columns: the percentage or the amount (in minor units) by kind. */
function toColumns(data: ReturnType<typeof voucherInputSchema.parse>, currency: string) {
  return {
    code: data.code,
    description: data.description ?? null,
    kind: data.kind,
    percentage: data.kind === 'percentage' ? (data.value ?? null) : null,
    amount: data.kind === 'fixed_amount' ? (toMinor(data.value ?? null, currency, 'value') ?? null) : null,
    valid_from: data.valid_from ?? null,
    valid_until: data.valid_until ?? null,
    usage_limit: data.usage_limit ?? null,
    usage_limit_per_customer: data.usage_limit_per_customer ?? null,
    minimum_cart_value: toMinor(data.minimum_cart_value ?? null, currency, 'minimum_cart_value') ?? null,
    applies_to: data.applies_to,
    recurring_payments: data.applies_to === 'first_payments' ? (data.recurring_payments ?? null) : null,
    active: data.active,
  };
}

function parseWhole(input: unknown) {
  const parsed = voucherInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('validation', undefined, fieldErrors(parsed.error.issues));
  return parsed.data;
}

const codeTaken = () => invalid('code', VOUCHER_TEXTS.codeTaken);

export async function createVoucher(ctx: Ctx, input: VoucherInput): Promise<Voucher> {
  const currency = await companyCurrency(ctx);
  const data = parseWhole(input);
  try {
    const [row] = await ctx.db
      .insert(vouchers)
      .values({ ...toColumns(data, currency), company_id: ctx.companyId })
      .returning({ id: vouchers.id });
    if (!row) throw new AppError('internal');
    await recordEvent(ctx, {
      type: 'voucher.created',
      object: 'voucher',
      objectId: row.id,
      payload: { code: data.code },
    });
    return toVoucher(await voucherRow(ctx, row.id), currency);
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
}

/** An update changes the fields sent; the merged voucher is checked whole (a kind needs its value). */
export async function updateVoucher(ctx: Ctx, id: number, input: VoucherUpdate): Promise<Voucher> {
  const changes = voucherUpdateSchema.parse(input);
  const currency = await companyCurrency(ctx);
  const before = toVoucher(await voucherRow(ctx, id), currency);
  // A new kind without a value starts without the old kind's value.
  const value =
    'value' in changes ? changes.value : changes.kind && changes.kind !== before.kind ? null : before.value;
  const { id: _i, used_count: _u, products_count: _p, created_at: _c, updated_at: _up, ...stored } = before;
  const data = parseWhole({ ...stored, ...changes, value });
  try {
    await ctx.db
      .update(vouchers)
      .set({ ...toColumns(data, currency), updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(vouchers.id, id), eq(vouchers.company_id, ctx.companyId)));
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
  return toVoucher(await voucherRow(ctx, id), currency);
}

export async function deleteVoucher(ctx: Ctx, id: number): Promise<void> {
  const before = await voucherRow(ctx, id);
  await ctx.db.delete(vouchers).where(and(eq(vouchers.id, id), eq(vouchers.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'voucher.deleted',
    object: 'voucher',
    objectId: id,
    payload: { code: before.code },
  });
}

// ---- included products ----

/** The shop id a product is linked by: its shop's id, or (made by hand) its own id. */
const shopIdOf = sql<string>`coalesce(${products.shop_id}, ${products.id}::text)`;

export async function voucherProductList(ctx: Ctx, id: number): Promise<VoucherProduct[]> {
  await voucherRow(ctx, id);
  const rows = await ctx.db
    .select({
      product_id: products.id,
      product_shop_id: shopIdOf,
      name: products.name,
      source: products.source,
    })
    .from(voucherProducts)
    .innerJoin(products, eq(products.id, voucherProducts.product_id))
    .where(and(eq(voucherProducts.voucher_id, id), eq(voucherProducts.company_id, ctx.companyId)))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((r) => ({ ...r, product_id: Number(r.product_id) }));
}

/** The company's product with this shop id (or, a product made by hand, this id); else 404. */
async function productByShopId(ctx: Ctx, productShopId: string): Promise<number> {
  const byOwnId = /^\d{1,15}$/.test(productShopId)
    ? and(eq(products.source, 'manual'), eq(products.id, Number(productShopId)))
    : undefined;
  const [row] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.company_id, ctx.companyId),
        byOwnId ? or(eq(products.shop_id, productShopId), byOwnId) : eq(products.shop_id, productShopId),
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw notFound(VOUCHER_TEXTS.productNotFound);
  return row.id;
}

/** Includes (true) or removes a product; the same again is no change. Answers the voucher's products. */
export async function setVoucherProduct(
  ctx: Ctx,
  id: number,
  productShopId: string,
  include: boolean,
): Promise<VoucherProduct[]> {
  await voucherRow(ctx, id);
  const productId = await productByShopId(ctx, productShopId);
  if (include)
    await ctx.db
      .insert(voucherProducts)
      .values({ company_id: ctx.companyId, voucher_id: id, product_id: productId })
      .onConflictDoNothing();
  else
    await ctx.db
      .delete(voucherProducts)
      .where(
        and(
          eq(voucherProducts.company_id, ctx.companyId),
          eq(voucherProducts.voucher_id, id),
          eq(voucherProducts.product_id, productId),
        ),
      );
  await ctx.db
    .update(vouchers)
    .set({ updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(vouchers.id, id), eq(vouchers.company_id, ctx.companyId)));
  return voucherProductList(ctx, id);
}

// ---- pricing and redeeming ----

async function termsOf(ctx: Ctx, row: Row): Promise<VoucherTerms> {
  const included = await ctx.db
    .select({ id: voucherProducts.product_id })
    .from(voucherProducts)
    .where(and(eq(voucherProducts.company_id, ctx.companyId), eq(voucherProducts.voucher_id, row.id)));
  return {
    kind: row.kind,
    percentage: row.percentage,
    amount: big(row.amount),
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    usage_limit: row.usage_limit,
    usage_limit_per_customer: row.usage_limit_per_customer,
    used_count: row.used_count,
    minimum_cart_value: big(row.minimum_cart_value),
    applies_to: row.applies_to,
    recurring_payments: row.recurring_payments,
    active: row.active,
    product_ids: included.map((p) => Number(p.id)),
  };
}

async function customerUses(ctx: Ctx, voucherId: number, customerId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(voucherRedemptions)
    .where(
      and(
        eq(voucherRedemptions.company_id, ctx.companyId),
        eq(voucherRedemptions.voucher_id, voucherId),
        eq(voucherRedemptions.customer_id, customerId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The voucher's terms for an order's payments after the first (recurringVoucherOf), read now: the
 * billing run prices each period with them. null: it covers no later payment (or is gone).
 */
export async function recurringVoucherOfOrder(ctx: Ctx, id: number): Promise<RecurringVoucher | null> {
  const [row] = await ctx.db
    .select(columns)
    .from(vouchers)
    .where(and(eq(vouchers.company_id, ctx.companyId), eq(vouchers.id, id)));
  return row ? recurringVoucherOf(await termsOf(ctx, row as Row)) : null;
}

/** What the voucher would take off this cart for this customer today (nothing is counted). */
export async function quoteVoucher(
  ctx: Ctx,
  id: number,
  cart: VoucherCart,
  use: { customerId: number; paymentNumber: number },
): Promise<VoucherOutcome> {
  const row = await voucherRow(ctx, id);
  return voucherDiscount(await termsOf(ctx, row), cart, {
    today: await companyToday(ctx),
    customer_uses: await customerUses(ctx, id, use.customerId),
    payment_number: use.paymentNumber,
  });
}

/**
 * Redeems a voucher for a customer's cart (the checkout, payment 1): prices it, then counts the use
 * with one conditional UPDATE (`used_count < usage_limit`), so two uses at once can never pass the
 * limit: the second waits for the first's row lock and then finds no row to update. The row lock also
 * serialises the per-customer count. Run inside the caller's transaction. A refusal is the same 422 on
 * `voucher_code` that pricing gives (orders/voucher-pricing.ts), whether the voucher was used up
 * before the order was priced or by a use that got in between: one answer, whatever the timing.
 */
export async function redeemVoucher(
  ctx: Ctx,
  id: number,
  customerId: number,
  cart: VoucherCart,
): Promise<VoucherOutcome & { applies: true }> {
  const [counted] = await ctx.db
    .update(vouchers)
    .set({ used_count: sql`${vouchers.used_count} + 1` })
    .where(
      and(
        eq(vouchers.id, id),
        eq(vouchers.company_id, ctx.companyId),
        sql`(${vouchers.usage_limit} IS NULL OR ${vouchers.used_count} < ${vouchers.usage_limit})`,
      ),
    )
    .returning({ id: vouchers.id });
  const row = await voucherRow(ctx, id);
  if (!counted) throw invalid('voucher_code', VOUCHER_REFUSALS.used_up);
  // Priced as it was before this use was counted.
  const outcome = voucherDiscount({ ...(await termsOf(ctx, row)), used_count: row.used_count - 1 }, cart, {
    today: await companyToday(ctx),
    customer_uses: await customerUses(ctx, id, customerId),
    payment_number: 1,
  });
  if (!outcome.applies) throw invalid('voucher_code', outcome.message);
  await ctx.db.insert(voucherRedemptions).values({
    company_id: ctx.companyId,
    voucher_id: id,
    customer_id: customerId,
    discount: outcome.discount + outcome.shipping_discount,
  });
  return outcome;
}
