/**
 * Prices an order from the catalog, the tax rules, the shipping methods and a voucher (shared/BILLING.md,
 * "Snapshots" and "Tax"): what an order or a quote is placed with, and what the order builder shows as
 * staff type (`POST orders/price`). Nothing is written here; `placement.ts` stores the result. Each job is a
 * file of its own: the customer and addresses (`pricing-customer.ts`), the tax rates (`pricing-tax.ts`), the
 * lines from the catalog (`pricing-lines.ts`), shipping (`pricing-shipping.ts`) and the voucher
 * (`voucher-pricing.ts`); the totals are `orderTotals` of packages/domain.
 */
import type { Address } from '@rentloop/domain/addresses';
import { type OrderTotals, orderTotals } from '@rentloop/domain/order-totals';
import type { OrderInputValues } from '@rentloop/domain/orders';
import type { Ctx } from '../../context.ts';
import { companyCurrency } from '../../money.ts';
import { orderParty } from './pricing-customer.ts';
import { priceLines } from './pricing-lines.ts';
import { priceShipping } from './pricing-shipping.ts';
import { orderTax, taxAddressOf } from './pricing-tax.ts';
import { priceVoucher } from './voucher-pricing.ts';

type Kind = 'rental' | 'purchase' | 'consumable';

/** A line as priced: the catalog's names and terms, the unit price and tax rate it is placed with. */
export interface PricedLine {
  kind: Kind;
  product_id: number;
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string | null;
  quantity: number;
  unit_price: bigint;
  tax_percent: string;
  billing_interval: 'monthly' | 'quarterly' | 'annually' | null;
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly' | null;
  interval: number | null;
  minimum_term_months: number | null;
  buyout_price: bigint | null;
}

export interface PricedOrder {
  currency: string;
  customer: { id: number; name: string; email: string };
  billing_address: Address | null;
  shipping_address: Address | null;
  lines: PricedLine[];
  shipping: { method_id: number; name: string; amount: bigint; tax_percent: string } | null;
  voucher: { id: number; code: string } | null;
  prices_include_tax: boolean;
  totals: OrderTotals;
}

/**
 * Prices `input` for its customer now. Every problem is a 422 naming its field (`items.1.variant_id`,
 * `shipping_method_id`, `voucher_code`), all of them at once where they are independent.
 */
export async function priceOrder(ctx: Ctx, input: OrderInputValues): Promise<PricedOrder> {
  const currency = await companyCurrency(ctx);
  const { customer, billing_address, shipping_address } = await orderParty(ctx, input);
  const to = taxAddressOf({ shipping_address, billing_address });
  const tax = await orderTax(ctx, to);
  const lines = await priceLines(ctx, input.items, tax.rateFor);
  const cartLines = lines.map((l) => ({
    product_id: l.product_id,
    amount: l.unit_price * BigInt(l.quantity),
  }));
  const shipping = await priceShipping(ctx, input.shipping_method_id, to, cartLines, tax.rateFor);
  const { voucher, discount } = await priceVoucher(ctx, input.voucher_code, {
    cart: { lines: cartLines, shipping: shipping?.amount ?? 0n },
    customerId: customer.id,
  });

  const totals = orderTotals({
    lines: lines.map((l) => ({
      kind: l.kind,
      product_id: l.product_id,
      unit_amount: l.unit_price,
      quantity: l.quantity,
      tax_percent: l.tax_percent,
      billing_interval: l.billing_interval,
    })),
    prices_include_tax: tax.prices_include_tax,
    shipping: shipping ? { amount: shipping.amount, tax_percent: shipping.tax_percent } : null,
    ...discount,
  });
  return {
    currency,
    customer: { id: customer.id, name: customer.name, email: customer.email },
    billing_address,
    shipping_address,
    lines,
    shipping,
    voucher,
    prices_include_tax: tax.prices_include_tax,
    totals,
  };
}
