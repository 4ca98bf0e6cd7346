import type { BulkAnswer } from '@rentloop/domain/order-details';
import {
  type SubscriptionAction,
  type SubscriptionInput,
  type SubscriptionsBulkUpdate,
  type SubscriptionUpdate,
  subscriptionActionTo,
  subscriptionInputSchema,
} from '@rentloop/domain/subscriptions';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { requireOwnIds } from '../../db/own-ids.ts';
import { orderItems, orders, products, productVariants, subscriptions } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { companyCurrency, toMinor } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { actionsOf } from '../events/transition.ts';
import { openReturnForSubscription } from '../returns/opening.ts';
import { getSettings } from '../settings/sections.ts';
import { subscriptionMachine } from './machine.ts';
import { type EndReason, FINAL_STATUSES, moveSubscription, withReason } from './moves.ts';
import { subscriptionRow } from './records.ts';
import { subscriptionValues } from './values.ts';

type Row = typeof subscriptions.$inferSelect;
type Status = Row['status'];
type Change = Partial<typeof subscriptions.$inferInsert>;

/**
 * Changes fields that are no status (auto-renew, staff's edits) in one statement: the UPDATE takes the
 * row's lock itself, so nothing is read before it; 404 when the company has no such subscription.
 */
async function touch(ctx: Ctx, id: number, set: Change): Promise<void> {
  const [changed] = await ctx.db
    .update(subscriptions)
    .set({ ...set, updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.company_id, ctx.companyId)))
    .returning({ id: subscriptions.id });
  if (!changed) throw notFound();
}

/** `GET subscriptions/{id}/actions`: from the table (end is listed: its reason is asked when it runs). */
export const subscriptionActions = (ctx: Ctx, id: number) =>
  actionsOf(ctx, subscriptionMachine, id, withReason(undefined));

/**
 * Runs `action` (also for the demo history, seed/demo-orders.ts): the move with its dates
 * (moves.ts), then what an end or a cancellation starts: the return of a unit still out.
 */
export async function runSubscriptionAction(
  ctx: Ctx,
  id: number,
  action: SubscriptionAction,
  reason?: string | null,
  end?: EndReason,
): Promise<Status> {
  const to = await moveSubscription(ctx, id, action, reason, end);
  // Ended or cancelled with a unit out (a buyout keeps it: its action is bought_out): the unit's return
  // opens; a cancelled one waits for it as pending return, which its table allows (an ended one stays ended).
  if (action === 'end' || action === 'cancel') {
    const opened = await openReturnForSubscription(
      ctx,
      id,
      action === 'end' ? 'subscription_ended' : 'subscription_cancelled',
    );
    if (opened !== null && action === 'cancel') {
      await runSubscriptionAction(ctx, id, 'request_return', `Return ${opened} opened`);
      return 'pending return';
    }
  }
  return to;
}

/** `PUT subscriptions/{id} {action: reactivate}`: "Subscription already active." when it is. */
export const reactivateSubscription = (ctx: Ctx, id: number) => runSubscriptionAction(ctx, id, 'reactivate');

/**
 * A status chosen by staff (bulk change, import): the table's action that leads there from the current
 * status; when none does, the refusal of the first action leading there says why (a 409). The row is
 * locked before the action is chosen, so the status it is chosen from is the one the transition sees.
 */
export async function setSubscriptionStatus(
  ctx: Ctx,
  id: number,
  status: Status,
  reason?: string,
): Promise<void> {
  const row = await subscriptionRow(ctx, id, { lock: true });
  const action = subscriptionActionTo(row.status, status);
  if (action === null) {
    if (row.status === status) return;
    throw new AppError('conflict', `A subscription cannot go from "${row.status}" to "${status}".`);
  }
  await runSubscriptionAction(ctx, id, action, reason);
}

/** `PUT subscriptions/{id}`: an action (reactivate, auto_renew) or the fields staff may change. */
export async function updateSubscription(
  ctx: Ctx,
  id: number,
  input: SubscriptionUpdate,
): Promise<'reactivated' | 'auto_renew' | 'updated'> {
  if (input.action === 'reactivate') {
    await reactivateSubscription(ctx, id);
    return 'reactivated';
  }
  if (input.action === 'auto_renew') {
    const auto_renew = input.auto_renew === true;
    await touch(ctx, id, { auto_renew });
    await recordEvent(ctx, {
      type: 'subscription.auto_renew',
      object: 'subscription',
      objectId: id,
      payload: { auto_renew },
    });
    return 'auto_renew';
  }
  const set: Change = {};
  if (input.price_mode !== undefined) set.price_mode = input.price_mode;
  if (input.quantity !== undefined) set.quantity = input.quantity;
  if (input.next_billing_date !== undefined) set.next_billing_date = input.next_billing_date;
  if (input.price !== undefined)
    set.price = toMinor(String(input.price), await companyCurrency(ctx), 'price') as bigint;
  await touch(ctx, id, set);
  await recordEvent(ctx, {
    type: 'subscription.updated',
    object: 'subscription',
    objectId: id,
    payload: Object.fromEntries(
      Object.entries(set).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
    ),
  });
  return 'updated';
}

