/**
 * An order's shipping as priced: the chosen method must deliver to the order's address for this cart
 * (`quoteShipping`, the shipping module's rules), and is taxed at its method's tax class where it is
 * delivered. Problems are a 422 on `shipping_method_id`.
 */
import type { Address } from '@rentloop/domain/addresses';
import type { Ctx } from '../../context.ts';
import { invalid } from '../../errors.ts';
import { quoteShipping, shippingTaxClass } from '../shipping/rules.ts';
import type { PricedOrder } from './pricing.ts';
import type { OrderTax } from './pricing-tax.ts';

export interface CartLine {
  product_id: number;
  amount: bigint;
}

export async function priceShipping(
  ctx: Ctx,
  methodId: number | null | undefined,
  to: Address | null,
  cartLines: CartLine[],
  rateFor: OrderTax['rateFor'],
): Promise<PricedOrder['shipping']> {
  if (methodId == null) return null;
  if (!to) throw invalid('shipping_method_id', 'The order needs a shipping address to be shipped.');
  const answer = await quoteShipping(
    ctx,
    { lines: cartLines.map((l) => ({ ...l, grams: 0 })) },
    { country: to.country, region: to.region },
  );
  if (!answer.shippable) throw invalid('shipping_method_id', answer.message);
  const option = answer.options.find((o) => o.method_id === methodId);
  if (!option) throw invalid('shipping_method_id', 'This shipping method does not deliver to this address.');
  return {
    method_id: option.method_id,
    name: option.name,
    amount: option.price,
    tax_percent: await rateFor((await shippingTaxClass(ctx, option.method_id)) ?? 'standard'),
  };
}
