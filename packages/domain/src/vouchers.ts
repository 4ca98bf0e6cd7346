/**
 * Vouchers (spec 02 §3 "Voucher", §7 "Vouchers"): a code a customer enters for a discount, and the one
 * pure function that says what a voucher takes off a cart (`voucherDiscount`), used by the API when a
 * voucher is redeemed and by orders next. Amounts are integer minor units of the company's currency.
 */
import { z } from 'zod';
import { booleanFilter, businessDate, safeText, updateSchemaOf } from './api.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema, percentOf } from './money.ts';

export const VOUCHER_KINDS = ['percentage', 'fixed_amount', 'free_shipping'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
export const VOUCHER_KIND_LABELS: Record<VoucherKind, string> = {
  percentage: 'Percentage',
  fixed_amount: 'Fixed amount',
  free_shipping: 'Free shipping',
};

/** Which payments of a subscription the discount applies to. */
export const VOUCHER_APPLIES_TO = ['first_payment', 'first_payments', 'all_payments'] as const;
export type VoucherAppliesTo = (typeof VOUCHER_APPLIES_TO)[number];
export const VOUCHER_APPLIES_TO_LABELS: Record<VoucherAppliesTo, string> = {
  first_payment: 'First payment only',
  first_payments: 'First N recurring payments',
  all_payments: 'All payments',
};

/** A voucher code: letters, digits, dash and underscore; unique in a company whatever the case. */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]{2,40}$/;

export const VOUCHER_TEXTS = {
  codeFormat: 'Use 2 to 40 letters, digits, dashes or underscores.',
  codeTaken: 'A voucher with this code already exists.',
  valueRequired: 'Required field.',
  valueNotForFreeShipping: 'Free shipping takes no value.',
  percentRange: 'Must be more than 0 and at most 100.',
  amountPositive: 'Must be more than zero.',
  untilBeforeFrom: 'Must be on or after the start date.',
  paymentsRequired: 'How many recurring payments the discount applies to.',
  productNotFound: 'No product of this company has this shop id (or id).',
} as const;

/** Why a voucher takes nothing off a cart, with the text shown for it. */
export const VOUCHER_REFUSALS = {
  inactive: 'This voucher is not active.',
  not_yet_valid: 'This voucher is not valid yet.',
  expired: 'This voucher has expired.',
  used_up: 'This voucher has been used up.',
  customer_limit: 'This customer has already used this voucher as often as allowed.',
  not_for_these_products: 'This voucher is not for the products in this cart.',
  below_minimum: 'The cart is below the minimum value for this voucher.',
  payment_not_covered: 'This voucher does not apply to this payment.',
} as const;
export type VoucherRefusal = keyof typeof VOUCHER_REFUSALS;

export const voucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  kind: z.enum(VOUCHER_KINDS),
  /** Percentage ("10.00") for percentage, an amount for fixed_amount, null for free_shipping. */
  value: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  usage_limit_per_customer: z.number().int().nullable(),
  used_count: z.number().int(),
  minimum_cart_value: amountSchema.nullable(),
  applies_to: z.enum(VOUCHER_APPLIES_TO),
  recurring_payments: z.number().int().nullable(),
  active: z.boolean(),
  /** How many products the voucher is limited to (0: every product). */
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** A product a voucher includes: linked by its shop id (a product made by hand: its own id). */
export const voucherProductSchema = z.object({
  product_id: z.number().int(),
  product_shop_id: z.string(),
  name: z.string(),
  source: z.string(),
});
export type VoucherProduct = z.infer<typeof voucherProductSchema>;

const decimalText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const limit = z.number().int().min(1).max(1_000_000_000).nullable().optional();

const voucherFields = {
  code: z.string().trim().regex(VOUCHER_CODE_PATTERN, VOUCHER_TEXTS.codeFormat),
  description: safeText()
    .trim()
    .max(300)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  kind: z.enum(VOUCHER_KINDS),
  value: decimalText.nullable().optional(),
  valid_from: businessDate().nullable().optional(),
  valid_until: businessDate().nullable().optional(),
  usage_limit: limit,
  usage_limit_per_customer: limit,
  minimum_cart_value: decimalText
    .pipe(z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, MESSAGES.amountInvalid))
    .nullable()
    .optional(),
  applies_to: z.enum(VOUCHER_APPLIES_TO).default('all_payments'),
  recurring_payments: z.number().int().min(1).max(120).nullable().optional(),
  active: z.boolean().default(true),
};

