/**
 * Pure helpers of the recurring payments screen: the status options, the billing period, and which
 * selected rows the batch charge may send (spec 01 §9: at most 10). Where a payment stands in dunning
 * reads as `dunningText` (features/dunning) says.
 * Zod-free at run time (see `invoices/invoice-format.ts`).
 */
import type { RecurringPayment, RecurringPaymentStatus } from '@rentloop/domain/recurring-payments';
import { formatDate } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';
import type { Complete } from '../invoices/invoice-format.ts';

/**
 * Spec 01 §9 "Batch charge of recurring payments: limit 10". The domain's
 * `RECURRING_PAYMENTS_CHARGE_LIMIT` lives beside the schemas (zod); the list repeats the number and a
 * test holds the two equal.
 */
export const CHARGE_LIMIT = 10;

const STATUSES = [
  'scheduled',
  'charging',
  'pending',
  'paid',
  'failed',
  'parked',
  'cancelled',
] as const satisfies readonly RecurringPaymentStatus[];
const complete: Complete<RecurringPaymentStatus, typeof STATUSES> = true;
void complete;
export const RECURRING_STATUS_OPTIONS = STATUSES.map((value) => ({ value, label: humanize(value) }));

/** "1st Nov 2026 – 30th Nov 2026". */
export function periodText(p: Pick<RecurringPayment, 'period_start' | 'period_end'>): string {
  return `${formatDate(p.period_start)} – ${formatDate(p.period_end)}`;
}

/** A row of the list: the record, with where it stands in dunning (`dunning`, features/dunning). */
export type RecurringPaymentRow = RecurringPayment;

/**
 * What "Charge" sends for the selected rows: every selected id (the server answers per payment, so a
 * row that is no longer chargeable is its refusal, not a guess from a list that may be stale), unless
 * there are more than the spec's limit: then nothing, and the button is disabled and says why.
 */
export function chargeSelection(rows: readonly Pick<RecurringPayment, 'id'>[]) {
  const tooMany = rows.length > CHARGE_LIMIT;
  return { ids: tooMany ? [] : rows.map((r) => r.id), tooMany };
}

/** The bulk button: "Charge 3" while within the limit, "Charge (at most 10)" above it. */
export function chargeLabel(selected: number): string {
  return selected > CHARGE_LIMIT ? `Charge (at most ${CHARGE_LIMIT} at once)` : `Charge ${selected}`;
}

/** The line above a batch charge's results: "3 charged." / "2 charged, 1 not charged.". */
export function chargeResultSummary(results: readonly { ok: boolean }[]) {
  const charged = results.filter((r) => r.ok).length;
  const failed = results.length - charged;
  return {
    failed,
    text: failed === 0 ? `${charged} charged.` : `${charged} charged, ${failed} not charged.`,
  };
}
