/**
 * Changing subscriptions, only through their transition table (packages/domain subscriptions.ts): end
 * with a reason, reactivate, a status chosen by staff (the table's action that leads there), auto-renew,
 * the fields staff may change, the bulk change, and a subscription added to an order by hand.
 */
import { addPeriods, minimumTermEnd, nextBillingDate } from '@rentloop/domain/billing-periods';
import type { BulkAnswer } from '@rentloop/domain/order-details';
import {
  type SubscriptionAction,
  type SubscriptionGuardInput,
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
import { AppError, invalid } from '../../errors.ts';
import { companyCurrency, toMinor } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { actionsOf, transition } from '../events/transition.ts';
import { subscriptionMachine } from '../orders/machine.ts';
import { companyToday } from '../orders/placement.ts';
import { getSettings } from '../settings/sections.ts';
import { subscriptionRow } from './records.ts';

type Status = (typeof subscriptions.$inferSelect)['status'];

/** The statuses a subscription no longer runs in: nothing bills, nothing renews. */
export const FINAL_STATUSES: Status[] = [
  'bought out',
  'cancelled',
  'ended',
  'lost/stolen',
  'manual bought out',
];

const where = (ctx: Ctx, id: number) =>
  and(eq(subscriptions.id, id), eq(subscriptions.company_id, ctx.companyId));
/** The guard input of a call: the status read under the transition's lock, and the call's reason. */
const withReason =
  (reason: string | null | undefined) =>
  (status: Status): SubscriptionGuardInput => ({ status, reason });

async function touch(ctx: Ctx, id: number, set: Partial<typeof subscriptions.$inferInsert>) {
  await ctx.db
    .update(subscriptions)
    .set({ ...set, updated_at: ctx.clock.now().toISOString() })
    .where(where(ctx, id));
}

/** `GET subscriptions/{id}/actions`: from the table (end is listed: its reason is asked when it runs). */
export const subscriptionActions = (ctx: Ctx, id: number) =>
  actionsOf(ctx, subscriptionMachine, id, withReason(undefined));

/**
 * Runs `action` (also for the demo history, seed/demo-orders.ts) and keeps the dates true: a subscription that stops running stops billing (and, ended or
 * cancelled, records when and why); one that runs again bills from the next period boundary after today,
 * counted from its original start.
 */
export async function runSubscriptionAction(
  ctx: Ctx,
  id: number,
  action: SubscriptionAction,
  reason?: string | null,
): Promise<Status> {
  const row = await subscriptionRow(ctx, id);
  const { to } = await transition(ctx, subscriptionMachine, id, action, {
    guard: withReason(reason),
    payload: reason ? { reason } : {},
  });
  if (FINAL_STATUSES.includes(to))
    await touch(ctx, id, {
      ended_at: ctx.clock.now().toISOString(),
      end_reason: reason ?? null,
      next_billing_date: null,
    });
  else if (to === 'active' && row.next_billing_date === null) {
    const today = await companyToday(ctx);
    await touch(ctx, id, {
      ended_at: null,
      end_reason: null,
      next_billing_date: nextBillingDate(row.start_date, row.frequency, row.interval, today),
    });
  }
  return to;
}

/** `POST subscriptions/{id}/end {reason}`: ended now; nothing more is billed. */
export const endSubscription = (ctx: Ctx, id: number, reason: string) =>
  runSubscriptionAction(ctx, id, 'end', reason);

/** `PUT subscriptions/{id} {action: reactivate}`: "Subscription already active." when it is. */
export const reactivateSubscription = (ctx: Ctx, id: number) => runSubscriptionAction(ctx, id, 'reactivate');

/**
 * A status chosen by staff (bulk change, import): the table's action that leads there from the current
 * status; when none does, the refusal of the first action leading there says why (a 409).
 */
export async function setSubscriptionStatus(
  ctx: Ctx,
  id: number,
  status: Status,
  reason?: string,
): Promise<void> {
  const row = await subscriptionRow(ctx, id);
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
  await subscriptionRow(ctx, id, { lock: true });
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
  const set: Partial<typeof subscriptions.$inferInsert> = {};
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
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(subscriptions)
    .values({
      company_id: ctx.companyId,
      number: order.number ? `${order.number}-${Number(n) + 1}` : null,
      order_id: input.order_id,
      order_item_id: input.order_item_id ?? null,
      order_number: order.number,
      customer_id: Number(order.customer_id),
      customer_name: order.customer_name,
      customer_email: order.customer_email,
      product_id: Number(variant.product_id),
      variant_id: Number(variant.id),
      product_name: variant.product_name,
      variant_name: variant.name,
      status: 'active',
      frequency: input.frequency,
      interval: input.interval,
      price: toMinor(input.price, currency, 'price') as bigint,
      tax_percent: input.tax_percent,
      quantity: input.quantity,
      price_mode: input.price_mode,
      term_mode: 'fixed',
      minimum_term_months: input.minimum_term_months,
      start_date: input.start_date,
      minimum_term_end: minimumTermEnd(input.start_date, input.minimum_term_months),
      next_billing_date: addPeriods(input.start_date, input.frequency, input.interval, 1),
      auto_renew: body.auto_renew ?? auto_renew,
      buyout_price: variant.buyout_price,
      created_at: now,
      updated_at: now,
    })
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
