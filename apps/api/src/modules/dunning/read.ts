/**
 * Where staff see a dunning: the subscription's and the order's detail answers carry the dunning of
 * their payments (the active one, else the latest). Reads the `dunnings` table only, so the
 * subscriptions and orders modules can import it without importing what dunning itself imports.
 */
import type { Dunning } from '@rentloop/domain/dunning';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { dunnings } from '../../db/schema/index.ts';

type Row = typeof dunnings.$inferSelect;

export const toDunning = (r: Row): Dunning => ({
  id: Number(r.id),
  recurring_payment_id: Number(r.recurring_payment_id),
  invoice_id: Number(r.invoice_id),
  order_id: Number(r.order_id),
  subscription_id: Number(r.subscription_id),
  status: r.status,
  step: r.step,
  max_steps: r.max_steps,
  next_attempt_on: r.next_attempt_on,
  last_mail_step: r.last_mail_step,
  end_action: r.end_action,
  ended_at: r.ended_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

async function shownDunning(ctx: Ctx, of: SQL): Promise<Dunning | null> {
  const [row] = await ctx.db
    .select()
    .from(dunnings)
    .where(and(eq(dunnings.company_id, ctx.companyId), of))
    // One that still runs comes first (the soonest retry), else the latest one.
    .orderBy(sql`(${dunnings.status} = 'active') desc`, dunnings.next_attempt_on, desc(dunnings.id))
    .limit(1);
  return row ? toDunning(row) : null;
}

/** The dunning a subscription's page shows, or null. */
export const dunningOfSubscription = (ctx: Ctx, subscriptionId: number) =>
  shownDunning(ctx, eq(dunnings.subscription_id, subscriptionId));

/** The dunning an order's page shows (of any of its subscriptions' payments), or null. */
export const dunningOfOrder = (ctx: Ctx, orderId: number) =>
  shownDunning(ctx, eq(dunnings.order_id, orderId));
