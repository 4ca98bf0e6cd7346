import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_INTERVALS } from './enums.ts';
import {
  allocateProportionally,
  ORDER_ITEM_KINDS,
  type OrderTotalsInput,
  orderTotals,
} from './order-totals.ts';

const line = (unit_amount: bigint, quantity: number, tax_percent: string, product_id = 1) => ({
  kind: 'purchase' as const,
  unit_amount,
  quantity,
  tax_percent,
  product_id,
});
const base = (over: Partial<OrderTotalsInput>): OrderTotalsInput => ({
  lines: [],
  prices_include_tax: false,
  shipping: null,
  discount: 0n,
  shipping_discount: 0n,
  ...over,
});

describe('allocateProportionally', () => {
  it('splits a discount exactly, the left-over units to the largest remainders, earlier line on a tie', () => {
    expect(allocateProportionally(100n, [100n, 100n, 100n])).toEqual([34n, 33n, 33n]);
    expect(allocateProportionally(10n, [500n, 300n, 200n])).toEqual([5n, 3n, 2n]);
    expect(allocateProportionally(7n, [0n, 10n, 4n])).toEqual([0n, 5n, 2n]);
    expect(allocateProportionally(14n, [0n, 10n, 4n])).toEqual([0n, 10n, 4n]);
    expect(allocateProportionally(0n, [])).toEqual([]);
  });

  it('refuses a discount above the sum or below zero', () => {
    expect(() => allocateProportionally(11n, [10n])).toThrow(RangeError);
    expect(() => allocateProportionally(-1n, [10n])).toThrow(RangeError);
    expect(() => allocateProportionally(1n, [])).toThrow(RangeError);
  });
});

describe('orderTotals', () => {
  it('taxes each line on its discounted amount, shipping as a line of its own (Quebec, net prices)', () => {
    const t = orderTotals(
      base({
        lines: [line(1999n, 2, '14.975', 1), line(5000n, 1, '5', 2)],
        shipping: { amount: 990n, tax_percent: '14.975' },
        discount: 900n,
      }),
    );
    // Discount 900 over 3998 and 5000: shares 399.8 and 500.2 -> 400 and 500.
    expect(t.lines.map((l) => l.discount)).toEqual([400n, 500n]);
    expect(t.lines[0]).toMatchObject({ amount: 3998n, net: 3598n, tax: 539n, gross: 4137n });
    expect(t.lines[1]).toMatchObject({ amount: 5000n, net: 4500n, tax: 225n, gross: 4725n });
    expect(t.shipping).toEqual({ amount: 990n, discount: 0n, net: 990n, tax: 148n, gross: 1138n });
    expect(t.totals).toEqual({
      subtotal: 8998n,
      discount: 900n,
      shipping_discount: 0n,
      shipping: 1138n,
      net: 9088n,
      tax: 912n,
      gross: 10000n,
    });
    expect(t.tax_breakdown).toEqual([
      { tax_percent: '5', net: 4500n, tax: 225n, gross: 4725n },
      { tax_percent: '14.975', net: 4588n, tax: 687n, gross: 5275n },
    ]);
  });

  it('takes the tax out of gross prices, and free shipping leaves a zero shipping line', () => {
    const t = orderTotals(
      base({
        prices_include_tax: true,
        lines: [line(11900n, 1, '19')],
        shipping: { amount: 490n, tax_percent: '19' },
        shipping_discount: 490n,
      }),
    );
    expect(t.lines[0]).toMatchObject({ net: 10000n, tax: 1900n, gross: 11900n });
    expect(t.shipping).toEqual({ amount: 490n, discount: 490n, net: 0n, tax: 0n, gross: 0n });
    expect(t.totals.gross).toBe(11900n);
  });

  it('gives the recurring price per billing interval without the one-off discount', () => {
    const t = orderTotals(
      base({
        lines: [
          { ...line(2999n, 1, '13', 1), kind: 'rental', billing_interval: 'monthly' },
          { ...line(999n, 2, '13', 2), kind: 'rental', billing_interval: 'monthly' },
          { ...line(30000n, 1, '13', 3), kind: 'rental', billing_interval: 'annually' },
          line(1500n, 1, '13', 4),
        ],
        discount: 1000n,
      }),
    );
    expect(t.recurring).toEqual([
      {
        billing_interval: 'annually',
        frequency: 'yearly',
        interval: 1,
        net: 30000n,
        tax: 3900n,
        gross: 33900n,
      },
      { billing_interval: 'monthly', frequency: 'monthly', interval: 1, net: 4997n, tax: 650n, gross: 5647n },
    ]);
    expect(t.totals.net).toBe(2999n + 1998n + 30000n + 1500n - 1000n);
  });

  it('refuses a rental line without interval, a discount above the subtotal, a negative price', () => {
    expect(() => orderTotals(base({ lines: [{ ...line(1n, 1, '0'), kind: 'rental' }] }))).toThrow(RangeError);
    expect(() => orderTotals(base({ lines: [line(100n, 1, '0')], discount: 101n }))).toThrow(RangeError);
    expect(() => orderTotals(base({ lines: [line(-1n, 1, '0')] }))).toThrow(RangeError);
    expect(() => orderTotals(base({ shipping_discount: 1n }))).toThrow(RangeError);
  });

  it('is all zeros for an empty cart', () => {
    const t = orderTotals(base({}));
    expect(t.totals).toEqual({
      subtotal: 0n,
      discount: 0n,
      shipping_discount: 0n,
      shipping: 0n,
      net: 0n,
      tax: 0n,
      gross: 0n,
    });
    expect(t.tax_breakdown).toEqual([]);
  });
});

