/**
 * The catalog: products, variants, bundles, collections, tax rules and availability settings
 * (spec 01 §3, §7 "Products, variants, bundles, collections, tax"; spec 02 "Availability settings").
 * Amounts cross the wire as decimal strings in the company's currency ("129.00": `amountSchema` in
 * records, `amountInputSchema` in inputs, both in money.ts); the server keeps integer minor units.
 */
import { z } from 'zod';
import { booleanFilter, safeText, updateSchemaOf } from './api.ts';
import { countryByAlpha2 } from './countries.ts';
import { BILLING_INTERVALS, PRODUCT_TYPES } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema, amountSchema } from './money.ts';
import { percentInputSchema } from './percent.ts';
import { PRODUCT_CLASSES, PRODUCT_SOURCES, PRODUCT_STATUSES } from './product-kinds.ts';
import { regionByCode, regionsForCountry } from './regions.ts';
import { isHttpUrl } from './validation.ts';

// The percentages are in percent.ts, apart from the country tables this module imports (~57 kB gzip in
// the browser), so the forms that read a percentage do not load them; re-exported for the catalog's users.
export { formatPercentage, PERCENT_DECIMALS, percentInputSchema } from './percent.ts';

// The products' sources, statuses and tax classes are in product-kinds.ts, zod-free and apart from the
// country tables, so the products list's filters do not load them; re-exported for the catalog's users.
export { PRODUCT_CLASSES, PRODUCT_SOURCES, PRODUCT_STATUSES } from './product-kinds.ts';

const amount = amountSchema.nullable();

export const rentalPricesSchema = z.object(
  Object.fromEntries(BILLING_INTERVALS.map((i) => [i, amount])) as Record<
    (typeof BILLING_INTERVALS)[number],
    typeof amount
  >,
);

