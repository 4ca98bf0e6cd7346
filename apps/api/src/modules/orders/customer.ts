/**
 * The customer details of an order (`order_customers/{id}`, by order id): the snapshot the order was
 * placed with. Correcting them changes the order, not the customer record (which staff edit on the
 * customer's page), so an order keeps showing where it was really sent.
 */
import type { OrderCustomer, OrderCustomerUpdate } from '@rentloop/domain/order-details';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { customers, orders } from '../../db/schema/index.ts';
import { recordEvent } from '../events/service.ts';
import { orderRow } from './records.ts';

export async function getOrderCustomer(ctx: Ctx, orderId: number): Promise<OrderCustomer> {
  const order = await orderRow(ctx, orderId);
  const [customer] = await ctx.db
    .select({ phone: customers.phone, language: customers.language })
    .from(customers)
    .where(and(eq(customers.id, order.customer_id), eq(customers.company_id, ctx.companyId)));
  return {
    order_id: Number(order.id),
    customer_id: Number(order.customer_id),
    name: order.customer_name,
    email: order.customer_email,
    phone: customer?.phone ?? null,
    language: customer?.language ?? null,
    billing_address: order.billing_address,
    shipping_address: order.shipping_address,
  };
}

/** `PUT order/customer/{id}`: only the fields sent change; addresses were checked by their schema. */
export async function updateOrderCustomer(
  ctx: Ctx,
  orderId: number,
  input: OrderCustomerUpdate,
): Promise<OrderCustomer> {
  await orderRow(ctx, orderId, { lock: true });
  const set: Partial<typeof orders.$inferInsert> = {};
  if (input.name !== undefined) set.customer_name = input.name;
  if (input.email !== undefined) set.customer_email = input.email;
  if (input.billing_address !== undefined) set.billing_address = input.billing_address;
  if (input.shipping_address !== undefined) set.shipping_address = input.shipping_address;
  if (Object.keys(set).length > 0) {
    await ctx.db
      .update(orders)
      .set({ ...set, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(orders.id, orderId), eq(orders.company_id, ctx.companyId)));
    await recordEvent(ctx, {
      type: 'order.customer_updated',
      object: 'order',
      objectId: orderId,
      payload: { fields: Object.keys(input) },
    });
  }
  return getOrderCustomer(ctx, orderId);
}
