/**
 * The one edge between a payload's decimal amounts and the database's minor units (money.ts): exact in
 * every currency's decimals, a 422 naming the field past them (never rounded); a shop's prices rounded.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { shopAmountToMinor, toDecimal, toMinor } from './money.ts';

const refusal = (value: string, currency: string, field: string) => {
  try {
    toMinor(value, currency, field);
  } catch (e) {
    return e;
  }
  throw new Error(`${value} ${currency} was taken`);
};

describe('toMinor, a payload amount as minor units', () => {
  it.each([
    ['129.00', 'CAD', 12900n, '129.00'],
    ['129.5', 'CAD', 12950n, '129.50'],
    ['129', 'CAD', 12900n, '129.00'],
    ['0.01', 'CAD', 1n, '0.01'],
    ['1200', 'JPY', 1200n, '1200'],
    ['1200.00', 'JPY', 1200n, '1200'],
    ['1.234', 'KWD', 1234n, '1.234'],
    ['1.5', 'BHD', 1500n, '1.500'],
    ['999999999999.99', 'EUR', 99999999999999n, '999999999999.99'],
  ])('reads %s %s exactly (answered as %s)', (value, currency, minor, answered) => {
    expect(toMinor(value, currency, 'price')).toBe(minor);
    expect(toDecimal(minor, currency)).toBe(answered);
  });

  it('passes a missing amount (undefined) and no amount (null) through', () => {
    expect(toMinor(undefined, 'CAD', 'price')).toBeUndefined();
    expect(toMinor(null, 'CAD', 'price')).toBeNull();
    expect(toDecimal(null, 'CAD')).toBeNull();
    expect(toDecimal(undefined, 'CAD')).toBeNull();
  });

  it.each([
    ['12.345', 'CAD'],
    ['12.5', 'JPY'],
    ['1.2345', 'KWD'],
    ['0.001', 'EUR'],
  ])(
    'refuses %s %s (more decimals than the currency has) with a 422 naming the field, never rounding',
    (value, currency) => {
      const e = refusal(value, currency, 'variants.0.price');
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(422);
      expect((e as AppError).errors).toEqual({
        'variants.0.price': [`Must be an amount in ${currency} (at most its number of decimals).`],
      });
    },
  );
});

describe("shopAmountToMinor, a shop's price", () => {
  it('is rounded half-up to the currency, and an unreadable or missing price is none', () => {
    expect(shopAmountToMinor('12.345', 'EUR')).toBe(1235n);
    expect(shopAmountToMinor('12.344', 'EUR')).toBe(1234n);
    expect(shopAmountToMinor('12.5', 'JPY')).toBe(13n);
    expect(shopAmountToMinor('12.00', 'EUR')).toBe(1200n);
    expect(shopAmountToMinor('n/a', 'EUR')).toBeNull();
    expect(shopAmountToMinor(null, 'EUR')).toBeNull();
  });
});
