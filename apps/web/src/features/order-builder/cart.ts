/**
 * The order builder's cart as plain data, and what it becomes on the wire: the body of
 * `POST orders/price`, `POST orders/full` and `POST|PUT draft-orders` (`orderInputSchema`). Prices are
 * never sent: the server takes them from the catalog. Nothing here does arithmetic on amounts.
 */
import type { Address } from '@rentloop/domain/addresses';
import type { BillingInterval, ProductType } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderDetail, OrderPrice } from '@rentloop/domain/order-details';
import type { OrderInput } from '@rentloop/domain/orders';

export type LineKind = 'rental' | 'purchase' | 'consumable';

export interface CartLine {
  /** Local key of the line (React list key, field-error paths use the index). */
  key: string;
  product_id: number;
  variant_id: number | null;
  kind: LineKind;
  billing_interval: BillingInterval | null;
  /** Empty: the product's default. */
  minimum_term_months: number | null;
  quantity: number;
}

export interface Cart {
  customer_id: number | null;
  lines: CartLine[];
  shipping_method_id: number | null;
  /** The applied code (typing in the field does not change it until Apply). */
  voucher_code: string | null;
  /** This order's own addresses; null: the customer's (the server's default too). */
  billing_address: Address | null;
  shipping_address: Address | null;
}

export const emptyCart = (): Cart => ({
  customer_id: null,
  lines: [],
  shipping_method_id: null,
  voucher_code: null,
  billing_address: null,
  shipping_address: null,
});

type CustomerAddresses = { billing_address: Address | null; shipping_address: Address | null } | null;

/**
 * The addresses the order goes with, as the server picks them (`modules/orders/pricing.ts`): the cart's
 * own, else the customer's; shipping falls back to the billing address. Shipping is what taxes go by.
 */
export function effectiveAddresses(cart: Cart, customer: CustomerAddresses) {
  const billing = cart.billing_address ?? customer?.billing_address ?? null;
  const shipping = cart.shipping_address ?? customer?.shipping_address ?? billing;
  return { billing, shipping };
}

let nextKey = 0;
export const lineKey = () => `line-${++nextKey}`;

type RentalPrices = Partial<Record<BillingInterval, string | null>>;

/** The intervals the product has a rental price for, in the order staff read them. */
export function availableIntervals(prices: RentalPrices | null | undefined): BillingInterval[] {
  const order: BillingInterval[] = ['monthly', 'quarterly', 'annually'];
  return order.filter((interval) => Boolean(prices?.[interval]));
}

/**
 * A new line for a product: a consumable is a consumable; else a rental when it has a rental price.
 * `variantId`: the variant staff found (by SKU); else the only variant, or none yet.
 */
export function newLine(
  product: {
    id: number;
    type: ProductType;
    rental_prices: RentalPrices;
    variants?: { id: number }[];
  },
  variantId?: number,
): CartLine {
  const intervals = availableIntervals(product.rental_prices);
  const kind: LineKind =
    product.type === 'consumable' ? 'consumable' : intervals.length ? 'rental' : 'purchase';
  return {
    key: lineKey(),
    product_id: product.id,
    variant_id: variantId ?? (product.variants?.length === 1 ? (product.variants[0]?.id ?? null) : null),
    kind,
    billing_interval: kind === 'rental' ? (intervals[0] ?? null) : null,
    minimum_term_months: null,
    quantity: 1,
  };
}

/** A line with its kind changed: a rental keeps (or picks) an interval, the others have none. */
export function withKind(line: CartLine, kind: LineKind, prices: RentalPrices | null | undefined): CartLine {
  if (kind !== 'rental') return { ...line, kind, billing_interval: null, minimum_term_months: null };
  return { ...line, kind, billing_interval: line.billing_interval ?? availableIntervals(prices)[0] ?? null };
}

/** The lines the server can price: a variant chosen, a positive quantity. */
export const completeLines = (lines: CartLine[]) =>
  lines.filter((line) => line.variant_id !== null && line.quantity >= 1);

/** The request body for the cart, or null when it cannot be priced yet (no customer or no line). */
export function cartBody(cart: Cart): OrderInput | null {
  const lines = completeLines(cart.lines);
  if (cart.customer_id === null || lines.length === 0) return null;
  return {
    customer_id: cart.customer_id,
    items: lines.map((line) => ({
      variant_id: line.variant_id as number,
      quantity: line.quantity,
      kind: line.kind,
      ...(line.kind === 'rental' && line.billing_interval ? { billing_interval: line.billing_interval } : {}),
      ...(line.kind === 'rental' && line.minimum_term_months !== null
        ? { minimum_term_months: line.minimum_term_months }
        : {}),
    })),
    shipping_method_id: cart.shipping_method_id,
    voucher_code: cart.voucher_code,
    ...(cart.billing_address ? { billing_address: cart.billing_address } : {}),
    ...(cart.shipping_address ? { shipping_address: cart.shipping_address } : {}),
    consumable: false,
  };
}

