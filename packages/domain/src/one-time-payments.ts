/**
 * One-time payments and buyouts (spec 01 §3 "One-time payment", §4 the buyout, §7 "POST
 * one-time-payments", "GET subscriptions/{id}/buyout", "POST subscriptions/{id}/process-buyout"): an
 * invoice of its own (type `one time payment` or `buyout`) charged on the order's payment method.
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { invoiceSchema } from './invoices.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema, amountSchema } from './money.ts';
import { transactionDetailSchema } from './payments.ts';
import { percentInputSchema } from './percent.ts';

const id = z.number().int().positive();
const message = safeText().trim().max(2000).nullable().optional();

/** A line of a one-time payment: `product` names a catalog product (its id) or says what is billed. */
export const oneTimePaymentProductSchema = z.object({
  product: z
    .union([id, safeText().trim().min(1, MESSAGES.required).max(200)])
    .describe("A catalog product's id (its name is printed), or the line's text."),
  amount: amountInputSchema.describe(
    "The unit amount, net or gross as the order's prices were (the order's tax rule).",
  ),
  tax_percent: percentInputSchema,
  quantity: z.number().int().min(1).max(10_000).default(1),
});

/**
 * POST one-time-payments. `products` give the lines; `amount` alone is one line (the subscription's tax
 * rate, else the order's first item's); with both, `amount` must be the products' total.
 */
export const oneTimePaymentInputSchema = z
  .object({
    amount: amountInputSchema.nullable().optional(),
    order_id: id,
    message,
    subscription_id: id.nullable().optional(),
    products: z.array(oneTimePaymentProductSchema).max(100).default([]),
  })
  .superRefine((v, ctx) => {
    if ((v.amount === undefined || v.amount === null) && v.products.length === 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.oneTimePaymentAmountOrProducts });
  });
export type OneTimePaymentInput = z.input<typeof oneTimePaymentInputSchema>;

/** The answer of a one-time payment or a buyout: the invoice issued and the attempt that charged it. */
export const oneTimePaymentResultSchema = z.object({
  invoice: invoiceSchema,
  transaction: transactionDetailSchema,
});
export type OneTimePaymentResult = z.infer<typeof oneTimePaymentResultSchema>;

/** GET subscriptions/{id}/buyout. */
export const buyoutOfferSchema = z.object({
  buyout_price: amountSchema
    .nullable()
    .describe("The product's buyout price in the catalog now, else the one kept on the subscription."),
  source: z.enum(['catalog', 'subscription']).nullable(),
  paid_so_far: amountSchema.describe(
    "What the customer paid on this subscription: its invoices' succeeded charges less refunds, and its unit's share of the order's initial invoice.",
  ),
  amount_due: amountSchema.nullable().describe('buyout_price less paid_so_far, never below zero.'),
  currency: z.string(),
  bought_out_at: z.string().nullable(),
});
export type BuyoutOffer = z.infer<typeof buyoutOfferSchema>;

/** POST subscriptions/{id}/process-buyout: the buyout's answer (no invoice when the price was zero). */
export const buyoutResultSchema = z.object({
  subscription_id: z.number().int(),
  status: z.string(),
  invoice: invoiceSchema.nullable(),
  transaction: transactionDetailSchema.nullable(),
});
export type BuyoutResult = z.infer<typeof buyoutResultSchema>;