type VoucherShape = {
  kind?: VoucherKind;
  value?: string | null;
  valid_from?: string | null;
  valid_until?: string | null;
  applies_to?: VoucherAppliesTo;
  recurring_payments?: number | null;
};

/** The rules between fields; each issue names its field. Checked on the whole voucher (create, and an update merged with the stored one). */
export function voucherProblems(v: VoucherShape): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const value = v.value ?? null;
  if (v.kind === 'free_shipping') {
    if (value !== null && value !== '')
      problems.push({ path: 'value', message: VOUCHER_TEXTS.valueNotForFreeShipping });
  } else if (v.kind !== undefined) {
    if (value === null || value === '')
      problems.push({ path: 'value', message: VOUCHER_TEXTS.valueRequired });
    else if (v.kind === 'percentage') {
      if (!/^\d{1,3}(\.\d{1,4})?$/.test(value))
        problems.push({ path: 'value', message: MESSAGES.percentInvalid });
      else if (Number(value) <= 0 || Number(value) > 100)
        problems.push({ path: 'value', message: VOUCHER_TEXTS.percentRange });
    } else if (!/^\d{1,15}(\.\d{1,3})?$/.test(value))
      problems.push({ path: 'value', message: MESSAGES.amountInvalid });
    else if (/^[0.]+$/.test(value)) problems.push({ path: 'value', message: VOUCHER_TEXTS.amountPositive });
  }
  if (v.valid_from && v.valid_until && v.valid_until < v.valid_from)
    problems.push({ path: 'valid_until', message: VOUCHER_TEXTS.untilBeforeFrom });
  if (v.applies_to === 'first_payments' && !v.recurring_payments)
    problems.push({ path: 'recurring_payments', message: VOUCHER_TEXTS.paymentsRequired });
  return problems;
}

