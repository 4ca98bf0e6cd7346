import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal } from './money.ts';
import {
  type VoucherCart,
  type VoucherTerms,
  voucherDiscount,
  voucherInputSchema,
  voucherProblems,
} from './vouchers.ts';

const terms = (over: Partial<VoucherTerms> = {}): VoucherTerms => ({
  kind: 'percentage',
  percentage: '10',
  amount: null,
  valid_from: null,
  valid_until: null,
  usage_limit: null,
  usage_limit_per_customer: null,
  used_count: 0,
  minimum_cart_value: null,
  applies_to: 'all_payments',
  recurring_payments: null,
  active: true,
  product_ids: [],
  ...over,
});
const cart = (...amounts: [number, bigint][]): VoucherCart => ({
  lines: amounts.map(([product_id, amount]) => ({ product_id, amount })),
  shipping: 990n,
});
const use = { today: '2026-11-25', customer_uses: 0, payment_number: 1 };
const discountOf = (o: ReturnType<typeof voucherDiscount>) => (o.applies ? o.discount : o.reason);

describe('voucherDiscount', () => {
  it('takes 10 % off the first three payments of two products, and nothing from the fourth', () => {
    const v = terms({ applies_to: 'first_payments', recurring_payments: 3, product_ids: [1, 2] });
    const c = cart([1, 4999n], [2, 2999n], [3, 10000n]);
    for (const payment_number of [1, 2, 3])
      expect(discountOf(voucherDiscount(v, c, { ...use, payment_number }))).toBe(800n);
    expect(discountOf(voucherDiscount(v, c, { ...use, payment_number: 4 }))).toBe('payment_not_covered');
    expect(discountOf(voucherDiscount(v, cart([3, 100n]), use))).toBe('not_for_these_products');
  });

  it('is valid on its last day and expired the day after; not before its first day', () => {
    const v = terms({ valid_from: '2026-11-20', valid_until: '2026-11-25' });
    expect(discountOf(voucherDiscount(v, cart([1, 1000n]), use))).toBe(100n);
    expect(discountOf(voucherDiscount(v, cart([1, 1000n]), { ...use, today: '2026-11-26' }))).toBe('expired');
    expect(discountOf(voucherDiscount(v, cart([1, 1000n]), { ...use, today: '2026-11-19' }))).toBe(
      'not_yet_valid',
    );
  });

  it('accepts a cart exactly at the minimum and refuses one minor unit below', () => {
    const v = terms({ kind: 'fixed_amount', percentage: null, amount: 500n, minimum_cart_value: 5000n });
    expect(discountOf(voucherDiscount(v, cart([1, 2500n], [2, 2500n]), use))).toBe(500n);
    expect(discountOf(voucherDiscount(v, cart([1, 2500n], [2, 2499n]), use))).toBe('below_minimum');
  });

  it('refuses a used-up voucher, a customer at their limit and an inactive one', () => {
    expect(discountOf(voucherDiscount(terms({ usage_limit: 5, used_count: 5 }), cart([1, 100n]), use))).toBe(
      'used_up',
    );
    expect(
      discountOf(
        voucherDiscount(terms({ usage_limit_per_customer: 1 }), cart([1, 100n]), {
          ...use,
          customer_uses: 1,
        }),
      ),
    ).toBe('customer_limit');
    expect(discountOf(voucherDiscount(terms({ active: false }), cart([1, 100n]), use))).toBe('inactive');
  });

  it('rounds a percentage half-up once in minor units, in every currency', () => {
    // 12.5 % of 1.23 CAD = 0.15375 -> 0.15; of 4 JPY = 0.5 -> 1; of 1.004 BHD = 0.1255 -> 0.126.
    const v = terms({ percentage: '12.5' });
    for (const [price, currency, expected] of [
      ['1.23', 'CAD', '0.15'],
      ['4', 'JPY', '1'],
      ['1001', 'JPY', '125'],
      ['1.004', 'BHD', '0.126'],
    ] as const) {
      const minor = decimalToMinor(price, currency)!;
      const o = voucherDiscount(v, cart([1, minor]), use);
      expect(o.applies && minorToDecimal(o.discount, currency), `${price} ${currency}`).toBe(expected);
    }
  });

  it('free shipping takes the shipping off, nothing else', () => {
    const o = voucherDiscount(terms({ kind: 'free_shipping', percentage: null }), cart([1, 100n]), use);
    expect(o).toEqual({
      applies: true,
      discount: 0n,
      shipping_discount: 990n,
      eligible: 100n,
      product_ids: [],
      recurring: null,
    });
  });

  it('says which later payments a product discount covers, for the recurring figures', () => {
    const later = (over: Partial<VoucherTerms>) => {
      const o = voucherDiscount(terms(over), cart([1, 100n]), use);
      return o.applies ? o.recurring : o.reason;
    };
    expect(later({ applies_to: 'first_payment' })).toBeNull();
    expect(later({ applies_to: 'first_payments', recurring_payments: 1 })).toBeNull();
    expect(later({ applies_to: 'first_payments', recurring_payments: 3, product_ids: [1] })).toEqual({
      kind: 'percentage',
      percentage: '10',
      amount: null,
      product_ids: [1],
      until_payment: 3,
    });
    expect(later({ kind: 'fixed_amount', percentage: null, amount: 500n })).toMatchObject({
      amount: 500n,
      until_payment: null,
    });
  });

  it('never takes off more than the eligible lines, and a percentage is split-proof to one unit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        (amounts, basisPoints, fixed) => {
          const percentage = `${Math.floor(basisPoints / 10_000)}.${String(basisPoints % 10_000).padStart(4, '0')}`;
          const c = cart(...amounts.map((a, i) => [i, a] as [number, bigint]));
          const total = amounts.reduce((s, a) => s + a, 0n);
          const pct = voucherDiscount(terms({ percentage }), c, use);
          const fix = voucherDiscount(
            terms({ kind: 'fixed_amount', percentage: null, amount: fixed }),
            c,
            use,
          );
          if (!pct.applies || !fix.applies) return false;
          // Exact: 0 <= d <= total, and |d - total * p / 100| <= 1/2 unit.
          const p = BigInt(basisPoints);
          const twice = 2n * (pct.discount * 1_000_000n - total * p);
          return (
            pct.discount >= 0n &&
            pct.discount <= total &&
            twice <= 1_000_000n &&
            twice >= -1_000_000n &&
            (fixed >= total ? fix.discount === total : fix.discount === fixed)
          );
        },
      ),
    );
  });
});

describe('voucher input', () => {
  it('names the field of each problem', () => {
    expect(voucherProblems({ kind: 'percentage', value: '100.5' })).toEqual([
      { path: 'value', message: 'Must be more than 0 and at most 100.' },
    ]);
    expect(voucherProblems({ kind: 'free_shipping', value: '5' })[0]?.path).toBe('value');
    expect(voucherProblems({ kind: 'fixed_amount', value: '0.00' })[0]?.path).toBe('value');
    expect(voucherProblems({ applies_to: 'first_payments' })[0]?.path).toBe('recurring_payments');
    expect(voucherProblems({ valid_from: '2026-02-01', valid_until: '2026-01-31' })[0]?.path).toBe(
      'valid_until',
    );
    const parsed = voucherInputSchema.safeParse({ code: 'bad code!', kind: 'percentage', value: '10' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['code']);
  });
});
