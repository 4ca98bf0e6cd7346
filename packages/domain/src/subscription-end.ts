/**
 * Ending a subscription and its timeline (spec 01 §7 `POST subscriptions/{id}/end {reason}`; issue 25
 * item 5). The spec's payload stays: a free-text `reason` alone still ends a subscription now. Two
 * optional fields are ours: `reason_code`, one of `SUBSCRIPTION_END_REASONS`, so churn can be counted by
 * reason (a text alone is filed under `other`), and `when`: `now`, or `end_of_term`, which leaves the
 * subscription running until its minimum term ends and lets the business jobs end it on that day.
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { SUBSCRIPTION_STATUSES } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';

/** Why customers leave, as churn is reported. `other` asks for the text. */
export const SUBSCRIPTION_END_REASONS = [
  'too_expensive',
  'no_longer_needed',
  'moved',
  'switched_provider',
  'product_issue',
  'payment_issue',
  'other',
] as const;
export type SubscriptionEndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

export const SUBSCRIPTION_END_REASON_LABELS: Record<SubscriptionEndReason, string> = {
  too_expensive: 'Too expensive',
  no_longer_needed: 'No longer needed',
  moved: 'Moved away',
  switched_provider: 'Switched provider',
  product_issue: 'Problem with the product',
  payment_issue: 'Payment problems',
  other: 'Other',
};

/** When an end takes effect: at once, or on the day the minimum term ends. */
export const SUBSCRIPTION_END_WHEN = ['now', 'end_of_term'] as const;
export type SubscriptionEndWhen = (typeof SUBSCRIPTION_END_WHEN)[number];

export const SUBSCRIPTION_END_TEXTS = {
  reasonRequired: 'A reason is required to end a subscription.',
  reasonCode: `Must be one of: ${SUBSCRIPTION_END_REASONS.join(', ')}.`,
  when: `Must be one of: ${SUBSCRIPTION_END_WHEN.join(', ')}.`,
  otherNeedsText: 'Say why when the reason is "Other".',
  termOver: 'The minimum term has already ended: end the subscription now.',
  noScheduledEnd: 'No end is scheduled for this subscription.',
  endScheduled: 'The subscription will end when its minimum term ends.',
  endWithdrawn: 'The scheduled end was withdrawn.',
  withdrawFailed: 'Could not withdraw the scheduled end.',
  timelineFailed: 'Could not load the timeline.',
} as const;

/**
 * `POST subscriptions/{id}/end`: `reason` (the spec's free text, 1 to 500 characters) is required unless a
 * `reason_code` is given; `other` needs the text. The answer: the code (a text alone: `other`) and the
 * text (null when only a code was given).
 */
export const subscriptionEndSchema = z
  .object({
    reason: z.string({ error: MESSAGES.required }).pipe(safeText().trim().max(500)).optional(),
    reason_code: z.enum(SUBSCRIPTION_END_REASONS, { error: SUBSCRIPTION_END_TEXTS.reasonCode }).optional(),
    when: z.enum(SUBSCRIPTION_END_WHEN, { error: SUBSCRIPTION_END_TEXTS.when }).default('now'),
  })
  .superRefine((v, ctx) => {
    const text = v.reason;
    if (v.reason_code === undefined && text === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.required });
    else if (v.reason_code === undefined && text === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: SUBSCRIPTION_END_TEXTS.reasonRequired });
    else if (v.reason_code === 'other' && !text)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: SUBSCRIPTION_END_TEXTS.otherNeedsText });
  })
  .transform((v) => ({
    reason: v.reason ? v.reason : null,
    reason_code: v.reason_code ?? ('other' as const),
    when: v.when,
  }));
export type SubscriptionEndInput = z.input<typeof subscriptionEndSchema>;
export type SubscriptionEnd = z.output<typeof subscriptionEndSchema>;

/** The text an end records as its reason: the free text, else the code's label. */
export const endReasonText = (end: Pick<SubscriptionEnd, 'reason' | 'reason_code'>) =>
  end.reason ?? SUBSCRIPTION_END_REASON_LABELS[end.reason_code];

// ---- timeline (GET subscriptions/{id}/timeline) ----

export const SUBSCRIPTION_TIMELINE_KINDS = [
  'created',
  'started',
  'paused',
  'resumed',
  'end_scheduled',
  'end_withdrawn',
  'ended',
  'cancelled',
  'reactivated',
  'bought_out',
  'status_changed',
] as const;
export type SubscriptionTimelineKind = (typeof SUBSCRIPTION_TIMELINE_KINDS)[number];

const status = z.enum(SUBSCRIPTION_STATUSES).nullable();

/** One thing that happened to a subscription, from its events, oldest first. */
export const subscriptionTimelineEntrySchema = z.object({
  /** The event's id; null for the start on `start_date`, which no event records. */
  id: z.number().int().nullable(),
  at: z.string().describe('When: the event’s time, or the start date for `started` without an event.'),
  kind: z.enum(SUBSCRIPTION_TIMELINE_KINDS),
  /** The transition's action (`end`, `bought_out`, `manual_buyout` ...); null for a creation or a schedule. */
  action: z.string().nullable(),
  from: status,
  to: status,
  /** Who did it; null for the system (the business jobs ending it as scheduled, an import's job). */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  reason: z.string().nullable(),
  reason_code: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
  /** The day a scheduled end takes effect (`end_scheduled`); true on an end the business jobs ran. */
  end_on: z.string().nullable(),
  scheduled: z.boolean(),
  /** A buyout's price. */
  amount: amountSchema.nullable(),
});
export type SubscriptionTimelineEntry = z.infer<typeof subscriptionTimelineEntrySchema>;
