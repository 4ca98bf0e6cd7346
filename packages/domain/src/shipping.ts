/**
 * Shipping (spec 02 §3 "Shipping", §7 "Shipping"): the countries a company ships to (for Canada, the
 * United States and Australia optionally only some regions), the methods per country and the global
 * ones, the rules that price a method by cart value or weight bands, and the standalone rules that
 * block or surcharge products to some places. `shippingOptions` is the one answer to "which methods and
 * prices for this cart and this address", in integer minor units of the company's currency.
 */
import { z } from 'zod';
import { safeText, updateSchemaOf } from './api.ts';
import { PRODUCT_CLASSES } from './catalog.ts';
import { countryByAlpha2 } from './countries.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';
import { regionByCode } from './regions.ts';

/** The countries whose shipping can be limited to some regions (the reference data's region lists). */
export const SHIPPING_REGION_COUNTRIES = ['ca', 'us', 'au'] as const;

export const SHIPPING_TEXTS = {
  regionsNotForCountry: 'Only Canada, the United States and Australia can be limited to regions.',
  countryTaken: 'This country is already in the shipping countries.',
  daysOrder: 'Must be at least the minimum delivery time.',
  bandsOrder: 'Bands must start at 0 and rise.',
  ruleOfMethodTaken: 'This method already has a rule.',
  surchargeRequired: 'A surcharge rule needs its amount.',
  scopeRequired: 'A standalone rule needs the countries it applies to.',
} as const;

const amountText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, MESSAGES.amountInvalid));

const countryCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, MESSAGES.countryCodeFormat)
  .refine((c) => !/^[a-z]{2}$/.test(c) || countryByAlpha2(c) !== undefined, MESSAGES.countryUnknown);

const regionList = z.array(z.string().trim().toUpperCase().min(1).max(10)).max(80);

/** Regions only for CA, US and AU, and each one of that country's list: issues on `regions`. */
function checkRegions(v: { country?: string; regions?: string[] | null }, ctx: z.RefinementCtx) {
  if (!v.regions || v.regions.length === 0 || v.country === undefined) return;
  if (!(SHIPPING_REGION_COUNTRIES as readonly string[]).includes(v.country)) {
    ctx.addIssue({ code: 'custom', path: ['regions'], message: SHIPPING_TEXTS.regionsNotForCountry });
    return;
  }
  v.regions.forEach((r, i) => {
    if (!regionByCode(v.country, r))
      ctx.addIssue({ code: 'custom', path: ['regions', i], message: MESSAGES.regionUnknown });
  });
}

// ---- countries ----