/**
 * A saved quote as the builder's cart. Its address snapshots come back as the cart's own addresses, so
 * saving it again keeps what it was quoted with (an address given for this order included).
 */
export function cartFromDraft(draft: OrderDetail): Cart {
  return {
    customer_id: draft.customer_id,
    shipping_method_id: draft.shipping_method_id,
    voucher_code: draft.voucher_code,
    billing_address: (draft.billing_address as Address | null) ?? null,
    shipping_address: (draft.shipping_address as Address | null) ?? null,
    lines: draft.items
      .filter((item) => item.product_id !== null && item.variant_id !== null)
      .map((item) => ({
        key: lineKey(),
        product_id: item.product_id as number,
        variant_id: item.variant_id,
        kind: item.kind,
        billing_interval: item.kind === 'rental' ? item.billing_interval : null,
        minimum_term_months: item.kind === 'rental' ? item.minimum_term_months : null,
        quantity: item.quantity,
      })),
  };
}

/** "month", "3 months", "year": the period of a recurring price. */
export { periodLabel as frequencyLabel } from '../subscriptions/format.ts';

export const INTERVAL_LABELS: Record<BillingInterval, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};

/** One recurring figure of the totals: what the customer pays per period, from which payment. */
export interface RecurringRow {
  label: string;
  /** The gross per period (a decimal string). */
  gross: string;
  /** The periods a voucher covers (its row comes before the full price's). */
  covered: boolean;
}

/**
 * What the customer pays after the first payment, for one billing interval of the rentals: the
 * periods a voucher covers ("payments 2 to 3"), then the full price ("from payment 4"); a voucher on
 * every payment leaves one discounted figure, none one full figure.
 */
export function recurringRows(
  period: OrderPrice['recurring'][number],
  voucherCode: string | null,
): RecurringRow[] {
  const interval = INTERVAL_LABELS[period.billing_interval].toLowerCase();
  const voucher = voucherCode ? ` with ${voucherCode}` : '';
  const { discounted } = period;
  if (!discounted) return [{ label: `then, ${interval}`, gross: period.gross, covered: false }];
  if (discounted.until_payment === null)
    return [{ label: `then, ${interval}${voucher}`, gross: discounted.gross, covered: true }];
  const last = discounted.until_payment;
  const payments = last === 2 ? 'payment 2' : `payments 2 to ${last}`;
  return [
    { label: `then, ${interval}${voucher}: ${payments}`, gross: discounted.gross, covered: true },
    { label: `from payment ${last + 1}`, gross: period.gross, covered: false },
  ];
}

/**
 * The field errors of a 422 on the cart, by the builder's fields: `voucher_code`, `shipping_method_id`,
 * `customer_id`, `items.N.field` (N is the index among the complete lines) and everything else.
 */
export function errorFor(
  errors: Record<string, string[]> | null | undefined,
  field: string,
): string | undefined {
  return errors?.[field]?.[0];
}

/** The first error of an address or of one of its fields (`shipping_address.postal_code`), named. */
export function addressError(
  errors: Record<string, string[]> | null | undefined,
  field: 'billing_address' | 'shipping_address',
): string | undefined {
  for (const [key, messages] of Object.entries(errors ?? {})) {
    if (!messages[0]) continue;
    if (key === field) return messages[0];
    if (key.startsWith(`${field}.`))
      return `${key.slice(field.length + 1).replaceAll('_', ' ')}: ${messages[0]}`;
  }
  return undefined;
}

/** A line's first field error (`items.2.billing_interval` → the line at index 2). */
export function lineError(
  errors: Record<string, string[]> | null | undefined,
  index: number,
): string | undefined {
  if (!errors) return undefined;
  const prefix = `items.${index}`;
  for (const [key, messages] of Object.entries(errors)) {
    if ((key === prefix || key.startsWith(`${prefix}.`)) && messages[0]) return messages[0];
  }
  return undefined;
}

/** The toast for a failed save or placement: an address the server could not validate has its own text. */
export function failureToast(message: string, fallback: string): string {
  if (/validate address/i.test(message)) return MESSAGES.addressNotValidated;
  return message || fallback;
}

/** A fresh Idempotency-Key (`crypto.randomUUID` exists only in secure contexts: a fallback elsewhere). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The cart as compared for "is anything unsaved?": a line's local key is no change. */
function comparable(cart: Cart): string {
  return JSON.stringify({ ...cart, lines: cart.lines.map(({ key: _key, ...line }) => line) });
}

/**
 * Whether the cart differs from the one the builder opened with (empty, the customer of `?customer=`,
 * or the quote being edited): the builder then asks before it is left (issue 25, "nothing is lost").
 */
export function cartChanged(initial: Cart, cart: Cart): boolean {
  return comparable(initial) !== comparable(cart);
}
