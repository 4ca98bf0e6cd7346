/**
 * Dunning (shared/BILLING.md "Declines are classified", "Dunning is data"): what happens after a charge
 * of a recurring payment's invoice fails, as data and pure functions. The API module
 * (apps/api/src/modules/dunning) only reads the row, asks `planAfterFailure` and writes what it says.
 *
 * A dunning is one row per recurring payment in trouble. Its `step` is where the payment stands: step n
 * means n failed charges so far and retry n comes next, on `next_attempt_on` (the first failure's
 * company date plus `retry_schedule_days[n - 1]` of the `recurring_payments` settings), with the
 * reminder of step n mailed once (`last_mail_step`). When retry `max_steps` fails too, the dunning ends
 * with the configured end (`after_last_retry`). A later success recovers it. A hard decline (stolen,
 * lost, fraudulent card...) ends it at once: that payment method is never charged again automatically.
 */
import { z } from 'zod';
import { addDays } from './billing-periods.ts';
import type { DeclineClass } from './payments.ts';
import { AFTER_LAST_RETRY } from './settings-payments.ts';
import type { TransitionTable } from './transitions.ts';

export const DUNNING_STATUSES = ['active', 'recovered', 'ended'] as const;
export type DunningStatus = (typeof DUNNING_STATUSES)[number];

/**
 * How a dunning ended: a later success (`recovered`), one of the settings' ends after the last retry
 * (`cancel_subscription`, `debt_collection`, `nothing`: staff decide), or a hard decline
 * (`payment_method_declined`: the customer must give another payment method).
 */
export const DUNNING_END_ACTIONS = ['recovered', ...AFTER_LAST_RETRY, 'payment_method_declined'] as const;
export type DunningEndAction = (typeof DUNNING_END_ACTIONS)[number];
export type AfterLastRetry = (typeof AFTER_LAST_RETRY)[number];

/** The three shipped reminder mails (template ids `payment_failed_1..3`). */
export type DunningMail = 1 | 2 | 3;
/** The shipped mail sent after a hard decline (no retry: the payment method must change). */
export const PAYMENT_METHOD_DECLINED_TEMPLATE = 'payment_method_declined';
export const dunningTemplateId = (mail: DunningMail) => `payment_failed_${mail}`;

export const DUNNING_TEXTS = {
  changed: 'The dunning of this payment changed meanwhile. Reload and try again.',
  subscriptionCancelledReason: 'Payment failed after the last retry (dunning).',
} as const;

// ---- the answer ----

