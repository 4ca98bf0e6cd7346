/**
 * Changing returns: one opened by hand, its parcel and note, and its steps through the return's
 * transition table (machine.ts). Closing moves the asset through the asset's own table (the product
 * tracking service's `runAssetAction`, so its history records it) and the subscription through its
 * table: a unit back ends a subscription pending its return; a unit stolen or lost makes the
 * subscription lost/stolen where its table allows it.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { AssetAction } from '@rentloop/domain/product-tracking';
import type {
  Return,
  ReturnActionValues,
  ReturnOutcome,
  returnInputSchema,
  returnUpdateSchema,
} from '@rentloop/domain/returns';
import { SUBSCRIPTION_TRANSITIONS } from '@rentloop/domain/subscriptions';
import { refusal } from '@rentloop/domain/transitions';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { productTracking, returns, subscriptions } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { actorName, runAssetAction } from '../product-tracking/service.ts';
import { runSubscriptionAction } from '../subscriptions/changes.ts';
import { returnMachine } from './machine.ts';
import { insertReturn, openReturnOf } from './opening.ts';
import { getReturn, returnRow } from './records.ts';

/** The asset actions that close a return with each outcome, in order (removing needs it in stock first). */
const OUTCOME_ACTIONS: Record<ReturnOutcome, AssetAction[]> = {
  'in stock': ['return'],
  'to repair': ['send_to_repair'],
  broken: ['mark_broken'],
  removed: ['return', 'remove'],
  stolen: ['mark_stolen'],
};

/**
 * POST returns: a return by hand for a rented out asset (422 on product_tracking_id otherwise, or when
 * it has an open return). A running subscription holding it goes to pending return (its table allows it
 * from active, paused, cancellation requested and cancelled), which stops its billing.
 */
export async function createReturn(ctx: Ctx, input: z.output<typeof returnInputSchema>): Promise<Return> {
  const [asset] = await ctx.db
    .select()
    .from(productTracking)
    .where(
      and(eq(productTracking.company_id, ctx.companyId), eq(productTracking.id, input.product_tracking_id)),
    )
    .for('update');
  if (!asset) throw invalid('product_tracking_id', 'No such asset.');
  if (asset.status !== 'rented out') throw invalid('product_tracking_id', MESSAGES.returnAssetNotOut);
  if ((await openReturnOf(ctx, asset.id)) !== null)
    throw invalid('product_tracking_id', MESSAGES.returnAssetHasOpen);
  const id = await insertReturn(ctx, asset, 'manual', input);
  if (asset.subscription_id !== null) {
    const status = await subscriptionStatus(ctx, asset.subscription_id);
    if (status && refusal(SUBSCRIPTION_TRANSITIONS, 'request_return', status, { status }) === null)
      await runSubscriptionAction(ctx, asset.subscription_id, 'request_return', `Return ${id} opened`);
  }
  return getReturn(ctx, id);
}

/** PUT returns/{id}: the parcel (carrier, tracking number) and the note, while the return is open. */
export async function updateReturn(
  ctx: Ctx,
  id: number,
  input: z.output<typeof returnUpdateSchema>,
): Promise<Return> {
  const row = await returnRow(ctx, id, true);
  if (row.status === 'closed') throw new AppError('conflict', MESSAGES.returnUpdateFailed);
  const set: Partial<typeof returns.$inferInsert> = { updated_at: ctx.clock.now().toISOString() };
  if (input.carrier !== undefined) set.carrier = input.carrier;
  if (input.tracking_number !== undefined) set.tracking_number = input.tracking_number;
  if (input.note !== undefined) set.note = input.note;
  await ctx.db
    .update(returns)
    .set(set)
    .where(and(eq(returns.company_id, ctx.companyId), eq(returns.id, id)));
  await recordEvent(ctx, { type: 'return.updated', object: 'return', objectId: id, payload: {} });
  return getReturn(ctx, id);
}

async function subscriptionStatus(ctx: Ctx, id: number) {
  const [sub] = await ctx.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, id)));
  return sub?.status ?? null;
}

/** The subscription once its unit's return closed: ended when pending return, lost/stolen when stolen. */
async function settleSubscription(ctx: Ctx, subscriptionId: number, returnId: number, stolen: boolean) {
  const [sub] = await ctx.db
    .select({
      status: subscriptions.status,
      text: subscriptions.end_reason,
      code: subscriptions.end_reason_code,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, subscriptionId)))
    .for('update');
  if (!sub) return;
  const action = stolen ? 'report_lost' : 'mark_returned';
  if (refusal(SUBSCRIPTION_TRANSITIONS, action, sub.status, { status: sub.status }) !== null) return;
  if (stolen) await runSubscriptionAction(ctx, subscriptionId, action, `Return ${returnId}: stolen or lost`);
  // The end's reason as it was (a cancellation's, an end's) stays its reason.
  else
    await runSubscriptionAction(ctx, subscriptionId, action, sub.text, {
      code: sub.code,
      text: sub.text ?? `Return ${returnId} closed`,
    });
}

/**
 * POST returns/{id}/actions: the step through the table (409 with its message from a status it does not
 * start from), the step's fields, and on a close the asset's and the subscription's moves.
 */
export async function runReturnAction(ctx: Ctx, id: number, body: ReturnActionValues): Promise<Return> {
  const locked = await returnRow(ctx, id, true);
  const refused = refusal(returnMachine.transitions, body.action, locked.status, undefined);
  if (refused !== null) throw new AppError('conflict', refused);
  const who = (await actorName(ctx)).user_name;
  const now = ctx.clock.now().toISOString();
  let set: Partial<typeof returns.$inferInsert> = {};
  let outcome: ReturnOutcome | null = null;
  switch (body.action) {
    case 'receive': {
      const today = await companyToday(ctx);
      const on = body.received_on ?? today;
      if (on > today) throw invalid('received_on', 'The day it arrived cannot be in the future.');
      set = { received_on: on, received_by: who, condition_note: body.condition_note };
      break;
    }
    case 'inspect':
      set = {
        inspected_at: now,
        inspected_by: who,
        complete: body.complete as boolean,
        missing: body.complete ? null : body.missing,
        damaged: body.damaged as boolean,
        damage: body.damaged ? body.damage : null,
        inspection_note: body.note,
      };
      break;
    case 'close':
    case 'report_stolen':
      outcome = body.action === 'close' ? (body.outcome as ReturnOutcome) : 'stolen';
      set = { outcome, closed_at: now, closed_by: who, close_note: body.note };
      break;
  }
  await transition(ctx, returnMachine, id, body.action, {
    guard: undefined,
    set,
    payload: outcome ? { outcome } : {},
  });
  if (outcome !== null) {
    const reason = body.note ?? `Return ${id}: ${outcome}`;
    for (const action of OUTCOME_ACTIONS[outcome])
      await runAssetAction(ctx, locked.product_tracking_id, { action, reason });
    if (locked.subscription_id !== null)
      await settleSubscription(ctx, locked.subscription_id, id, outcome === 'stolen');
  }
  return getReturn(ctx, id);
}
