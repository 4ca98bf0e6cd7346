import { describe, expect, it } from 'vitest';
import { toVoucherValues, voucherFormSchema } from './voucher-form.ts';

const values = (over: Partial<ReturnType<typeof toVoucherValues>>) => ({
  ...toVoucherValues(),
  code: 'SPRING',
  ...over,
});
const errorsOf = (currency: string, over: Partial<ReturnType<typeof toVoucherValues>>) => {
  const r = voucherFormSchema(currency).safeParse(values(over));
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('voucher form', () => {
  it('reads a 10 % voucher for the first three payments', () => {
    const r = voucherFormSchema('CAD').parse(
      values({
        value: '10 %',
        applies_to: 'first_payments',
        recurring_payments: '3',
        minimum_cart_value: '1,000',
      }),
    );
    expect(r).toMatchObject({
      kind: 'percentage',
      value: '10',
      recurring_payments: 3,
      minimum_cart_value: '1000.00',
    });
  });

  it('reads a fixed amount in the currency and refuses decimals it does not have', () => {
    expect(voucherFormSchema('CAD').parse(values({ kind: 'fixed_amount', value: '$12.5' })).value).toBe(
      '12.50',
    );
    expect(errorsOf('JPY', { kind: 'fixed_amount', value: '12.5' })).toEqual([
      'value: Must be a valid amount.',
    ]);
  });

  it('names the field of each problem', () => {
    expect(errorsOf('CAD', { value: '' })).toEqual(['value: Required field.']);
    expect(errorsOf('CAD', { value: '5', applies_to: 'first_payments' })[0]).toMatch(/^recurring_payments/);
    expect(errorsOf('CAD', { value: '5', valid_from: '2026-02-02', valid_until: '2026-02-01' })[0]).toMatch(
      /^valid_until/,
    );
    expect(errorsOf('CAD', { code: 'a b', value: '5' })[0]).toMatch(/^code/);
  });
});
