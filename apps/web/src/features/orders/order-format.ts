/**
 * Pure helpers of the order screens: tax percentages, the tag and status options,
 * the rows of a bulk update's result. Zod-free at run time: the orders list's chunk must not reach
 * `enums.ts` or `money.ts`, whose chunks import the schemas' (scripts/size-budget.mjs); the value lists
 * below are checked against the domain's types instead.
 */
import {
  type AccountPaymentState,
  type OrderStatus,
  type OrderSubStatus,
  SWAP_REASONS as SWAP_REASON_CHOICES,
} from '@rentloop/domain/enums';
import type { OrderCancel } from '@rentloop/domain/orders';
import { humanize } from '../../utils/humanize.ts';

/** "19%" for "19.00", "7.5%" for "7.500". */
export function formatPercent(percent: string | null | undefined): string {
  if (percent === null || percent === undefined || percent === '') return '—';
  const [whole, fraction = ''] = percent.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}${trimmed ? `.${trimmed}` : ''}%`;
}

/** True only when `List` holds every value of `Union` (unknown values are refused by `satisfies`). */
type Complete<Union, List extends readonly unknown[]> = [Exclude<Union, List[number]>] extends [never]
  ? true
  : false;

const STATUSES = ['open', 'fulfilled', 'cancelled'] as const satisfies readonly OrderStatus[];
const PAYMENT_STATES = [
  'paid',
  'payment_pending',
  'payment_required',
  'trial',
] as const satisfies readonly AccountPaymentState[];
const TAGS = [
  'delivered',
  'delivery',
  'dunning-cancelled',
  'in clarification',
  'in dunning',
  'lost',
  'ordered at supplier',
  'picked up',
  'pick up',
  'replaced',
  'replacement',
  'test order',
] as const satisfies readonly OrderSubStatus[];
// A value added to the domain's lists and missing here fails to compile.
const complete: [
  Complete<Exclude<OrderStatus, 'draft'>, typeof STATUSES>,
  Complete<AccountPaymentState, typeof PAYMENT_STATES>,
  Complete<OrderSubStatus, typeof TAGS>,
] = [true, true, true];
void complete;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

/** The statuses an order is set to (a quote, `draft`, is made, never set). */
export const ORDER_STATUS_OPTIONS = options(STATUSES);
export const PAYMENT_STATUS_OPTIONS = options(PAYMENT_STATES);
export const TAG_OPTIONS = options(TAGS);

/** The reasons' choice that means no reason: offered, never sent (spec 01 §5). */
export const NO_REASON = 'None';

/** Cancel order: the reason "None" is dropped from the payload (spec 01 §5), and an empty message. */
export function cancelPayload(values: {
  reason: string;
  cancellation_message: string;
  refunded: boolean;
}): OrderCancel {
  const message = values.cancellation_message.trim();
  // Undefined keys are left out of the request's JSON: nothing is sent for them.
  return {
    refunded: values.refunded,
    reason: values.reason && values.reason !== NO_REASON ? values.reason : undefined,
    cancellation_message: message || undefined,
  };
}

/** Swap: the reason "None" and an empty note are dropped (spec 01 §5). */
export function swapPayload(values: { missing_product: string; reason: string; note: string }): {
  missing_product: number;
  reason?: string;
  note?: string;
} {
  const note = values.note.trim();
  return {
    missing_product: Number(values.missing_product),
    ...(values.reason && values.reason !== NO_REASON ? { reason: values.reason } : {}),
    ...(note ? { note } : {}),
  };
}

/** The cancellation reasons, "None" first (spec 01 §5; dropped from the payload, `cancelPayload`). */
export const CANCEL_REASONS = [
  NO_REASON,
  'Customer request',
  'Out of stock',
  'Payment failed',
  'Duplicate order',
  'Other',
] as const;

/** The swap reasons ("None" dropped likewise, `swapPayload`). */
export const SWAP_REASONS = [NO_REASON, ...SWAP_REASON_CHOICES] as const;

export interface BulkResultRow {
  id: number;
  label: string;
  ok: boolean;
  message: string;
}

/** A bulk update's results with each order's number (its id, "#12", when it has none or is unknown). */
export function bulkResultRows(
  results: readonly { id: number; ok: boolean; message: string | null }[],
  numbers: ReadonlyMap<number, string | null>,
): BulkResultRow[] {
  return results.map((r) => ({
    id: r.id,
    label: numbers.get(r.id) ?? `#${r.id}`,
    ok: r.ok,
    message: r.ok ? 'Updated' : (r.message ?? 'Not updated.'),
  }));
}

/** "Monthly, 12 months minimum" for a rental's billing; empty for a sale. */
export function rentalTerms(item: {
  billing_interval: string | null;
  minimum_term_months: number | null;
}): string {
  if (!item.billing_interval) return '';
  const interval = humanize(item.billing_interval);
  return item.minimum_term_months ? `${interval}, ${item.minimum_term_months} months minimum` : interval;
}