export const variantSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  shop_id: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  options: z.record(z.string(), z.string()),
  price: amount,
  stock: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  source: z.enum(PRODUCT_SOURCES),
  shop_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(PRODUCT_TYPES),
  status: z.enum(PRODUCT_STATUSES),
  product_class: z.enum(PRODUCT_CLASSES),
  image_url: z.string().nullable(),
  currency: z.string(),
  rental_prices: rentalPricesSchema,
  minimum_term_months: z.number().int().nullable(),
  buyout_price: amount,
  deposit: amount,
  purchase_price: amount,
  variants_count: z.number().int(),
  stock_total: z.number().int().nullable(),
  collections: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** When the product was archived in Rentloop (out of the default list), or null. */
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema.extend({
  variants: z.array(variantSchema),
  bundles: z.array(z.object({ id: z.number().int(), name: z.string(), is_group: z.boolean() })),
  /** Why the product may not be deleted (a bundle holds a variant, the shop owns it), or null. */
  delete_refused: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * `GET products/{id}/variants/insights` (spec 01 §7 names the route, not its payload): per variant,
 * its stock and price, the bundles and groups it is in, and the availability settings of its SKU;
 * for the product, the same summed up. Only figures the data holds: no orders or rentals yet.
 */
export const variantInsightSchema = z.object({
  variant_id: z.number().int(),
  sku: z.string().nullable(),
  name: z.string(),
  options: z.record(z.string(), z.string()),
  price: amount,
  /** Units in stock; null when the stock is not tracked. */
  stock: z.number().int().nullable(),
  /** Bundles and groups the variant is in, and how many of them are active. */
  bundles: z.number().int(),
  active_bundles: z.number().int(),
  /** The availability settings of its SKU, or null when it has none (or no SKU). */
  availability: z
    .object({
      id: z.number().int(),
      is_available: z.boolean(),
      min_stock: z.number().int(),
      /** Stock below the minimum; null when the stock is not tracked. */
      below_min_stock: z.boolean().nullable(),
    })
    .nullable(),
});
export type VariantInsight = z.infer<typeof variantInsightSchema>;

export const variantInsightsSchema = z.object({
  product_id: z.number().int(),
  currency: z.string(),
  variants_count: z.number().int(),
  /** Variants whose stock is tracked, their units in stock (null when none is), and those at zero. */
  stock_tracked: z.number().int(),
  stock_total: z.number().int().nullable(),
  out_of_stock: z.number().int(),
  /** Variants whose stock is below their SKU's minimum stock. */
  below_min_stock: z.number().int(),
  /** Variants in at least one bundle or group. */
  in_bundles: z.number().int(),
  variants: z.array(variantInsightSchema),
});
export type VariantInsights = z.infer<typeof variantInsightsSchema>;

const optionalAmount = amountInputSchema.nullable().optional();

/**
 * A product image: a link the web app shows, so an absolute http or https URL only (zod's `.url()`
 * also takes `javascript:`, `data:` and `file:`). An empty text is refused: no image is null.
 */
const imageUrl = safeText()
  .trim()
  .max(1000)
  .refine((value) => value !== '' && isHttpUrl(value), MESSAGES.validUrl);

export const variantInputSchema = z.object({
  sku: safeText().trim().min(1, MESSAGES.required).max(100).nullable().optional(),
  name: safeText().trim().min(1, MESSAGES.required).max(200),
  options: z.record(safeText().trim().min(1).max(50), safeText().trim().max(100)).default({}),
  price: optionalAmount,
  stock: z.number().int().min(0, MESSAGES.onlyZeroOrPositive).nullable().optional(),
});

/** The fields Rentloop owns on every product, synced or not: rental terms and prices. */
const rentalFields = {
  rental_prices: z
    .object(
      Object.fromEntries(BILLING_INTERVALS.map((i) => [i, optionalAmount])) as Record<
        (typeof BILLING_INTERVALS)[number],
        typeof optionalAmount
      >,
    )
    .partial()
    .optional(),
  minimum_term_months: z.number().int().min(0, MESSAGES.onlyZeroOrPositive).max(120).nullable().optional(),
  buyout_price: optionalAmount,
  deposit: optionalAmount,
  purchase_price: optionalAmount,
  product_class: z.enum(PRODUCT_CLASSES).optional(),
  collection_ids: z.array(z.number().int().positive()).max(100).optional(),
};

/** A product made by hand (a company without a connected shop). */
export const productCreateSchema = z.object({
  name: safeText().trim().min(1, MESSAGES.required).max(300),
  description: safeText().trim().max(10_000).nullable().optional(),
  type: z.enum(PRODUCT_TYPES).default('normal'),
  status: z.enum(['active', 'draft', 'archived']).default('active'),
  image_url: imageUrl.nullable().optional(),
  ...rentalFields,
  variants: z.array(variantInputSchema).min(1, 'A product needs at least one variant.').max(200),
});

/**
 * An update. For a product synced from a shop, the shop owns name, description, type, image and
 * variants (they are refused here: change them in the shop); the rental fields are Rentloop's.
 */
export const productUpdateSchema = z
  .object({
    name: safeText().trim().min(1, MESSAGES.required).max(300),
    description: safeText().trim().max(10_000).nullable(),
    type: z.enum(PRODUCT_TYPES),
    status: z.enum(['active', 'draft', 'archived']),
    image_url: imageUrl.nullable(),
    ...rentalFields,
  })
  .partial();

/** `PUT products`: buyout prices of many products at once. */
export const bulkBuyoutSchema = z.object({
  products: z
    .array(z.object({ id: z.number().int().positive(), buyout_price: amountInputSchema.nullable() }))
    .min(1)
    .max(500),
});

/** `PUT products/variants`: price, stock, SKU or name of many variants at once (hand-made products only). */
export const bulkVariantsSchema = z.object({
  variants: z
    .array(
      z.object({
        id: z.number().int().positive(),
        price: optionalAmount,
        stock: z.number().int().min(0, MESSAGES.onlyZeroOrPositive).nullable().optional(),
        sku: safeText().trim().min(1).max(100).nullable().optional(),
        name: safeText().trim().min(1, MESSAGES.required).max(200).optional(),
      }),
    )
    .min(1)
    .max(500),
});

/** `POST products/{id}/variants`: one more variant of a hand-made product. */
export const variantCreateSchema = variantInputSchema;

export const PRODUCT_SORTS = ['id', 'name', 'created_at', 'updated_at'] as const;
export const productFiltersSchema = z.object({
  type: z.enum(PRODUCT_TYPES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  collection_id: z.coerce.number().int().positive().optional(),
  source: z.enum(PRODUCT_SOURCES).optional(),
  /** true: the archived products instead of the active ones (the default). */
  archived: booleanFilter(),
});
export const VARIANT_SORTS = ['id', 'sku', 'name', 'created_at'] as const;
export const variantFiltersSchema = z.object({ product_id: z.coerce.number().int().positive().optional() });

// ---- bundles ----

export const bundleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_group: z.boolean(),
  is_active: z.boolean(),
  price: amount,
  variants: z.array(
    z.object({
      variant_id: z.number().int(),
      product_id: z.number().int(),
      sku: z.string().nullable(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const bundleInputSchema = z.object({
  name: safeText().trim().min(1, MESSAGES.required).max(200),
  description: safeText().trim().max(5000).nullable().optional(),
  /** A group offers one of its variants; a bundle (is_group false) ships all of them together. */
  is_group: z.boolean().default(false),
  is_active: z.boolean().default(true),
  price: optionalAmount,
});
export const bundleUpdateSchema = updateSchemaOf(bundleInputSchema);
export const bundleVariantsChangeSchema = z.object({
  variants: z
    .array(
      z.object({
        variant_id: z.number().int().positive(),
        quantity: z.number().int().min(1).max(1000).default(1),
      }),
    )
    .min(1)
    .max(200),
});
export const bundleFiltersSchema = z.object({
  is_active: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
  is_group: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});

// ---- collections ----

export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionInputSchema = z.object({
  name: safeText().trim().min(1, MESSAGES.required).max(200),
  description: safeText().trim().max(5000).nullable().optional(),
  product_ids: z.array(z.number().int().positive()).max(1000).optional(),
});
export const collectionUpdateSchema = updateSchemaOf(collectionInputSchema);

// ---- tax ----

export const taxRuleSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  country: z.string(),
  region: z.string().nullable(),
  product_class: z.enum(PRODUCT_CLASSES),
  percentage: z.string(),
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaxRule = z.infer<typeof taxRuleSchema>;

/**
 * What is wrong with a tax rule's region for its country, or null: a country with a region list
 * (Canada, the United States, Australia, Italy, Spain: the address form's lists) takes only a code
 * from it ("QC", not "XX"); elsewhere any short code is kept as typed, as addresses keep it.
 */
export function taxRegionProblem(country: string, region: string | null | undefined): string | null {
  if (!region) return null;
  if (regionsForCountry(country).length > 0 && !regionByCode(country, region)) return MESSAGES.regionUnknown;
  return null;
}

const taxRuleFields = {
  name: safeText().trim().max(100).nullable().optional(),
  /** An ISO 3166-1 alpha-2 code the reference data knows ("ca", "DE"), stored lower-case. */
  country: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, MESSAGES.countryCodeFormat)
    .refine((c) => !/^[a-z]{2}$/.test(c) || countryByAlpha2(c) !== undefined, MESSAGES.countryUnknown),
  region: safeText().trim().toUpperCase().max(10).nullable().optional(),
  product_class: z.enum(PRODUCT_CLASSES).default('standard'),
  percentage: percentInputSchema,
};

/** Checks the region against the country (both given): the issue is on `region`. */
const regionOfCountry = (v: { country?: string; region?: string | null }, ctx: z.RefinementCtx) => {
  if (v.country === undefined) return;
  const problem = taxRegionProblem(v.country, v.region);
  if (problem) ctx.addIssue({ code: 'custom', path: ['region'], message: problem });
};

export const taxRuleInputSchema = z.object(taxRuleFields).superRefine(regionOfCountry);
/** An update: each field optional; a region sent without its country is checked against the stored one. */
export const taxRuleUpdateSchema = updateSchemaOf(z.object(taxRuleFields)).superRefine(regionOfCountry);

export const taxConfigSchema = z.object({
  default_rate: z.string(),
  prices_include_tax: z.boolean(),
  product_classes: z.array(z.enum(PRODUCT_CLASSES)),
});
export type TaxConfig = z.infer<typeof taxConfigSchema>;
export const taxConfigUpdateSchema = z
  .object({ default_rate: percentInputSchema, prices_include_tax: z.boolean() })
  .partial();

/** The rate that applies to a line: the most specific rule for the address and class, else the default. */
export const taxResolutionSchema = z.object({
  percentage: z.string(),
  rule_id: z.number().int().nullable(),
  matched: z.enum(['country_region', 'country', 'default']),
});

// ---- availability ----

export const availabilitySettingSchema = z.object({
  id: z.number().int(),
  sku_name: z.string(),
  is_available: z.boolean(),
  min_stock: z.number().int(),
  lead_time_days: z.number().int(),
  max_rental_days: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AvailabilitySetting = z.infer<typeof availabilitySettingSchema>;
export const availabilitySettingInputSchema = z.object({
  sku_name: safeText().trim().min(1, MESSAGES.required).max(100),
  is_available: z.boolean().default(true),
  min_stock: z.number().int().min(0, MESSAGES.onlyZeroOrPositive).default(0),
  lead_time_days: z.number().int().min(0, MESSAGES.onlyZeroOrPositive).max(365).default(0),
  max_rental_days: z.number().int().min(1, MESSAGES.onlyPositive).nullable().optional(),
  note: safeText().trim().max(1000).nullable().optional(),
});
export const availabilitySettingUpdateSchema = updateSchemaOf(
  availabilitySettingInputSchema.omit({ sku_name: true }),
);

// ---- shop sync ----

export const SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const productSyncSchema = z.object({
  id: z.number().int(),
  shop_system: z.string(),
  status: z.enum(SYNC_STATUSES),
  processed: z.number().int(),
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type ProductSync = z.infer<typeof productSyncSchema>;

/** What `POST tax-rules/refresh` did with the shop's rates. */
export const taxImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
});
