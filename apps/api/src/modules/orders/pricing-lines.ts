/**
 * An order's lines priced from the catalog: each item's kind, unit price (the rental price of its billing
 * interval, else the variant's or product's purchase price), terms and tax rate. Every line's problem is a
 * 422 naming its field (`items.1.variant_id`, `items.1.billing_interval`), all of them at once.
 */
import { billingIntervalToFrequency } from '@rentloop/domain/billing-periods';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderInputValues } from '@rentloop/domain/orders';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { variantsForOrder } from '../catalog/variants-for-order.ts';
import type { PricedLine } from './pricing.ts';
import type { OrderTax } from './pricing-tax.ts';

type Kind = PricedLine['kind'];
type Term = Pick<PricedLine, 'billing_interval' | 'frequency' | 'interval' | 'minimum_term_months'>;

const NO_TERM: Term = { billing_interval: null, frequency: null, interval: null, minimum_term_months: null };

export async function priceLines(
  ctx: Ctx,
  items: OrderInputValues['items'],
  rateFor: OrderTax['rateFor'],
): Promise<PricedLine[]> {
  const catalog = await variantsForOrder(
    ctx,
    items.map((i) => i.variant_id),
  );
  const errors: Record<string, string[]> = {};
  const lines: PricedLine[] = [];
  for (const [index, item] of items.entries()) {
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
    let term = NO_TERM;
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
  return lines;
}
