/**
 * Who an order is priced for: its customer and the addresses it is billed and shipped to (the order's own,
 * else the customer's; shipping falls back to billing).
 */
import type { Address } from '@rentloop/domain/addresses';
import type { OrderInputValues } from '@rentloop/domain/orders';
import type { Ctx } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { getCustomer } from '../customers/service.ts';

export interface OrderParty {
  customer: Awaited<ReturnType<typeof getCustomer>>;
  billing_address: Address | null;
  shipping_address: Address | null;
}

export async function orderParty(ctx: Ctx, input: OrderInputValues): Promise<OrderParty> {
  // Only a customer that is not there (or another company's) is bad input; anything else (a database that
  // is down) propagates as itself, so it is answered as such and never as a 422 on a valid id.
  const customer = await getCustomer(ctx, input.customer_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found')
      throw invalid('customer_id', 'No such customer.');
    throw error;
  });
  const billing_address = input.billing_address ?? customer.billing_address ?? null;
  const shipping_address = input.shipping_address ?? customer.shipping_address ?? billing_address;
  return { customer, billing_address, shipping_address };
}
