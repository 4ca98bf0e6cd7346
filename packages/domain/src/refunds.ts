/**
 * Refunds (spec 01 §3 "Refund payload", §7 "Invoices: refund", "Orders: refund-payments", §8;
 * shared/BILLING.md "Corrections" and "Refunds never exceed what was paid").
 *
 * A refund is a document and a money movement: a refund invoice (type `partial_refund` or `full_refund`,
 * own gapless number, negative lines, `original_invoice` set) and a refund attempt at the original's
 * gateway. Three ways to say what is refunded, exactly one per request:
 * - `full_refund: true`: everything of the invoice (or of every paid invoice of the order) still refundable;
 * - `amount`: a gross amount, split over the original's VAT rates in proportion to its breakdown
 *   (`splitByRate`: largest remainder, ties to the lower rate, exact to the cent);
 * - `items` (invoice lines by position) and/or `products` (order items), each with a quantity.
 * `cumulated_items` is accepted by name and refused while cumulated invoices do not exist (issue 24 part 5).
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { invoiceSchema } from './invoices.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema, roundHalfUp } from './money.ts';
import { allocateProportionally } from './order-totals.ts';
import { transactionDetailSchema } from './payments.ts';

const id = z.coerce.number().int().positive();
const quantity = z.coerce.number().int().positive().max(1_000_000).optional();

/** An invoice line to refund: its position on the invoice (invoice_id: on refund-payments, which invoice). */
export const refundItemSchema = z.object({
  invoice_id: id.optional(),
  position: z.coerce.number().int().positive(),
  /** Units of the line; the whole line (what is left of it) when left out. */
  quantity,
});
/** An order item to refund (its line on the order's initial invoice). */
export const refundProductSchema = z.object({
  order_item_id: id,
  quantity,
});

/** The spec's Refund payload (POST invoices/{id}/refund, POST refund-payments). */
export const refundInputSchema = z
  .object({
    amount: amountInputSchema.nullish(),
    customer_id: id.nullish(),
    full_refund: z.boolean().optional().default(false),
    items: z.array(refundItemSchema).max(500).optional().default([]),
    cumulated_items: z.array(z.unknown()).max(500).optional().default([]),
    message: safeText().trim().max(2000).nullish(),
    order_id: id.nullish(),
    products: z.array(refundProductSchema).max(500).optional().default([]),
  })
  .superRefine((v, ctx) => {
    const modes = [
      v.full_refund,
      v.amount !== undefined && v.amount !== null,
      v.items.length + v.products.length > 0,
    ].filter(Boolean).length;
    if (modes !== 1) ctx.addIssue({ code: 'custom', message: MESSAGES.refundModeRequired, path: ['amount'] });
    if (v.cumulated_items.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.refundCumulatedUnavailable,
        path: ['cumulated_items'],
      });
  });
export type RefundInput = z.output<typeof refundInputSchema>;

export interface RateAmount {
  tax_percent: string;
  /** Gross minor units at this rate on the original. */
  gross: bigint;
}

/**
 * A gross `amount` split over the original's rates in proportion to each rate's gross: floor shares,
 * the cents left to the largest remainders, ties to the earlier entry (the breakdown is ordered by
 * rate). The shares sum to `amount` exactly; a rate never gets more than its gross when `amount` is at
 * most the total. Entries with a zero share are dropped.
 */
export function splitByRate(amount: bigint, rates: readonly RateAmount[]): RateAmount[] {
  const positive = rates.filter((r) => r.gross > 0n);
  const total = positive.reduce((s, r) => s + r.gross, 0n);
  if (amount < 0n || amount > total) throw new RangeError(`Cannot split ${amount} over ${total}.`);
  const shares = allocateProportionally(
    amount,
    positive.map((r) => r.gross),
  );
  return positive
    .map((r, i) => ({ tax_percent: r.tax_percent, gross: shares[i] ?? 0n }))
    .filter((r) => r.gross > 0n);
}

/**
 * The gross of `take` units of a line of `quantity` units and `gross`, when `refundedUnits` of it (worth
 * `refundedGross`) were refunded before: the cumulative share `half_up(gross × units / quantity)` less
 * what was given before (so rounding never accumulates), and the last units take exactly what is left:
 * refunding a line in parts gives back its gross to the cent, never more.
 */
export function lineRefundGross(
  line: { quantity: number; gross: bigint },
  take: number,
  refundedUnits: number,
  refundedGross: bigint,
): bigint {
  const left = line.gross - refundedGross;
  if (take + refundedUnits >= line.quantity) return left;
  const share = roundHalfUp(line.gross * BigInt(refundedUnits + take), BigInt(line.quantity)) - refundedGross;
  // bigint: no Math.min.
  if (share < 0n) return 0n;
  if (share > left) return left;
  return share;
}

/** Refund invoice types (INVOICE_TYPES): a refund of everything still refundable is `full_refund`. */
export const REFUND_INVOICE_TYPES = ['partial_refund', 'full_refund', 'refund'] as const;
export const isRefundInvoiceType = (type: string): boolean =>
  (REFUND_INVOICE_TYPES as readonly string[]).includes(type);

/** The answer of a refund: each refund invoice issued and its attempt at the gateway. */
export const refundResultSchema = z.object({
  refunds: z.array(z.object({ invoice: invoiceSchema, transaction: transactionDetailSchema })),
});
export type RefundResult = z.infer<typeof refundResultSchema>;