export const shippingCountrySchema = z.object({
  id: z.number().int(),
  country: z.string(),
  /** The regions shipped to (CA, US, AU), or null: the whole country. */
  regions: z.array(z.string()).nullable(),
  active: z.boolean(),
  methods_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingCountry = z.infer<typeof shippingCountrySchema>;

const countryFields = {
  country: countryCode,
  regions: regionList.nullable().optional(),
  active: z.boolean().default(true),
};
export const shippingCountryInputSchema = z.object(countryFields).superRefine(checkRegions);
export type ShippingCountryInput = z.input<typeof shippingCountryInputSchema>;
export const shippingCountryUpdateSchema = updateSchemaOf(z.object(countryFields));
export type ShippingCountryUpdate = z.input<typeof shippingCountryUpdateSchema>;

// ---- methods ----

export const shippingMethodSchema = z.object({
  id: z.number().int(),
  /** The country it belongs to, or null: a global method (for every shipping country). */
  shipping_country_id: z.number().int().nullable(),
  name: z.string(),
  carrier: z.string().nullable(),
  price: amountSchema,
  delivery_days_min: z.number().int().nullable(),
  delivery_days_max: z.number().int().nullable(),
  /** Free from this cart value (exactly it included), or null. */
  free_shipping_threshold: amountSchema.nullable(),
  tax_class: z.enum(PRODUCT_CLASSES),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

const methodFields = {
  name: safeText().trim().min(1, MESSAGES.required).max(100),
  carrier: safeText()
    .trim()
    .max(100)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  price: amountText,
  delivery_days_min: z.number().int().min(0).max(365).nullable().optional(),
  delivery_days_max: z.number().int().min(0).max(365).nullable().optional(),
  free_shipping_threshold: amountText.nullable().optional(),
  tax_class: z.enum(PRODUCT_CLASSES).default('standard'),
  active: z.boolean().default(true),
};
const checkDays = (
  v: { delivery_days_min?: number | null; delivery_days_max?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (v.delivery_days_min != null && v.delivery_days_max != null && v.delivery_days_max < v.delivery_days_min)
    ctx.addIssue({ code: 'custom', path: ['delivery_days_max'], message: SHIPPING_TEXTS.daysOrder });
};
export const shippingMethodInputSchema = z.object(methodFields).superRefine(checkDays);
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;
export const shippingMethodUpdateSchema = updateSchemaOf(z.object(methodFields)).superRefine(checkDays);
export type ShippingMethodUpdate = z.input<typeof shippingMethodUpdateSchema>;
export const SHIPPING_METHOD_SORTS = ['id', 'name', 'created_at'] as const;
export const shippingMethodFiltersSchema = z.object({
  /** Only the global methods (true) or only the countries' (false). */
  global: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});

// ---- rules ----

export const SHIPPING_RULE_BASES = ['cart_value', 'weight'] as const;
export const SHIPPING_RULE_ACTIONS = ['price', 'block', 'surcharge'] as const;
export type ShippingRuleAction = (typeof SHIPPING_RULE_ACTIONS)[number];

/** A band: from this cart value (an amount) or weight (grams), this price. */
export const shippingBandSchema = z.object({ from: z.string(), price: amountSchema });

export const shippingRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The method it prices (`action` price), or null: a standalone rule. */
  shipping_method_id: z.number().int().nullable(),
  action: z.enum(SHIPPING_RULE_ACTIONS),
  basis: z.enum(SHIPPING_RULE_BASES),
  bands: z.array(shippingBandSchema),
  surcharge: amountSchema.nullable(),
  /** A standalone rule's places: countries, and regions within them ("CA-NU"); empty: everywhere. */
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  /** A standalone rule's products (by id); empty: every product. */
  product_ids: z.array(z.number().int()),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingRule = z.infer<typeof shippingRuleSchema>;

const bandInput = z.object({
  from: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, MESSAGES.amountInvalid)),
  price: amountText,
});
const ruleFields = {
  name: safeText().trim().min(1, MESSAGES.required).max(100),
  action: z.enum(SHIPPING_RULE_ACTIONS).default('price'),
  basis: z.enum(SHIPPING_RULE_BASES).default('cart_value'),
  bands: z.array(bandInput).max(20).default([]),
  surcharge: amountText.nullable().optional(),
  countries: z.array(countryCode).max(50).default([]),
  regions: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[a-z]{2}-[A-Z0-9]{1,3}$/i),
    )
    .max(80)
    .default([]),
  product_ids: z.array(z.number().int().positive()).max(200).default([]),
  active: z.boolean().default(true),
};
type RuleShape = { action?: ShippingRuleAction; bands?: { from: string }[]; surcharge?: string | null };
export function shippingRuleProblems(v: RuleShape): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const bands = v.bands ?? [];
  if (v.action === 'price') {
    if (bands.length === 0) out.push({ path: 'bands', message: MESSAGES.required });
    else if (
      Number(bands[0]!.from) !== 0 ||
      bands.some((b, i) => i > 0 && Number(b.from) <= Number(bands[i - 1]!.from))
    )
      out.push({ path: 'bands', message: SHIPPING_TEXTS.bandsOrder });
  }
  if (v.action === 'surcharge' && !v.surcharge)
    out.push({ path: 'surcharge', message: SHIPPING_TEXTS.surchargeRequired });
  return out;
}
const checkRule = (v: RuleShape, ctx: z.RefinementCtx) => {
  for (const p of shippingRuleProblems(v))
    ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};
export const shippingRuleInputSchema = z.object(ruleFields).superRefine(checkRule);
export type ShippingRuleInput = z.input<typeof shippingRuleInputSchema>;
export const shippingRuleUpdateSchema = updateSchemaOf(z.object(ruleFields));
export type ShippingRuleUpdate = z.input<typeof shippingRuleUpdateSchema>;

// ---- the pricing function ----

export interface ShippingAddress {
  country: string;
  region?: string | null;
}
export interface ShippingCart {
  /** Each line's total in minor units, its product and its weight in grams (0 when unknown). */
  lines: readonly { product_id: number; amount: bigint; grams: number }[];
}
export interface ShippingConfig {
  countries: readonly { id: number; country: string; regions: readonly string[] | null; active: boolean }[];
  methods: readonly {
    id: number;
    shipping_country_id: number | null;
    name: string;
    carrier: string | null;
    price: bigint;
    free_shipping_threshold: bigint | null;
    delivery_days_min: number | null;
    delivery_days_max: number | null;
    active: boolean;
  }[];
  rules: readonly {
    id: number;
    name: string;
    shipping_method_id: number | null;
    action: ShippingRuleAction;
    basis: (typeof SHIPPING_RULE_BASES)[number];
    /** `from` in minor units (cart value) or grams (weight), rising from 0. */
    bands: readonly { from: bigint; price: bigint }[];
    surcharge: bigint | null;
    countries: readonly string[];
    regions: readonly string[];
    product_ids: readonly number[];
    active: boolean;
  }[];
}
export interface ShippingOption {
  method_id: number;
  name: string;
  carrier: string | null;
  price: bigint;
  /** The method's free-shipping threshold was reached (surcharges still apply). */
  free: boolean;
  delivery_days_min: number | null;
  delivery_days_max: number | null;
  /** The standalone rules that added to the price. */
  surcharges: readonly { rule_id: number; name: string; amount: bigint }[];
}
export type ShippingAnswer =
  | { shippable: true; options: ShippingOption[] }
  | {
      shippable: false;
      reason: 'country_not_served' | 'region_not_served' | 'blocked';
      message: string;
      rule?: { id: number; name: string };
    };

