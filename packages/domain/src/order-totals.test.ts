import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_INTERVALS } from './enums.ts';
import { lineAmounts } from './money.ts';
import {
  allocateProportionally,
  ORDER_ITEM_KINDS,
  type OrderTotalsInput,
  orderTotals,
} from './order-totals.ts';
import { type VoucherTerms, voucherDiscount } from './vouchers.ts';

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
        discounted: null,
      },
      {
        billing_interval: 'monthly',
        frequency: 'monthly',
        interval: 1,
        net: 4997n,
        tax: 650n,
        gross: 5647n,
        discounted: null,
      },
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

/** Largest remainder, written as: exact shares as fractions over the sum, then rank the remainders. */
function referenceShares(discount: bigint, amounts: readonly bigint[]): bigint[] {
  const sum = amounts.reduce((s, a) => s + a, 0n);
  if (sum === 0n) return amounts.map(() => 0n);
  const exact = amounts.map((a) => discount * a);
  const shares = exact.map((e) => e / sum);
  let missing = discount - shares.reduce((s, f) => s + f, 0n);
  const order = exact
    .map((e, i) => [e - shares[i]! * sum, i] as const)
    .sort(([ra, ia], [rb, ib]) => (rb > ra ? 1 : rb < ra ? -1 : ia - ib));
  for (const [, i] of order) if (missing-- > 0n) shares[i]! += 1n;
  return shares;
}

const taxOfReference = (base: bigint, rate: string, pricesIncludeTax: boolean) => {
  const [n, d] = rateFraction(rate);
  // Gross prices: tax = base x r / (1 + r); net prices: tax = base x r.
  const tax = pricesIncludeTax ? nearest(base * n, d + n) : nearest(base * n, d);
  return pricesIncludeTax ? { net: base - tax, tax } : { net: base, tax };
};

function reference(input: OrderTotalsInput) {
  const amounts = input.lines.map((l) => l.unit_amount * BigInt(l.quantity));
  const subtotal = amounts.reduce((s, a) => s + a, 0n);
  const only = input.discount_product_ids ?? [];
  const covered = input.lines.map((l) => only.length === 0 || only.includes(l.product_id));
  const discounts = referenceShares(
    input.discount,
    amounts.map((a, i) => (covered[i] ? a : 0n)),
  );
  const rows = input.lines.map((l, i) =>
    taxOfReference(amounts[i]! - discounts[i]!, l.tax_percent, input.prices_include_tax),
  );
  if (input.shipping) {
    const base = input.shipping.amount - input.shipping_discount;
    rows.push(taxOfReference(base, input.shipping.tax_percent, input.prices_include_tax));
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

// ---- vouchers: limited to some products, and covering later payments ----

const voucherTerms = (over: Partial<VoucherTerms>): VoucherTerms => ({
  kind: 'percentage',
  percentage: '10',
  amount: null,
  valid_from: null,
  valid_until: null,
  usage_limit: null,
  usage_limit_per_customer: null,
  used_count: 0,
  minimum_cart_value: null,
  applies_to: 'first_payment',
  recurring_payments: null,
  active: true,
  product_ids: [],
  ...over,
});
const checkout = { today: '2026-11-28', customer_uses: 0, payment_number: 1 };

/** A voucher of either product kind, limited to a random subset of products 1..5 (empty: every product). */
const voucherArbitrary = fc
  .record({
    kind: fc.constantFrom('percentage' as const, 'fixed_amount' as const),
    percentage: fc.constantFrom('5', '10', '12.5', '33.333', '100'),
    amount: fc.bigInt(1n, 2_000_000n),
    product_ids: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 4 }),
    applies_to: fc.constantFrom('first_payment' as const, 'first_payments' as const, 'all_payments' as const),
    recurring_payments: fc.integer({ min: 1, max: 12 }),
  })
  .map((v) =>
    voucherTerms({
      ...v,
      percentage: v.kind === 'percentage' ? v.percentage : null,
      amount: v.kind === 'fixed_amount' ? v.amount : null,
    }),
  );

/** The cart priced with the voucher as `priceOrder` does: `voucherDiscount` at the checkout, then `orderTotals`. */
function withVoucher(input: OrderTotalsInput, voucher: VoucherTerms) {
  const outcome = voucherDiscount(
    voucher,
    {
      lines: input.lines.map((l) => ({
        product_id: l.product_id,
        amount: l.unit_amount * BigInt(l.quantity),
      })),
      shipping: 0n,
    },
    checkout,
  );
  if (!outcome.applies) return null;
  const priced = {
    ...input,
    discount: outcome.discount,
    discount_product_ids: outcome.product_ids,
    recurring_voucher: outcome.recurring,
  };
  return { outcome, priced, totals: orderTotals(priced) };
}

