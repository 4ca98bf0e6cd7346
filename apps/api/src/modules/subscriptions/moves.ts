/**
 * A subscription's move through its transition table with the dates that go with it, and nothing
 * else: no return opened, no order touched. Apart from changes.ts so that the modules a move starts
 * from (an asset's replacement going out) do not depend on what the subscription changes depend on.
 */
import { nextBillingDate } from '@rentloop/domain/billing-periods';
import type { SubscriptionEndReason } from '@rentloop/domain/subscription-end';
import {
  SUBSCRIPTION_TRANSITIONS,
  type SubscriptionAction,
  type SubscriptionGuardInput,
} from '@rentloop/domain/subscriptions';
import { transitionOf } from '@rentloop/domain/transitions';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import type { subscriptions } from '../../db/schema/index.ts';
import { transition } from '../events/transition.ts';
import { BILLED_STATUSES, cancelUpcomingPayments } from '../recurring-payments/schedule.ts';
import { subscriptionMachine } from './machine.ts';

type Row = typeof subscriptions.$inferSelect;
type Status = Row['status'];
type Change = Partial<typeof subscriptions.$inferInsert>;

/** The statuses a subscription no longer runs in: nothing bills, nothing renews. */
export const FINAL_STATUSES: Status[] = [
  'bought out',
  'cancelled',
  'ended',
  'lost/stolen',
  'manual bought out',
];

/** The guard input of a call: the status of the row the transition locked, and the call's reason. */
export const withReason =
  (reason: string | null | undefined) =>
  (row: Row): SubscriptionGuardInput => ({
    status: row.status,
    reason,
    bought_out: row.bought_out_at !== null,
  });

/** Why an end happened, as recorded: the code churn is counted by and the free text (null: the code alone). */
export interface EndReason {
  code: SubscriptionEndReason | null;
  text: string | null;
  /** Run by the business jobs on the day an end asked for at the end of the term was due. */
  scheduled?: boolean;
}

/**
 * The dates that go with a move to `to`, from the row as locked: a subscription that stops running
 * stops billing (and, ended or cancelled, records when and why; an end still scheduled is moot); one
 * that runs again without a billing date (or with one already past) bills from the next period boundary
 * after `today`, counted from its original start. What the end was is kept in the timeline's events.
 */
function datesFor(to: Status, locked: Row, end: EndReason, now: string, today: string | null): Change {
  return { ...replacementOf(to, locked), ...billingDatesFor(to, locked, end, now, today) };
}

/**
 * Waiting for a replacement asked for on the subscription itself, its unit is faulty (an order's swap
 * sets its own kind, orders/swap.ts); leaving the wait, the kind is cleared.
 */
function replacementOf(to: Status, locked: Row): Change {
  if (to === 'pending replacement') return { replacement_kind: 'faulty' };
  return locked.replacement_kind === null ? {} : { replacement_kind: null };
}

function billingDatesFor(to: Status, locked: Row, end: EndReason, now: string, today: string | null): Change {
  if (FINAL_STATUSES.includes(to))
    return {
      ended_at: now,
      end_reason: end.text,
      end_reason_code: end.code,
      end_scheduled_on: null,
      next_billing_date: null,
    };
  // Back to active without a billing date, or with one in the past (a pause): billed from the next
  // boundary after today, so the months it did not run are not billed when it runs again.
  if (
    to === 'active' &&
    today !== null &&
    (locked.next_billing_date === null || locked.next_billing_date < today)
  )
    return {
      ended_at: null,
      end_reason: null,
      end_reason_code: null,
      next_billing_date: nextBillingDate(locked.start_date, locked.frequency, locked.interval, today),
    };
  return {};
}

/**
 * Runs `action` and keeps the dates true, in the one UPDATE of the transition, computed from the row
 * it locked (`datesFor`). Reading the row before the lock once let a reactivation queued behind an end
 * keep the end's missing billing date: active, never billed (race.test.ts). A subscription that no
 * longer bills has its payments made ahead for periods not yet begun cancelled.
 */
export async function moveSubscription(
  ctx: Ctx,
  id: number,
  action: SubscriptionAction,
  reason?: string | null,
  end?: EndReason,
): Promise<Status> {
  const { to } = transitionOf(SUBSCRIPTION_TRANSITIONS, action);
  // A reason without a code (bulk change, an order's cancellation): an `end` is filed under `other`.
  const why: EndReason = end ?? {
    code: action === 'end' && reason ? 'other' : null,
    text: reason ?? null,
  };
  // Today only matters to a move to active; the clock, not the row, decides it.
  const today = to === 'active' ? await companyToday(ctx) : null;
  const now = ctx.clock.now().toISOString();
  await transition(ctx, subscriptionMachine, id, action, {
    guard: withReason(reason),
    set: (locked) => datesFor(to, locked, why, now, today),
    payload: {
      ...(why.text ? { reason: why.text } : {}),
      ...(why.code ? { reason_code: why.code } : {}),
      ...(why.scheduled ? { scheduled: true } : {}),
    },
  });
  // A subscription that no longer bills: its payments made ahead for periods not yet begun are cancelled.
  if (!(BILLED_STATUSES as readonly string[]).includes(to)) await cancelUpcomingPayments(ctx, id);
  return to;
}
