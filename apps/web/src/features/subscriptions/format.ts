/** How subscriptions read: "CA$89.00 / month", "CA$54.00 / 3 months"; an action's button text. */
import type { Frequency } from '@rentloop/domain/enums';
import { decimalToMinor, formatMoney } from '@rentloop/domain/money';

/**
 * "CA$89.00" for "89.00" in CAD, as `products/amounts.ts` shows amounts; not imported from there,
 * whose catalog schemas would bring the country tables into the list's first load.
 */
export function formatAmount(decimal: string | null | undefined, currency: string): string {
  if (decimal === null || decimal === undefined || decimal === '') return '—';
  const minor = decimalToMinor(decimal, currency, { round: 'half-up' });
  return minor === undefined ? decimal : formatMoney(minor, currency, 'en');
}

const UNITS: Record<Frequency, [string, string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  yearly: ['year', 'years'],
};

/** "month", "3 months", "year". */
export function periodLabel(frequency: Frequency, interval: number): string {
  const [one, many] = UNITS[frequency] ?? [frequency, frequency];
  return interval === 1 ? one : `${interval} ${many}`;
}

export const pricePerPeriod = (price: string, currency: string, frequency: Frequency, interval: number) =>
  `${formatAmount(price, currency)} / ${periodLabel(frequency, interval)}`;

/** "request_return" -> "Request return". */
export const actionLabel = (action: string) => {
  const text = action.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
