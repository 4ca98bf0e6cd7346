/** How subscriptions read: "CA$89.00 / month", "CA$54.00 / 3 months"; an action's button text. */
import type { Frequency } from '@rentloop/domain/enums';
import { formatAmount } from '../../components/money.ts';

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
  if (action === 'bought_out') return 'Buyout';
  const text = action.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
