/**
 * Where a payment stands in dunning, in staff's words (shared/BILLING.md "Dunning is data"): "Step 2 of 3,
 * next attempt on 12th Dec 2026", "Recovered", "Ended: subscription cancelled". One text for the
 * subscription page, the order page and the recurring payments list. Zod-free at run time (types only
 * from the domain), as the other list formatters.
 */
import type { Dunning, DunningEndAction, DunningStatus } from '@rentloop/domain/dunning';
import { formatDate } from '../../utils/dates.ts';

/** What the screens need of a dunning (the list rows carry only these). */
export type DunningLike = Pick<Dunning, 'status' | 'step' | 'max_steps' | 'next_attempt_on' | 'end_action'>;

/** How an ended dunning ended, after "Ended: ". */
const ENDED: Record<Exclude<DunningEndAction, 'recovered'>, string> = {
  cancel_subscription: 'subscription cancelled',
  debt_collection: 'handed to debt collection',
  nothing: 'left to staff',
  payment_method_declined: 'payment method declined, not retried',
};

/** "Step 2 of 3, next attempt on 12th Dec 2026"; "Recovered"; "Ended: subscription cancelled"; "" when none. */
export function dunningText(dunning: DunningLike | null | undefined): string {
  if (!dunning) return '';
  if (dunning.status === 'recovered') return 'Recovered';
  if (dunning.status === 'ended') {
    const how = dunning.end_action && dunning.end_action !== 'recovered' ? ENDED[dunning.end_action] : '';
    return how ? `Ended: ${how}` : 'Ended';
  }
  const step = `Step ${dunning.step} of ${dunning.max_steps}`;
  return dunning.next_attempt_on ? `${step}, next attempt on ${formatDate(dunning.next_attempt_on)}` : step;
}

/** The alert's colour: running (warning), recovered (success), ended (error). */
export const DUNNING_SEVERITY: Record<DunningStatus, 'warning' | 'success' | 'error'> = {
  active: 'warning',
  recovered: 'success',
  ended: 'error',
};

/** The list's filter options: the dunning's status, and the step of a running one (at most 10 retries). */
export const DUNNING_STATUS_OPTIONS: { value: DunningStatus; label: string }[] = [
  { value: 'active', label: 'In dunning' },
  { value: 'recovered', label: 'Recovered' },
  { value: 'ended', label: 'Ended' },
];
export const DUNNING_STEP_OPTIONS = Array.from({ length: 10 }, (_, i) => ({
  value: String(i + 1),
  label: `Step ${i + 1}`,
}));