export const SHIPPING_REFUSALS = {
  country_not_served: 'We do not ship to this country.',
  region_not_served: 'We do not ship to this region.',
  blocked: 'Some products in this cart cannot be shipped to this address.',
} as const;

/** The band whose `from` is the highest not above `value` (bands rise from 0). */
function bandPrice(bands: readonly { from: bigint; price: bigint }[], value: bigint): bigint | undefined {
  let price: bigint | undefined;
  for (const b of bands) if (b.from <= value) price = b.price;
  return price;
}

/** Whether a standalone rule concerns this address and cart. */
function ruleMatches(
  rule: ShippingConfig['rules'][number],
  address: { country: string; region: string | null },
  cart: ShippingCart,
): boolean {
  const places = rule.countries.length > 0 || rule.regions.length > 0;
  const inPlace =
    !places ||
    rule.countries.includes(address.country) ||
    (address.region !== null && rule.regions.includes(`${address.country.toUpperCase()}-${address.region}`));
  const inCart =
    rule.product_ids.length === 0 || cart.lines.some((l) => rule.product_ids.includes(l.product_id));
  return inPlace && inCart;
}

/**
 * Which methods ship this cart to this address, and at what price. The country must be a shipping
 * country (and, when it lists regions, the address's region one of them); an active standalone `block`
 * rule for the place and a product of the cart refuses the whole cart. Each active method of the country,
 * and each global one, is priced by its rule's band for the cart value or weight (else its price), free
 * when the cart reaches its threshold (exactly the threshold included); each matching `surcharge` rule adds
 * its amount. Cheapest first, then by name.
 */
export function shippingOptions(
  config: ShippingConfig,
  cart: ShippingCart,
  to: ShippingAddress,
): ShippingAnswer {
  const address = { country: to.country.toLowerCase(), region: to.region ? to.region.toUpperCase() : null };
  const country = config.countries.find((c) => c.active && c.country === address.country);
  if (!country)
    return { shippable: false, reason: 'country_not_served', message: SHIPPING_REFUSALS.country_not_served };
  if (
    country.regions &&
    country.regions.length > 0 &&
    (!address.region || !country.regions.includes(address.region))
  )
    return { shippable: false, reason: 'region_not_served', message: SHIPPING_REFUSALS.region_not_served };
  const standalone = config.rules.filter((r) => r.active && r.shipping_method_id === null);
  const block = standalone.find((r) => r.action === 'block' && ruleMatches(r, address, cart));
  if (block)
    return {
      shippable: false,
      reason: 'blocked',
      message: SHIPPING_REFUSALS.blocked,
      rule: { id: block.id, name: block.name },
    };
  const surcharges = standalone
    .filter((r) => r.action === 'surcharge' && r.surcharge !== null && ruleMatches(r, address, cart))
    .map((r) => ({ rule_id: r.id, name: r.name, amount: r.surcharge as bigint }));
  const extra = surcharges.reduce((s, r) => s + r.amount, 0n);
  const value = cart.lines.reduce((s, l) => s + l.amount, 0n);
  const grams = BigInt(cart.lines.reduce((s, l) => s + Math.max(0, Math.round(l.grams)), 0));
  const options: ShippingOption[] = [];
  for (const m of config.methods) {
    if (!m.active || (m.shipping_country_id !== null && m.shipping_country_id !== country.id)) continue;
    const rule = config.rules.find((r) => r.active && r.shipping_method_id === m.id && r.action === 'price');
    const base = rule ? (bandPrice(rule.bands, rule.basis === 'weight' ? grams : value) ?? m.price) : m.price;
    const free = m.free_shipping_threshold !== null && value >= m.free_shipping_threshold;
    options.push({
      method_id: m.id,
      name: m.name,
      carrier: m.carrier,
      price: (free ? 0n : base) + extra,
      free,
      delivery_days_min: m.delivery_days_min,
      delivery_days_max: m.delivery_days_max,
      surcharges,
    });
  }
  options.sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : a.name.localeCompare(b.name)));
  return { shippable: true, options };
}