const checkVoucher = (v: VoucherShape, ctx: z.RefinementCtx) => {
  for (const p of voucherProblems(v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

/** What staff write when creating a voucher (the fixed amount's decimals are checked by the server against the currency). */
export const voucherInputSchema = z.object(voucherFields).superRefine(checkVoucher);
export type VoucherInput = z.input<typeof voucherInputSchema>;
export type VoucherInputOutput = z.output<typeof voucherInputSchema>;

/** An update sends only the fields it changes; the server checks the merged voucher. */
export const voucherUpdateSchema = updateSchemaOf(z.object(voucherFields));
export type VoucherUpdate = z.input<typeof voucherUpdateSchema>;

export const VOUCHER_SORTS = ['id', 'code', 'valid_until', 'created_at'] as const;

/** State of a voucher on a day, for the list's filter. */
export const VOUCHER_STATES = ['active', 'inactive', 'expired', 'used_up'] as const;

export const voucherFiltersSchema = z.object({
  kind: z.enum(VOUCHER_KINDS).optional(),
  active: booleanFilter(),
  /** true: only vouchers whose last day has passed; false: only those still valid (or without an end). */
  expired: booleanFilter(),
});
export type VoucherFilters = z.infer<typeof voucherFiltersSchema>;

// ---- the pricing function ----

/** A voucher as the pricing function reads it: amounts in minor units, the percentage as text. */
export interface VoucherTerms {
  kind: VoucherKind;
  /** The percentage ("12.5") of a percentage voucher. */
  percentage: string | null;
  /** The amount of a fixed-amount voucher, in minor units. */
  amount: bigint | null;
  /** First and last day the voucher may be used (inclusive, `YYYY-MM-DD`, UTC), or null. */
  valid_from: string | null;
  valid_until: string | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  used_count: number;
  minimum_cart_value: bigint | null;
  applies_to: VoucherAppliesTo;
  recurring_payments: number | null;
  active: boolean;
  /** The products the voucher is limited to; empty: every product. */
  product_ids: readonly number[];
}

export interface VoucherCart {
  /** Each line's total (unit price times quantity) in minor units, and its product. */
  lines: readonly { product_id: number; amount: bigint }[];
  /** The shipping cost in minor units (what free shipping takes off). */
  shipping: bigint;
}

export interface VoucherUse {
  /** Today, `YYYY-MM-DD` (UTC) from the caller's clock. */
  today: string;
  /** How often this customer has used the voucher already. */
  customer_uses: number;
  /** Which payment of the subscription this is: 1 is the first (the checkout). */
  payment_number: number;
}

/**
 * What a voucher takes off each later payment of a subscription (payment 2 onwards), for the order's
 * recurring figures (`orderTotals`): its product discount, on the lines of its products.
 */
export interface RecurringVoucher {
  kind: 'percentage' | 'fixed_amount';
  percentage: string | null;
  amount: bigint | null;
  /** The products it is limited to; empty: every product. */
  product_ids: readonly number[];
  /** The last payment it covers (2 or more), or null: every payment. */
  until_payment: number | null;
}

export type VoucherOutcome =
  | {
      applies: true;
      /** What comes off the products, in minor units (never more than `eligible`). */
      discount: bigint;
      /** What comes off shipping (free shipping: all of it). */
      shipping_discount: bigint;
      /** The part of the cart the voucher counts (its products' lines). */
      eligible: bigint;
      /** The products whose lines share `discount` (empty: every line); the other lines keep their price. */
      product_ids: readonly number[];
      /** What it takes off the later payments, or null when it covers the first payment only. */
      recurring: RecurringVoucher | null;
    }
  | { applies: false; reason: VoucherRefusal; message: string };

/**
 * What a percentage or fixed-amount voucher takes off `eligible` (the sum of the lines it covers): a
 * percentage rounded half-up once (at most 100 %: never more than `eligible`), a fixed amount at most
 * `eligible`. Free shipping takes nothing off the products.
 */
export function productDiscount(
  voucher: Pick<VoucherTerms, 'kind' | 'percentage' | 'amount'>,
  eligible: bigint,
): bigint {
  switch (voucher.kind) {
    case 'percentage':
      return percentOf(eligible, voucher.percentage ?? '0');
    case 'fixed_amount': {
      const amount = voucher.amount ?? 0n;
      return amount >= eligible ? eligible : amount;
    }
    case 'free_shipping':
      return 0n;
  }
}

/** The voucher's terms for the payments after the first, or null when it covers none of them. */
export function recurringVoucherOf(voucher: VoucherTerms): RecurringVoucher | null {
  if (voucher.kind === 'free_shipping' || voucher.applies_to === 'first_payment') return null;
  const until_payment = voucher.applies_to === 'all_payments' ? null : (voucher.recurring_payments ?? 0);
  if (until_payment !== null && until_payment < 2) return null;
  return {
    kind: voucher.kind,
    percentage: voucher.percentage,
    amount: voucher.amount,
    product_ids: voucher.product_ids,
    until_payment,
  };
}

const refuse = (reason: VoucherRefusal): VoucherOutcome => ({
  applies: false,
  reason,
  message: VOUCHER_REFUSALS[reason],
});

/**
 * What a voucher takes off a cart for a customer on a day, or why nothing. Checked in this order:
 * active, dates (the last day is still valid), total usage, the customer's usage, which payment,
 * products, minimum cart value (the whole cart's products; exactly the minimum is enough).
 * A percentage is of the eligible lines' sum, rounded half-up once in minor units, so it is exact in
 * every currency (JPY with no decimals, BHD with three); a fixed amount never exceeds that sum.
 */
export function voucherDiscount(voucher: VoucherTerms, cart: VoucherCart, use: VoucherUse): VoucherOutcome {
  if (!voucher.active) return refuse('inactive');
  if (voucher.valid_from && use.today < voucher.valid_from) return refuse('not_yet_valid');
  if (voucher.valid_until && use.today > voucher.valid_until) return refuse('expired');
  if (voucher.usage_limit !== null && voucher.used_count >= voucher.usage_limit) return refuse('used_up');
  if (voucher.usage_limit_per_customer !== null && use.customer_uses >= voucher.usage_limit_per_customer)
    return refuse('customer_limit');
  if (voucher.applies_to === 'first_payment' && use.payment_number > 1) return refuse('payment_not_covered');
  if (voucher.applies_to === 'first_payments' && use.payment_number > (voucher.recurring_payments ?? 0))
    return refuse('payment_not_covered');
  const included = new Set(voucher.product_ids);
  const lines = included.size === 0 ? cart.lines : cart.lines.filter((l) => included.has(l.product_id));
  if (lines.length === 0) return refuse('not_for_these_products');
  const subtotal = cart.lines.reduce((sum, l) => sum + l.amount, 0n);
  if (voucher.minimum_cart_value !== null && subtotal < voucher.minimum_cart_value)
    return refuse('below_minimum');
  const eligible = lines.reduce((sum, l) => sum + l.amount, 0n);
  return {
    applies: true,
    discount: productDiscount(voucher, eligible),
    shipping_discount: voucher.kind === 'free_shipping' ? cart.shipping : 0n,
    eligible,
    product_ids: voucher.product_ids,
    recurring: recurringVoucherOf(voucher),
  };
}
