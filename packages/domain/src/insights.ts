/**
 * The Insights screen's figures until billing brings the graphs: what the data holds today, counted
 * by the database (`GET /api/{company}/insights/summary`).
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from './enums.ts';
import { amountSchema } from './money.ts';

const count = z.number().int().nonnegative();

export const insightsSummarySchema = z.object({
  /** The company's currency, the one every amount below is in. */
  currency: z.string(),
  customers: z.object({
    total: count,
    /** By billing country (ISO 3166-1 alpha-2, upper case; null: no billing address), most first. */
    by_country: z.array(z.object({ country: z.string().nullable(), count })),
    /** By the language the customer is written to in, most first. */
    by_language: z.array(z.object({ language: z.string(), count })),
  }),
  products: z.object({
    total: count,
    by_type: z.array(z.object({ type: z.enum(PRODUCT_TYPES), count })),
  }),
  /** The variants of active products, at their prices: exact sums of the stored amounts. */
  catalog: z.object({
    variants: count,
    /** Variants with a price (the others count in neither value). */
    priced_variants: count,
    /** One of each priced variant. */
    list_value: amountSchema,
    /** Each priced variant times its stock (a variant without stock counts nothing). */
    stock_value: amountSchema,
    units_in_stock: count,
  }),
});
export type InsightsSummary = z.infer<typeof insightsSummarySchema>;