// ---- the property test: an independent computation with exact fractions ----

const RATES = ['0', '5', '9.975', '14.975', '13', '20', '7.7'];

/** A rate as numerator / denominator of a fraction of 1 ("9.975" -> 9975 / 100000). */
function rateFraction(rate: string): [bigint, bigint] {
  const [int = '', frac = ''] = rate.split('.');
  return [BigInt(int + frac), 100n * 10n ** BigInt(frac.length)];
}
/** x / d rounded to nearest, halves up, for x >= 0, d > 0: floor((2x + d) / 2d). */
const nearest = (x: bigint, d: bigint) => (2n * x + d) / (2n * d);

function reference(input: OrderTotalsInput) {
  const amounts = input.lines.map((l) => l.unit_amount * BigInt(l.quantity));
  const subtotal = amounts.reduce((s, a) => s + a, 0n);
  // Largest remainder, written as: exact shares as fractions over the subtotal, then rank.
  const discounts = amounts.map(() => 0n);
  if (subtotal > 0n) {
    const exact = amounts.map((a) => input.discount * a);
    const floors = exact.map((e) => e / subtotal);
    let missing = input.discount - floors.reduce((s, f) => s + f, 0n);
    const order = exact
      .map((e, i) => [e - floors[i]! * subtotal, i] as const)
      .sort(([ra, ia], [rb, ib]) => (rb > ra ? 1 : rb < ra ? -1 : ia - ib));
    for (let k = 0; k < amounts.length; k++) {
      discounts[k] = floors[k]!;
    }
    for (const [, i] of order) if (missing-- > 0n) discounts[i]! += 1n;
  }
  const taxOf = (base: bigint, rate: string) => {
    const [n, d] = rateFraction(rate);
    // Gross prices: tax = base x r / (1 + r); net prices: tax = base x r.
    return input.prices_include_tax ? nearest(base * n, d + n) : nearest(base * n, d);
  };
  const rows = input.lines.map((l, i) => {
    const base = amounts[i]! - discounts[i]!;
    const tax = taxOf(base, l.tax_percent);
    return input.prices_include_tax ? { net: base - tax, tax } : { net: base, tax };
  });
  if (input.shipping) {
    const base = input.shipping.amount - input.shipping_discount;
    const tax = taxOf(base, input.shipping.tax_percent);
    rows.push(input.prices_include_tax ? { net: base - tax, tax } : { net: base, tax });
  }
  const net = rows.reduce((s, r) => s + r.net, 0n);
  const tax = rows.reduce((s, r) => s + r.tax, 0n);
  return { discounts, net, tax, gross: net + tax, subtotal };
}

