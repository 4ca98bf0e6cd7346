/**
 * What the order screens read beside an order (spec 01 §3 "Order customer", §7): the customer details
 * an order was placed with, and the price preview of the order builder (`POST orders/price`).
 */
import { z } from 'zod';
import { addressFieldsSchema, addressSchema } from './addresses.ts';
import { emailText, safeText } from './api.ts';
import { dunningSchema } from './dunning.ts';
import { assetStatusSchema, BILLING_INTERVALS, FREQUENCIES, SUBSCRIPTION_STATUSES } from './enums.ts';
import { amountSchema } from './money.ts';
import { ORDER_ITEM_KINDS } from './order-totals.ts';
import { orderItemSchema, orderSchema } from './orders.ts';

/** One order as its detail screen shows it: the order, where it came from, its subscriptions. */
export const orderDetailSchema = orderSchema.extend({
  shipping_tax_percent: z.string().nullable(),
  finalised_at: z.string().nullable(),
  original_order_id: z.number().int().nullable(),
  source_subscription_id: z.number().int().nullable(),
  cancellation_refunded: z.boolean().nullable(),
  subscription_ids: z.array(z.number().int()),
  /**
   * The same subscriptions as the screen names them: number, status and product; the order item each
   * bills, and the unit (asset) it holds: the one rented out to it, else the last one it had.
   */
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      number: z.string().nullable(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      product_name: z.string(),
      order_item_id: z.number().int().nullable(),
      asset: z
        .object({ id: z.number().int(), serial_number: z.string(), status: assetStatusSchema })
        .nullable()
        .describe('The unit rented out to the subscription, else the last one it held; null when none.'),
    }),
  ),
  items: z.array(orderItemSchema),
  /** Where the order's recurring payments stand in dunning: the running dunning, else the latest. */
  dunning: dunningSchema
    .nullable()
    .optional()
    .describe('The running dunning of its payments (the soonest retry), else the latest; null when none.'),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `GET order_customers/{id}` (by order id): the snapshot the order was placed with. */
export const orderCustomerSchema = z.object({
  order_id: z.number().int(),
  customer_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  billing_address: addressFieldsSchema.nullable(),
  shipping_address: addressFieldsSchema.nullable(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** `PUT order/customer/{id}`: only the fields sent change; each address is checked by its country's rules. */
export const orderCustomerUpdateSchema = z
  .object({
    name: safeText().trim().min(1).max(200).optional(),
    email: emailText().optional(),
    billing_address: addressSchema.nullable().optional(),
    shipping_address: addressSchema.nullable().optional(),
  })
  .strict();
export type OrderCustomerUpdate = z.input<typeof orderCustomerUpdateSchema>;

const amounts = { net: amountSchema, tax: amountSchema, gross: amountSchema };

/** `POST orders/price`: the priced order, nothing written. */
export const orderPriceSchema = z.object({
  currency: z.string(),
  prices_include_tax: z.boolean(),
  billing_address: addressFieldsSchema.nullable(),
  shipping_address: addressFieldsSchema.nullable(),
  items: z.array(
    z.object({
      kind: z.enum(ORDER_ITEM_KINDS),
      product_id: z.number().int(),
      variant_id: z.number().int(),
      product_name: z.string(),
      variant_name: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unit_price: amountSchema,
      tax_percent: z.string(),
      billing_interval: z.enum(BILLING_INTERVALS).nullable(),
      minimum_term_months: z.number().int().nullable(),
      amount: amountSchema,
      discount: amountSchema,
      ...amounts,
    }),
  ),
  shipping: z
    .object({
      method_id: z.number().int(),
      name: z.string(),
      tax_percent: z.string(),
      amount: amountSchema,
      discount: amountSchema,
      ...amounts,
    })
    .nullable(),
  voucher_code: z.string().nullable(),
  /** The items' unit price x quantity summed, before the discount, in the unit prices' basis (`prices_include_tax`). */
  items_amount: amountSchema,
  /** What the voucher takes off the items and off shipping, in the same basis. */
  discount: amountSchema,
  shipping_discount: amountSchema,
  /** The sums of the items' own net, tax and gross (after their discounts); shipping's are in `shipping`. */
  items_net: amountSchema,
  items_tax: amountSchema,
  items_gross: amountSchema,
  /** Items plus shipping. */
  ...amounts,
  /** The order's total (the gross), the first payment. */
  total: amountSchema,
  tax_breakdown: z.array(z.object({ tax_percent: z.string(), ...amounts })),
  /**
   * What each later period of the rentals costs without a voucher, and `discounted`: what the periods
   * a voucher covers cost, up to payment `until_payment` (null: every payment), or null.
   */
  recurring: z.array(
    z.object({
      billing_interval: z.enum(BILLING_INTERVALS),
      frequency: z.enum(FREQUENCIES),
      interval: z.number().int(),
      ...amounts,
      discounted: z
        .object({ discount: amountSchema, ...amounts, until_payment: z.number().int().nullable() })
        .nullable(),
    }),
  ),
});
export type OrderPrice = z.infer<typeof orderPriceSchema>;

/** The answer of the bulk updates (`PUT orders`, `PUT subscriptions`): one result per id. */
export const bulkAnswerSchema = z.object({
  updated: z.number().int(),
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().nullable() })),
});
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;