export const dunningSchema = z.object({
  id: z.number().int(),
  recurring_payment_id: z.number().int(),
  invoice_id: z.number().int(),
  order_id: z.number().int(),
  subscription_id: z.number().int(),
  status: z.enum(DUNNING_STATUSES),
  /** n failed charges so far; while active, retry n is the next attempt (1 ≤ step ≤ max_steps). */
  step: z.number().int(),
  /** The retries the settings allowed when the dunning began. */
  max_steps: z.number().int(),
  /** The company date of the next retry; null once none is left. */
  next_attempt_on: z.string().nullable(),
  /** The step whose reminder mail was sent last (0: none). */
  last_mail_step: z.number().int(),
  end_action: z.enum(DUNNING_END_ACTIONS).nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dunning = z.infer<typeof dunningSchema>;

/** Filters of the recurring payments list on the dunning of each payment. */
export const dunningFilterFields = {
  /** Payments in an active dunning at this step. */
  dunning_step: z.coerce.number().int().min(0).max(10).optional(),
  dunning_status: z.enum(DUNNING_STATUSES).optional(),
};

// ---- the schedule ----

/**
 * The company date of retry `retry` (1-based): the first failure's date plus the schedule's day for it.
 * A dunning may have more retries than the schedule has days (the settings were shortened after it
 * began): the missing days follow the last one at its last gap (at least a day). Never earlier than
 * `tomorrow`: a late retry (a day the jobs did not run) does not pull the next one into today.
 */
export function retryDate(opts: {
  firstFailedOn: string;
  scheduleDays: readonly number[];
  retry: number;
  today: string;
}): string {
  const { firstFailedOn, scheduleDays, retry, today } = opts;
  const days = scheduleDays.length > 0 ? scheduleDays : [1];
  const last = days[days.length - 1] ?? 1;
  const gap = Math.max(1, last - (days[days.length - 2] ?? 0));
  const offset = retry <= days.length ? (days[retry - 1] ?? last) : last + gap * (retry - days.length);
  const scheduled = addDays(firstFailedOn, offset);
  // ISO dates compare as strings.
  return scheduled <= today ? addDays(today, 1) : scheduled;
}

/** A date (`YYYY-MM-DD`) as the company writes dates (its `general` settings' `date_format`), for mails. */
export function formatDateAs(
  date: string,
  format: 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD',
) {
  const [y = '', m = '', d = ''] = date.split('-');
  return format.replace('YYYY', y).replace('MM', m).replace('DD', d);
}

/** The reminder of step `step` of `maxSteps`: the first, the last ("last reminder"), or one between. */
export function dunningMailOf(step: number, maxSteps: number): DunningMail {
  if (step <= 1) return 1;
  return step >= maxSteps ? 3 : 2;
}

// ---- what a failure does ----

export interface DunningSettings {
  retry_schedule_days: readonly number[];
  max_retries: number;
  after_last_retry: AfterLastRetry;
  dunning_emails: boolean;
}

/** The active dunning as locked (a new one: step 0, no mail yet). */
export interface DunningPosition {
  step: number;
  max_steps: number;
  last_mail_step: number;
}

export type DunningPlan =
  /** Retry later: the new step, its date, and the reminder to mail (null: off, or sent already). */
  | { action: 'retry_failed'; step: number; next_attempt_on: string; mail: DunningMail | null }
  /** A technical failure of a retry: nobody's card was judged; try again tomorrow, no mail, same step. */
  | { action: 'postpone'; next_attempt_on: string }
  /** The last retry failed (or the settings allow none): the configured end. */
  | { action: 'end'; end_action: AfterLastRetry }
  /** A hard decline: no retry ever of that method; the customer is asked for another one. */
  | { action: 'decline'; end_action: 'payment_method_declined'; mail: boolean };

/**
 * What a failed charge does to an active dunning (or to a new one, `step` 0), by the decline's class:
 * soft moves to the next step (or ends after the last), hard ends it, technical postpones the retry.
 */
export function planAfterFailure(opts: {
  position: DunningPosition;
  declineClass: DeclineClass;
  settings: DunningSettings;
  firstFailedOn: string;
  today: string;
}): DunningPlan {
  const { position, declineClass, settings, firstFailedOn, today } = opts;
  if (declineClass === 'hard')
    return { action: 'decline', end_action: 'payment_method_declined', mail: settings.dunning_emails };
  if (declineClass === 'technical') return { action: 'postpone', next_attempt_on: addDays(today, 1) };
  const step = position.step + 1;
  if (step > position.max_steps) return { action: 'end', end_action: settings.after_last_retry };
  const mail =
    settings.dunning_emails && step > position.last_mail_step
      ? dunningMailOf(step, position.max_steps)
      : null;
  return {
    action: 'retry_failed',
    step,
    next_attempt_on: retryDate({
      firstFailedOn,
      scheduleDays: settings.retry_schedule_days,
      retry: step,
      today,
    }),
    mail,
  };
}

// ---- transitions ----

export const DUNNING_ACTIONS = ['retry_failed', 'postpone', 'recover', 'end', 'decline', 'stop'] as const;
export type DunningAction = (typeof DUNNING_ACTIONS)[number];

const changed = DUNNING_TEXTS.changed;

/** The dunning's state machine: read one row as "from these statuses, action leads to status". */
export const DUNNING_TRANSITIONS: TransitionTable<DunningStatus, DunningAction> = [
  { from: ['active'], action: 'retry_failed', to: 'active', message: changed, event: 'dunning.retry_failed' },
  { from: ['active'], action: 'postpone', to: 'active', message: changed, event: 'dunning.postponed' },
  /** A success of the invoice (a retry, a staff charge, a settlement) while retries run. */
  { from: ['active'], action: 'recover', to: 'recovered', message: changed, event: 'dunning.recovered' },
  { from: ['active'], action: 'end', to: 'ended', message: changed, event: 'dunning.ended' },
  {
    from: ['active'],
    action: 'decline',
    to: 'ended',
    message: changed,
    event: 'dunning.payment_method_declined',
  },
  /** Its invoice was cancelled (invoice-corrections.ts): nothing is left to collect. */
  { from: ['active'], action: 'stop', to: 'ended', message: changed, event: 'dunning.stopped' },
];
