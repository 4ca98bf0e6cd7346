/** `GET .../settings/shipping-options`: the domain's `shippingOptions` for a cart and an address (orders). */
import { envelope, idParam } from '@rentloop/domain/api';
import { decimalToMinor, minorToDecimal } from '@rentloop/domain/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../errors.ts';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { companyCurrency } from '../../money.ts';
import { quoteShipping } from './rules.ts';

const base = '/api/companies/:company/settings';
const company = z.object({ company: idParam });
const tags = ['shipping'];

const optionSchema = z.object({
  method_id: z.number().int(),
  name: z.string(),
  carrier: z.string().nullable(),
  price: z.string(),
  free: z.boolean(),
  delivery_days_min: z.number().int().nullable(),
  delivery_days_max: z.number().int().nullable(),
  surcharges: z.array(z.object({ rule_id: z.number().int(), name: z.string(), amount: z.string() })),
});
const answerSchema = z.object({
  shippable: z.boolean(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
  options: z.array(optionSchema),
});
const quoteQuery = z.object({
  country: z.string().trim().min(2).max(2),
  region: z.string().trim().max(10).optional(),
  /** The cart's products' total, in the company's currency. */
  cart_value: z.string().trim().max(20).default('0'),
  weight_grams: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** The cart's product ids, comma-separated (standalone rules name products). */
  product_ids: z
    .string()
    .max(2000)
    .regex(/^(\d{1,15}(,\d{1,15})*)?$/, 'Product ids, comma-separated.')
    .default(''),
});

export const shippingOptionsRoute: FastifyPluginAsyncZod = async (app) => {
  // ---- the answer for a cart and an address (orders) ----
  app.get(
    `${base}/shipping-options`,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getShippingOptions',
        tags,
        summary: 'Which methods and prices for this cart and this address',
        description:
          'Query: country, region, cart_value (company currency), weight_grams, product_ids (comma-separated). Answers the methods cheapest first, or why nothing ships.',
        params: company,
        querystring: quoteQuery,
        response: { 200: envelope(answerSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const currency = await companyCurrency(ctx);
      const q = request.query;
      const value = decimalToMinor(q.cart_value, currency);
      if (value === undefined || value < 0n) throw invalid('cart_value', `Must be an amount in ${currency}.`);
      const ids = q.product_ids ? q.product_ids.split(',').map(Number) : [];
      const cart = {
        lines: [
          { product_id: 0, amount: value, grams: q.weight_grams },
          ...ids.map((id) => ({ product_id: id, amount: 0n, grams: 0 })),
        ],
      };
      const answer = await quoteShipping(ctx, cart, { country: q.country, region: q.region ?? null });
      const dec = (v: bigint) => minorToDecimal(v, currency);
      return ok(
        answer.shippable
          ? {
              shippable: true,
              reason: null,
              message: null,
              options: answer.options.map((o) => ({
                ...o,
                price: dec(o.price),
                surcharges: o.surcharges.map((s) => ({ ...s, amount: dec(s.amount) })),
              })),
            }
          : { shippable: false, reason: answer.reason, message: answer.message, options: [] },
      );
    },
  );
};
