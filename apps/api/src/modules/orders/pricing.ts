/**
 * Prices an order from the catalog, the tax rules, the shipping methods and a voucher (shared/BILLING.md,
 * "Snapshots" and "Tax"): what an order or a quote is placed with, and what the order builder shows as
 * staff type (`POST orders/price`). Nothing is written here; `placement.ts` stores the result.
 */
import type { Address } from '@rentloop/domain/addresses';
import { billingIntervalToFrequency } from '@rentloop/domain/billing-periods';
import { MESSAGES } from '@rentloop/domain/messages';
import { type OrderTotals, orderTotals } from '@rentloop/domain/order-totals';
import type { OrderInputValues } from '@rentloop/domain/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { products, productVariants, shippingMethods } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { companyCurrency } from '../../money.ts';
import { resolveTaxRate, taxConfig } from '../catalog/tax.ts';
import { getCustomer } from '../customers/service.ts';
import { quoteShipping } from '../shipping/rules.ts';
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

const RENTAL_PRICE = {
  monthly: products.rental_price_monthly,
  quarterly: products.rental_price_quarterly,
  annually: products.rental_price_annually,
} as const;

async function catalogRows(ctx: Ctx, variantIds: number[]) {
  if (variantIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      variant_id: productVariants.id,
      variant_name: productVariants.name,
      sku: productVariants.sku,
      variant_price: productVariants.price,
      product_id: products.id,
      product_name: products.name,
      product_type: products.type,
      product_class: products.product_class,
      purchase_price: products.purchase_price,
      buyout_price: products.buyout_price,
      minimum_term_months: products.minimum_term_months,
      archived_at: products.archived_at,
      monthly: RENTAL_PRICE.monthly,
      quarterly: RENTAL_PRICE.quarterly,
      annually: RENTAL_PRICE.annually,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
    )
    .where(and(eq(productVariants.company_id, ctx.companyId), inArray(productVariants.id, variantIds)));
  return new Map(rows.map((r) => [Number(r.variant_id), r]));
}

/** Where the order ships (and is taxed): the shipping address, else the billing address. */
const taxAddressOf = (o: { shipping_address: Address | null; billing_address: Address | null }) =>
  o.shipping_address ?? o.billing_address;

/**
 * Prices `input` for its customer now. Every problem is a 422 naming its field (`items.1.variant_id`,
 * `shipping_method_id`, `voucher_code`), all of them at once where they are independent.
 */
export async function priceOrder(ctx: Ctx, input: OrderInputValues): Promise<PricedOrder> {
  const currency = await companyCurrency(ctx);
  // Only a customer that is not there (or another company's) is bad input; anything else (a database that
  // is down) propagates as itself, so it is answered as such and never as a 422 on a valid id.
  const customer = await getCustomer(ctx, input.customer_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found')
      throw invalid('customer_id', 'No such customer.');
    throw error;
  });
  const billing_address = input.billing_address ?? customer.billing_address ?? null;
  const shipping_address = input.shipping_address ?? customer.shipping_address ?? billing_address;
  const to = taxAddressOf({ shipping_address, billing_address });

  const catalog = await catalogRows(
    ctx,
    input.items.map((i) => i.variant_id),
  );
  const errors: Record<string, string[]> = {};
  const config = await taxConfig(ctx);
  const rates = new Map<string, string>();
  const rateFor = async (productClass: 'standard' | 'reduced' | 'zero') => {
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

  const lines: PricedLine[] = [];
  for (const [index, item] of input.items.entries()) {
    const row = catalog.get(item.variant_id);
    const field = `items.${index}`;
    if (!row) {
      errors[`${field}.variant_id`] = ['No such product variant.'];
      continue;
    }
    if (row.archived_at !== null) {
      errors[`${field}.variant_id`] = [`${row.product_name} is archived and cannot be ordered.`];
      continue;
    }
    const kind: Kind = row.product_type === 'consumable' ? 'consumable' : item.kind;
    let unit: bigint | null;
    let term: Pick<PricedLine, 'billing_interval' | 'frequency' | 'interval' | 'minimum_term_months'> = {
      billing_interval: null,
      frequency: null,
      interval: null,
      minimum_term_months: null,
    };
    if (kind === 'rental') {
      const interval = item.billing_interval ?? 'monthly';
      unit = row[interval];
      if (unit === null) {
        errors[`${field}.billing_interval`] = [`${row.product_name} has no ${interval} rental price.`];
        continue;
      }
      const { frequency, interval: count } = billingIntervalToFrequency(interval);
      term = {
        billing_interval: interval,
        frequency,
        interval: count,
        minimum_term_months: item.minimum_term_months ?? row.minimum_term_months ?? 0,
      };
    } else {
      unit = row.variant_price ?? row.purchase_price;
      if (unit === null) {
        errors[`${field}.variant_id`] = [`${row.product_name} has no purchase price.`];
        continue;
      }
    }
    lines.push({
      kind,
      product_id: Number(row.product_id),
      variant_id: Number(row.variant_id),
      product_name: row.product_name,
      variant_name: row.variant_name,
      sku: row.sku,
      quantity: item.quantity,
      unit_price: unit,
      tax_percent: await rateFor(row.product_class),
      ...term,
      buyout_price: kind === 'rental' ? row.buyout_price : null,
    });
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', MESSAGES.validationFailed, errors);

  const cartLines = lines.map((l) => ({
    product_id: l.product_id,
    amount: l.unit_price * BigInt(l.quantity),
  }));

  let shipping: PricedOrder['shipping'] = null;
  if (input.shipping_method_id != null) {
    if (!to) throw invalid('shipping_method_id', 'The order needs a shipping address to be shipped.');
    const answer = await quoteShipping(
      ctx,
      { lines: cartLines.map((l) => ({ ...l, grams: 0 })) },
      { country: to.country, region: to.region },
    );
    if (!answer.shippable) throw invalid('shipping_method_id', answer.message);
    const option = answer.options.find((o) => o.method_id === input.shipping_method_id);
    if (!option)
      throw invalid('shipping_method_id', 'This shipping method does not deliver to this address.');
    // Shipping is taxed at the rate of its method's tax class where it is delivered.
    const [method] = await ctx.db
      .select({ tax_class: shippingMethods.tax_class })
      .from(shippingMethods)
      .where(and(eq(shippingMethods.id, option.method_id), eq(shippingMethods.company_id, ctx.companyId)));
    shipping = {
      method_id: option.method_id,
      name: option.name,
      amount: option.price,
      tax_percent: await rateFor(method?.tax_class ?? 'standard'),
    };
  }

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
    prices_include_tax: config.prices_include_tax,
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
    prices_include_tax: config.prices_include_tax,
    totals,
  };
}