/** `PUT subscriptions`: one change for many, each in a savepoint of its own, a result per subscription. */
export async function updateSubscriptions(ctx: Ctx, input: SubscriptionsBulkUpdate): Promise<BulkAnswer> {
  await requireOwnIds(ctx, subscriptions, input.ids);
  const results: BulkAnswer['results'] = [];
  for (const id of new Set(input.ids)) {
    try {
      await ctx.db.transaction(async (tx) => {
        const inner = { ...ctx, db: tx };
        if (input.status !== undefined) await setSubscriptionStatus(inner, id, input.status, input.reason);
        if (input.auto_renew !== undefined)
          await updateSubscription(inner, id, { action: 'auto_renew', auto_renew: input.auto_renew });
      });
      results.push({ id, ok: true, message: null });
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      results.push({ id, ok: false, message: e.message });
    }
  }
  return { updated: results.filter((r) => r.ok).length, results };
}

/** The subscriptions of a cancelled order that still run are cancelled with it. */
export async function cancelSubscriptionsOfOrder(ctx: Ctx, orderId: number, reason: string): Promise<void> {
  const running = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.company_id, ctx.companyId),
        eq(subscriptions.order_id, orderId),
        notInArray(subscriptions.status, FINAL_STATUSES),
      ),
    );
  for (const s of running) await runSubscriptionAction(ctx, Number(s.id), 'cancel', reason);
}

async function variantOf(ctx: Ctx, variantId: number) {
  const [variant] = await ctx.db
    .select({
      id: productVariants.id,
      name: productVariants.name,
      product_id: products.id,
      product_name: products.name,
      buyout_price: products.buyout_price,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
    )
    .where(and(eq(productVariants.id, variantId), eq(productVariants.company_id, ctx.companyId)));
  if (!variant) throw invalid('variant_id', 'No such product variant.');
  return variant;
}

/**
 * `POST subscriptions`: a subscription added by hand to an open or fulfilled order of the company, for a
 * variant of the catalog, at the price and terms given, from `start_date`.
 */
export async function createSubscription(ctx: Ctx, body: SubscriptionInput): Promise<number> {
  const input = subscriptionInputSchema.parse(body);
  const currency = await companyCurrency(ctx);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.order_id), eq(orders.company_id, ctx.companyId)))
    .for('update');
  if (!order) throw invalid('order_id', 'No such order.');
  if (order.status !== 'open' && order.status !== 'fulfilled')
    throw invalid('order_id', 'Subscriptions can be added to open or fulfilled orders only.');
  const variant = await variantOf(ctx, input.variant_id);
  if (input.order_item_id != null) {
    const [item] = await ctx.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.id, input.order_item_id),
          eq(orderItems.order_id, input.order_id),
          eq(orderItems.company_id, ctx.companyId),
        ),
      );
    if (!item) throw invalid('order_item_id', 'No such item on this order.');
  }
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.order_id, input.order_id)));
  const { auto_renew } = await getSettings(ctx, 'subscription');
  const of = {
    id: input.order_id,
    number: order.number,
    customer_id: Number(order.customer_id),
    customer_name: order.customer_name,
    customer_email: order.customer_email,
  };
  const [row] = await ctx.db
    .insert(subscriptions)
    .values(
      subscriptionValues(ctx, of, Number(n) + 1, {
        order_item_id: input.order_item_id ?? null,
        product_id: Number(variant.product_id),
        variant_id: Number(variant.id),
        product_name: variant.product_name,
        variant_name: variant.name,
        buyout_price: variant.buyout_price,
        status: 'active',
        frequency: input.frequency,
        interval: input.interval,
        price: toMinor(input.price, currency, 'price') as bigint,
        tax_percent: input.tax_percent,
        quantity: input.quantity,
        price_mode: input.price_mode,
        minimum_term_months: input.minimum_term_months,
        start_date: input.start_date,
        auto_renew: body.auto_renew ?? auto_renew,
      }),
    )
    .returning({ id: subscriptions.id });
  const id = Number(row!.id);
  await recordEvent(ctx, {
    type: 'subscription.created',
    object: 'subscription',
    objectId: id,
    payload: { order_id: input.order_id },
  });
  return id;
}
