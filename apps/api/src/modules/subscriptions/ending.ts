/**
 * Ending a subscription (spec 01 §7 `POST subscriptions/{id}/end {reason}`, issue 25 item 5): now, or at
 * the end of its minimum term. An end at the end of the term changes no status: the subscription runs
 * and bills until `minimum_term_end`, which becomes its `end_scheduled_on`; on that day the business
 * jobs (`endScheduledSubscriptions`, first of jobs/business-jobs.ts) end it through the same transition
 * as an end now, before that day's payments are made or billed. Until then staff may withdraw it.
 * Every step writes an event, which the timeline (timeline.ts) reads.
 */
import {
  endReasonText,
  SUBSCRIPTION_END_TEXTS,
  type SubscriptionEnd,
} from '@rentloop/domain/subscription-end';
import { SUBSCRIPTION_TRANSITIONS } from '@rentloop/domain/subscriptions';
import { refusal } from '@rentloop/domain/transitions';
import { and, asc, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx, Transact } from '../../context.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { recordEvent } from '../events/service.ts';
import { cancelUpcomingPayments } from '../recurring-payments/schedule.ts';
import { runSubscriptionAction } from './changes.ts';
import { FINAL_STATUSES } from './moves.ts';
import { subscriptionRow } from './records.ts';

/**
 * `POST subscriptions/{id}/end`: `when: now` (the spec's call) ends it at once; `end_of_term` schedules
 * the end on the day its minimum term ends (422 on `when` once that day has come: end it now). Asking
 * again replaces the scheduled end's reason. 409 when the subscription can no longer be ended.
 */
export async function endSubscription(ctx: Ctx, id: number, input: SubscriptionEnd): Promise<void> {
  const end = { code: input.reason_code, text: input.reason };
  if (input.when === 'now') {
    await runSubscriptionAction(ctx, id, 'end', endReasonText(input), end);
    return;
  }
  const row = await subscriptionRow(ctx, id, { lock: true });
  const refused = refusal(SUBSCRIPTION_TRANSITIONS, 'end', row.status, {
    status: row.status,
    reason: endReasonText(input),
    bought_out: row.bought_out_at !== null,
  });
  if (refused !== null) throw new AppError('conflict', refused);
  if (row.minimum_term_end <= (await companyToday(ctx)))
    throw invalid('when', SUBSCRIPTION_END_TEXTS.termOver);
  await ctx.db
    .update(subscriptions)
    .set({
      end_scheduled_on: row.minimum_term_end,
      end_reason: end.text,
      end_reason_code: end.code,
      updated_at: ctx.clock.now().toISOString(),
    })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'subscription.end_scheduled',
    object: 'subscription',
    objectId: id,
    payload: {
      end_on: row.minimum_term_end,
      reason_code: end.code,
      ...(end.text ? { reason: end.text } : {}),
    },
  });
}

/** `DELETE subscriptions/{id}/scheduled-end`: it runs on as before; 409 when no end is scheduled. */
export async function withdrawScheduledEnd(ctx: Ctx, id: number): Promise<void> {
  const row = await subscriptionRow(ctx, id, { lock: true });
  if (row.end_scheduled_on === null) throw new AppError('conflict', SUBSCRIPTION_END_TEXTS.noScheduledEnd);
  await ctx.db
    .update(subscriptions)
    .set({
      end_scheduled_on: null,
      end_reason: null,
      end_reason_code: null,
      updated_at: ctx.clock.now().toISOString(),
    })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'subscription.end_withdrawn',
    object: 'subscription',
    objectId: id,
    payload: { end_on: row.end_scheduled_on },
  });
}

/**
 * The business job: every subscription of the company whose scheduled end has come (on the company's
 * clock) is ended, each in a short transaction of its own that re-reads it under lock (a withdrawal or
 * another end in between wins), and the payments made ahead from the end day on are cancelled. Safe to
 * run again: an ended subscription has no scheduled end any more.
 */
export async function endScheduledSubscriptions(ctx: Ctx, transact: Transact): Promise<number> {
  const today = await companyToday(ctx);
  const due = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.company_id, ctx.companyId),
        isNotNull(subscriptions.end_scheduled_on),
        lte(subscriptions.end_scheduled_on, today),
        notInArray(subscriptions.status, FINAL_STATUSES),
      ),
    )
    .orderBy(asc(subscriptions.id));
  let ended = 0;
  for (const { id } of due) {
    const done = await transact(async (tx) => {
      const row = await subscriptionRow(tx, Number(id), { lock: true }).catch((e: unknown) => {
        if (e instanceof AppError && e.status === 404) return null;
        throw e;
      });
      const on = row?.end_scheduled_on ?? null;
      if (row === null || on === null || on > today || FINAL_STATUSES.includes(row.status)) return false;
      const code = row.end_reason_code ?? 'other';
      const reason = endReasonText({ reason: row.end_reason, reason_code: code });
      await runSubscriptionAction(tx, Number(id), 'end', reason, {
        code,
        text: row.end_reason,
        scheduled: true,
      });
      await cancelUpcomingPayments(tx, Number(id), on);
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}
