/** What the order screens read beside the order: its allowed actions, its money so far, several at once. */
import type { OrderListRow } from '@rentloop/domain/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema/index.ts';
import { companyCurrency } from '../../money.ts';
import { actionsOf } from '../events/transition.ts';
import { orderMachine } from './machine.ts';
import { itemsCount, itemsCountColumn, toOrderRow } from './records.ts';

/** `GET orders/{id}/actions`: from the order's table, its guards given what the order holds. */
export async function orderActions(ctx: Ctx, id: number) {
  return actionsOf(ctx, orderMachine, id, { items_count: await itemsCount(ctx, id) });
}

/** `GET orders/bulk?ids=`: the company's orders among the ids, in the order asked. */
export async function ordersByIds(ctx: Ctx, ids: number[]): Promise<OrderListRow[]> {
  const currency = await companyCurrency(ctx);
  // One statement: the item counts come with the rows (the list's own count column).
  const rows = await ctx.db
    .select({ row: orders, items: itemsCountColumn })
    .from(orders)
    .where(and(eq(orders.company_id, ctx.companyId), inArray(orders.id, ids)));
  const byId = new Map(
    rows.map(({ row, items }) => [Number(row.id), toOrderRow(row, row.total, currency, Number(items))]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