const cartArbitrary = fc
  .record({
    lines: fc.array(
      fc.record({
        kind: fc.constantFrom(...ORDER_ITEM_KINDS),
        unit_amount: fc.bigInt(0n, 500_000n),
        quantity: fc.integer({ min: 0, max: 12 }),
        tax_percent: fc.constantFrom(...RATES),
        product_id: fc.integer({ min: 1, max: 5 }),
        billing_interval: fc.constantFrom(...BILLING_INTERVALS),
      }),
      { maxLength: 8 },
    ),
    prices_include_tax: fc.boolean(),
    shipping: fc.option(fc.record({ amount: fc.bigInt(0n, 5_000n), tax_percent: fc.constantFrom(...RATES) })),
    discountPart: fc.bigInt(0n, 1000n),
    shippingPart: fc.bigInt(0n, 1000n),
  })
  .map(({ discountPart, shippingPart, ...cart }): OrderTotalsInput => {
    const subtotal = cart.lines.reduce((s, l) => s + l.unit_amount * BigInt(l.quantity), 0n);
    return {
      ...cart,
      discount: (subtotal * discountPart) / 1000n,
      shipping_discount: cart.shipping ? (cart.shipping.amount * shippingPart) / 1000n : 0n,
    };
  });

describe('orderTotals, property', () => {
  it('matches an independent computation and keeps its invariants on random carts', () => {
    fc.assert(
      fc.property(cartArbitrary, (input) => {
        const t = orderTotals(input);
        const ref = reference(input);
        expect(t.lines.map((l) => l.discount)).toEqual(ref.discounts);
        expect([t.totals.net, t.totals.tax, t.totals.gross, t.totals.subtotal]).toEqual([
          ref.net,
          ref.tax,
          ref.gross,
          ref.subtotal,
        ]);
        // Allocations: exact sum, never below zero, each within one unit of its exact share.
        expect(t.lines.reduce((s, l) => s + l.discount, 0n)).toBe(input.discount);
        for (const l of t.lines) {
          expect(l.discount >= 0n && l.discount <= l.amount).toBe(true);
          const diff = l.discount * t.totals.subtotal - input.discount * l.amount;
          if (t.totals.subtotal > 0n)
            expect(diff < t.totals.subtotal && -diff < t.totals.subtotal).toBe(true);
          expect(l.net + l.tax).toBe(l.gross);
        }
        // Totals are the sums of the lines; gross = net + tax.
        const parts = t.shipping ? [...t.lines, t.shipping] : t.lines;
        for (const k of ['net', 'tax', 'gross'] as const)
          expect(parts.reduce((s, l) => s + l[k], 0n)).toBe(t.totals[k]);
        expect(t.totals.gross).toBe(t.totals.net + t.totals.tax);
        for (const k of ['net', 'tax', 'gross'] as const)
          expect(t.tax_breakdown.reduce((s, r) => s + r[k], 0n)).toBe(t.totals[k]);
        // What the customer pays: the subtotal less the discount, plus shipping, in the price's mode.
        const shippingAmount = (input.shipping?.amount ?? 0n) - input.shipping_discount;
        const payable = t.totals.subtotal - input.discount + shippingAmount;
        expect(input.prices_include_tax ? t.totals.gross : t.totals.net).toBe(payable);
      }),
      { seed: 20261125, numRuns: 500 },
    );
  });
});
