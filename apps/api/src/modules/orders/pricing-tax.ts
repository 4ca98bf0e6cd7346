/**
 * The tax rates an order is priced with: the rate of each product class where the order ships (its tax
 * address), resolved once per class; without an address, the company's default rate.
 */
import type { Address } from '@rentloop/domain/addresses';
import type { Ctx } from '../../context.ts';
import { resolveTaxRate, taxConfig } from '../catalog/tax.ts';

export type ProductClass = 'standard' | 'reduced' | 'zero';

export interface OrderTax {
  prices_include_tax: boolean;
  /** The percentage (`'19.00'`) of `productClass` at the order's tax address. */
  rateFor: (productClass: ProductClass) => Promise<string>;
}

/** Where the order ships (and is taxed): the shipping address, else the billing address. */
export const taxAddressOf = (o: { shipping_address: Address | null; billing_address: Address | null }) =>
  o.shipping_address ?? o.billing_address;

export async function orderTax(ctx: Ctx, to: Address | null): Promise<OrderTax> {
  const config = await taxConfig(ctx);
  const rates = new Map<string, string>();
  const rateFor = async (productClass: ProductClass) => {
    if (!to) return config.default_rate;
    const known = rates.get(productClass);
    if (known !== undefined) return known;
    const { percentage } = await resolveTaxRate(ctx, {
      country: to.country,
      region: to.region,
      productClass,
    });
    rates.set(productClass, percentage);
    return percentage;
  };
  return { prices_include_tax: config.prices_include_tax, rateFor };
}
