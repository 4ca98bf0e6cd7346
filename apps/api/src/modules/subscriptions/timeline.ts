/**
 * `GET subscriptions/{id}/timeline`: what happened to a subscription, oldest first, read from its events
 * (modules/events; each written in the transaction of its change, with the acting user): created,
 * started, paused, resumed, an end scheduled or withdrawn, ended, cancelled, reactivated, bought out,
 * with who did it and why. A reactivation clears the subscription's end date and reason; the timeline
 * keeps them. A subscription created running has no event for its start: it is dated by `start_date`.
 */
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@rentloop/domain/enums';
import {
  SUBSCRIPTION_END_REASONS,
  type SubscriptionEndReason,
  type SubscriptionTimelineEntry,
  type SubscriptionTimelineKind,
} from '@rentloop/domain/subscription-end';
import { and, asc, eq } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { events, users } from '../../db/schema/index.ts';
import { subscriptionRow } from './records.ts';

/** The timeline's kind of a status change, by the transition's action. */
const KIND_OF_ACTION: Record<string, SubscriptionTimelineKind> = {
  activate: 'started',
  pause: 'paused',
  resume: 'resumed',
  end: 'ended',
  mark_returned: 'ended',
  cancel: 'cancelled',
  reactivate: 'reactivated',
  bought_out: 'bought_out',
  manual_buyout: 'bought_out',
};

const KIND_OF_TYPE: Record<string, SubscriptionTimelineKind> = {
  'subscription.created': 'created',
  'subscription.end_scheduled': 'end_scheduled',
  'subscription.end_withdrawn': 'end_withdrawn',
  'subscription.bought_out': 'bought_out',
};

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const statusOf = (v: unknown) =>
  SUBSCRIPTION_STATUSES.includes(v as SubscriptionStatus) ? (v as SubscriptionStatus) : null;
const codeOf = (v: unknown) =>
  SUBSCRIPTION_END_REASONS.includes(v as SubscriptionEndReason) ? (v as SubscriptionEndReason) : null;

export async function subscriptionTimeline(ctx: Ctx, id: number): Promise<SubscriptionTimelineEntry[]> {
  const sub = await subscriptionRow(ctx, id);
  const rows = await ctx.db
    .select({
      id: events.id,
      type: events.type,
      payload: events.payload,
      created_at: events.created_at,
      actor_id: users.id,
      actor_name: users.name,
      actor_email: users.email,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.actor_id))
    .where(
      and(eq(events.company_id, ctx.companyId), eq(events.object, 'subscription'), eq(events.object_id, id)),
    )
    .orderBy(asc(events.id));
  const entries: SubscriptionTimelineEntry[] = [];
  for (const row of rows) {
    const p = (row.payload ?? {}) as Record<string, unknown>;
    const action = text(p.action);
    const kind =
      KIND_OF_TYPE[row.type] ??
      (row.type === 'subscription.status_changed'
        ? (KIND_OF_ACTION[action ?? ''] ?? 'status_changed')
        : null);
    if (kind === null) continue; // auto-renew and field edits are not the subscription's life
    entries.push({
      id: row.id,
      at: row.created_at,
      kind,
      action,
      from: statusOf(p.from),
      to: statusOf(p.to),
      actor:
        row.actor_id === null
          ? null
          : { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' },
      reason: text(p.reason) ?? text(p.message),
      reason_code: codeOf(p.reason_code),
      end_on: text(p.end_on),
      scheduled: p.scheduled === true,
      amount: text(p.buyout_price),
    });
  }
  // Created running: it started on its start date (once that day has come), unless an activation says when.
  const activated = entries.some((e) => e.kind === 'started');
  const firstFrom = entries.find((e) => e.from !== null)?.from;
  if (!activated && firstFrom !== 'pending activation' && sub.status !== 'pending activation') {
    // Events are in time order (ids follow the clock); the start goes where its day falls, never
    // before the creation (a start date back-dated by an import is told just after it).
    const day = `${sub.start_date}T00:00:00.000Z`;
    const created = entries.findIndex((e) => e.kind === 'created');
    if (sub.start_date <= (await companyToday(ctx))) {
      const after = entries.findIndex((e, i) => i > created && e.at > day);
      const at = created >= 0 && entries[created]!.at > day ? entries[created]!.at : day;
      entries.splice(after === -1 ? entries.length : after, 0, startedAt(at));
    }
  }
  return entries;
}

function startedAt(at: string): SubscriptionTimelineEntry {
  return {
    id: null,
    at,
    kind: 'started',
    action: null,
    from: null,
    to: 'active',
    actor: null,
    reason: null,
    reason_code: null,
    end_on: null,
    scheduled: false,
    amount: null,
  };
}
