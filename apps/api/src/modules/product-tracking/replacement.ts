/**
 * A replacement unit going out (issue 26 part 6). `POST orders/swap` put the subscription of a missing
 * unit (lost in delivery, never arrived) in "pending replacement" and tagged its order "replacement";
 * the subscription's own `request_replacement` did the same for a unit that stopped working.
 * Giving that subscription a unit (the asset's "Rent out", or its serial scanned on the subscription)
 * is the replacement, in the one transaction of the asset action:
 * - the unit it still holds leaves, with a reason naming its replacement (`missingUnitWriteOff`): swapped
 *   as "Damaged on arrival" it is broken (still with the customer; received back, it goes to repair);
 *   swapped for any other reason it never arrived and is stolen (the asset statuses have no "lost": a
 *   lost return closes as stolen too), keeping the subscription it was lost with; found again, staff
 *   `recover` it; faulty (asked for on the subscription), it goes to repair, its repair opened;
 * - the new unit is rented out to the subscription (service.ts);
 * - the subscription runs again (`replace`, billed from its next period boundary when its date went by
 *   while it waited) and the order's tag becomes "replaced".
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orders, subscriptions } from '../../db/schema/index.ts';
import { setTag } from '../orders/tags.ts';
import { moveSubscription } from '../subscriptions/moves.ts';

interface Unit {
  id: number;
  serial_number: string;
}

/**
 * How the unit a pending replacement still holds leaves when `replacementSerial` goes out, by why the
 * subscription waits (its `replacement_kind`, set with the status): never arrived, it is written off as
 * stolen; damaged on arrival, broken; faulty, it goes to repair (which opens its repair). The history's
 * reason names the replacement and the staff's why.
 */
export async function missingUnitWriteOff(
  ctx: Ctx,
  subscriptionId: number,
  replacementSerial: string,
  why: string | null,
): Promise<{ action: 'mark_broken' | 'mark_stolen' | 'send_to_repair'; reason: string }> {
  const [sub] = await ctx.db
    .select({ kind: subscriptions.replacement_kind })
    .from(subscriptions)
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, subscriptionId)));
  const tail = `replaced by ${replacementSerial}${why ? `. ${why}` : ''}`;
  if (sub?.kind === 'damaged') return { action: 'mark_broken', reason: `Damaged on arrival: ${tail}` };
  if (sub?.kind === 'faulty') return { action: 'send_to_repair', reason: `Faulty: ${tail}` };
  return { action: 'mark_stolen', reason: `Missing: ${tail}` };
}

/** The subscription runs again with `asset`; its order, tagged while it waited, is tagged "replaced". */
export async function completeReplacement(
  ctx: Ctx,
  subscriptionId: number,
  units: { asset: Unit; missing: Unit | null },
): Promise<void> {
  // The subscription's status change (its event and timeline) names the unit; the units' histories
  // name the subscription and, for the missing one, its replacement.
  const missing = units.missing ? ` for ${units.missing.serial_number}` : '';
  await moveSubscription(
    ctx,
    subscriptionId,
    'replace',
    `Replacement ${units.asset.serial_number}${missing} sent`,
  );
  const [order] = await ctx.db
    .select({ id: orders.id, tag: orders.tag })
    .from(subscriptions)
    .innerJoin(
      orders,
      and(eq(orders.company_id, subscriptions.company_id), eq(orders.id, subscriptions.order_id)),
    )
    .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.id, subscriptionId)));
  // A tag staff set since the swap (in dunning, say) says more than "replaced": it stays.
  if (order && (order.tag === 'replacement' || order.tag === null))
    await setTag(ctx, order.id, 'replaced', null);
}
