/** `POST orders/price`: the order builder's live totals, the same pricing an order is placed with. */
import type { OrderPrice } from '@rentloop/domain/order-details';
import { type OrderInput, orderInputSchema } from '@rentloop/domain/orders';
import type { Ctx } from '../../context.ts';
import { toDecimal } from '../../money.ts';
import { priceOrder } from './pricing.ts';

export async function pricePreview(ctx: Ctx, body: OrderInput): Promise<OrderPrice> {
  const priced = await priceOrder(ctx, orderInputSchema.parse(body));
  const { currency, totals } = priced;
  const m = (v: bigint) => toDecimal(v, currency) as string;
  return {
    currency,
    prices_include_tax: priced.prices_include_tax,
    billing_address: priced.billing_address,
    shipping_address: priced.shipping_address,
    items: priced.lines.map((l, i) => {
      const t = totals.lines[i]!;
      return {
        kind: l.kind,
        product_id: l.product_id,
        variant_id: l.variant_id,
        product_name: l.product_name,
        variant_name: l.variant_name,
        sku: l.sku,
        quantity: l.quantity,
        unit_price: m(l.unit_price),
        tax_percent: l.tax_percent,
        billing_interval: l.billing_interval,
        minimum_term_months: l.minimum_term_months,
        amount: m(t.amount),
        discount: m(t.discount),
        net: m(t.net),
        tax: m(t.tax),
        gross: m(t.gross),
      };
    }),
    shipping: priced.shipping
      ? {
          method_id: priced.shipping.method_id,
          name: priced.shipping.name,
          tax_percent: priced.shipping.tax_percent,
          amount: m(totals.shipping?.amount ?? 0n),
          discount: m(totals.shipping?.discount ?? 0n),
          net: m(totals.shipping?.net ?? 0n),
          tax: m(totals.shipping?.tax ?? 0n),
          gross: m(totals.shipping?.gross ?? 0n),
        }
      : null,
    voucher_code: priced.voucher?.code ?? null,
    items_amount: m(totals.totals.subtotal),
    discount: m(totals.totals.discount),
    shipping_discount: m(totals.totals.shipping_discount),
    items_net: m(totals.totals.net - (totals.shipping?.net ?? 0n)),
    items_tax: m(totals.totals.tax - (totals.shipping?.tax ?? 0n)),
    items_gross: m(totals.totals.gross - (totals.shipping?.gross ?? 0n)),
    net: m(totals.totals.net),
    tax: m(totals.totals.tax),
    gross: m(totals.totals.gross),
    total: m(totals.totals.gross),
    tax_breakdown: totals.tax_breakdown.map((b) => ({
      tax_percent: b.tax_percent,
      net: m(b.net),
      tax: m(b.tax),
      gross: m(b.gross),
    })),
    recurring: totals.recurring.map((r) => ({
      billing_interval: r.billing_interval,
      frequency: r.frequency,
      interval: r.interval,
      net: m(r.net),
      tax: m(r.tax),
      gross: m(r.gross),
      discounted: r.discounted && {
        discount: m(r.discounted.discount),
        net: m(r.discounted.net),
        tax: m(r.discounted.tax),
        gross: m(r.discounted.gross),
        until_payment: r.discounted.until_payment,
      },
    })),
  };
}
