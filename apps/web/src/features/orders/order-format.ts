/**
 * Pure helpers of the order screens: amounts in the order's currency, the tag and status options,
 * the rows of a bulk update's result. Without zod schemas at run time (only `money.ts` and the
 * enumerations), so the orders list's chunk stays small (scripts/size-budget.mjs).
 */
import { ACCOUNT_PAYMENT_STATES, ORDER_STATUSES, ORDER_SUB_STATUSES } from '@rentloop/domain/enums';
import { decimalToMinor, formatMoney } from '@rentloop/domain/money';
import { humanize } from '../../utils/humanize.ts';

/** "€1,299.00" for "1299.00" in EUR (the API's decimal string, never read as a float); "—" for none. */
export function formatOrderAmount(decimal: string | null | undefined, currency: string): string {
  if (decimal === null || decimal === undefined || decimal === '') return '—';
  const minor = decimalToMinor(decimal, currency, { round: 'half-up' });
  return minor === undefined ? `${decimal} ${currency}` : formatMoney(minor, currency, 'en');
}

/** "19%" for "19.00", "7.5%" for "7.500". */
export function formatPercent(percent: string | null | undefined): string {
  if (percent === null || percent === undefined || percent === '') return '—';
  const [whole, fraction = ''] = percent.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}${trimmed ? `.${trimmed}` : ''}%`;
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

export const ORDER_STATUS_OPTIONS = options(ORDER_STATUSES.filter((s) => s !== 'draft'));
export const PAYMENT_STATUS_OPTIONS = options(ACCOUNT_PAYMENT_STATES);
export const TAG_OPTIONS = options(ORDER_SUB_STATUSES);

/** The cancellation reasons (spec 01 §5: "None" is dropped from the payload by the API's schema). */
export const CANCEL_REASONS = [
  'None',
  'Customer request',
  'Out of stock',
  'Payment failed',
  'Duplicate order',
  'Other',
] as const;

/** The swap reasons ("None" dropped likewise). */
export const SWAP_REASONS = [
  'None',
  'Not delivered',
  'Lost in transit',
  'Damaged on arrival',
  'Other',
] as const;

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