describe('orderTotals, a voucher limited to some products', () => {
  it('takes the discount off its products only: the helmet of a bike voucher keeps its price', () => {
    const bike = {
      ...line(80000n, 1, '13', 1),
      kind: 'rental' as const,
      billing_interval: 'monthly' as const,
    };
    const priced = withVoucher(
      base({ lines: [bike, line(6000n, 1, '13', 2)] }),
      voucherTerms({ percentage: '10', product_ids: [1] }),
    );
    expect(priced?.totals.lines.map((l) => [l.discount, l.net, l.tax])).toEqual([
      [8000n, 72000n, 9360n],
      [0n, 6000n, 780n],
    ]);
  });

  it('spreads the discount over the covered lines only, exactly, on random carts and product subsets', () => {
    fc.assert(
      fc.property(cartArbitrary, voucherArbitrary, (cart, voucher) => {
        const priced = withVoucher({ ...cart, discount: 0n }, voucher);
        if (!priced) return;
        const { outcome, totals } = priced;
        const ref = reference(priced.priced);
        expect(totals.lines.map((l) => l.discount)).toEqual(ref.discounts);
        expect([totals.totals.net, totals.totals.tax]).toEqual([ref.net, ref.tax]);
        const covers = (productId: number) =>
          voucher.product_ids.length === 0 || voucher.product_ids.includes(productId);
        let coveredDiscount = 0n;
        totals.lines.forEach((l, i) => {
          const input = cart.lines[i]!;
          expect(l.discount >= 0n && l.discount <= l.amount).toBe(true);
          expect(l.net >= 0n && l.gross >= 0n).toBe(true);
          if (covers(input.product_id)) coveredDiscount += l.discount;
          else {
            // An uncovered line is priced as if there were no voucher at all.
            expect(l.discount).toBe(0n);
            const full = lineAmounts({ ...input, tax_included: cart.prices_include_tax });
            expect([l.net, l.tax, l.gross]).toEqual([full.net, full.tax, full.gross]);
          }
        });
        expect(coveredDiscount).toBe(outcome.discount);
      }),
      { seed: 20261128, numRuns: 500 },
    );
  });
});

describe('orderTotals, the recurring figures with a voucher on later payments', () => {
  it('states the covered periods and after: 10 % off the bike for the first 3 payments', () => {
    const bike = {
      ...line(8000n, 1, '13', 1),
      kind: 'rental' as const,
      billing_interval: 'monthly' as const,
    };
    const helmet = {
      ...line(1000n, 1, '13', 2),
      kind: 'rental' as const,
      billing_interval: 'monthly' as const,
    };
    const priced = withVoucher(
      base({ lines: [bike, helmet] }),
      voucherTerms({ applies_to: 'first_payments', recurring_payments: 3, product_ids: [1] }),
    );
    // The first payment: the bike 72.00 + 9.36 tax, the helmet 10.00 + 1.30; payments 2 and 3 the same.
    expect(priced?.totals.totals.gross).toBe(9266n);
    expect(priced?.totals.recurring).toEqual([
      {
        billing_interval: 'monthly',
        frequency: 'monthly',
        interval: 1,
        net: 9000n,
        tax: 1170n,
        gross: 10170n,
        discounted: { discount: 800n, net: 8200n, tax: 1066n, gross: 9266n, until_payment: 3 },
      },
    ]);
  });

  it('matches an independent computation, payment by payment, on random rentals and vouchers', () => {
    fc.assert(
      fc.property(cartArbitrary, voucherArbitrary, (cart, voucher) => {
        const rentals = cart.lines.map((l) => ({ ...l, kind: 'rental' as const }));
        const priced = withVoucher({ ...cart, lines: rentals, discount: 0n }, voucher);
        if (!priced) return;
        for (const period of priced.totals.recurring) {
          const group = rentals.filter((l) => l.billing_interval === period.billing_interval);
          const amounts = group.map((l) => l.unit_amount * BigInt(l.quantity));
          // Each later payment k as the billing run prices it: `voucherDiscount` with payment_number k
          // on this interval's lines, allocated and taxed line by line.
          const paid = (k: number) => {
            const o = voucherDiscount(
              voucher,
              {
                lines: group.map((l, i) => ({ product_id: l.product_id, amount: amounts[i]! })),
                shipping: 0n,
              },
              { ...checkout, payment_number: k },
            );
            const discount = o.applies ? o.discount : 0n;
            const only = voucher.product_ids;
            const shares = referenceShares(
              discount,
              amounts.map((a, i) => (only.length === 0 || only.includes(group[i]!.product_id) ? a : 0n)),
            );
            const rows = group.map((l, i) =>
              taxOfReference(amounts[i]! - shares[i]!, l.tax_percent, cart.prices_include_tax),
            );
            const net = rows.reduce((s, r) => s + r.net, 0n);
            const tax = rows.reduce((s, r) => s + r.tax, 0n);
            return { net, tax, gross: net + tax };
          };
          // What the order states for payment k: the discounted figure while covered, else the full one.
          const stated = (k: number) => {
            const d = period.discounted;
            const covered = d !== null && (d.until_payment === null || k <= d.until_payment);
            const f = covered ? d : period;
            return { net: f.net, tax: f.tax, gross: f.gross };
          };
          for (let k = 2; k <= 14; k++) expect(stated(k), `payment ${k}`).toEqual(paid(k));
          if (period.discounted) expect(period.discounted.gross <= period.gross).toBe(true);
        }
      }),
      { seed: 20261128, numRuns: 500 },
    );
  });
});
