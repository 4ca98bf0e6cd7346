import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_EXPONENTS } from './currencies.ts';
import { LOCALES } from './money.fixtures.ts';
import { decimalToMinor, formatMoney, minorToDecimal, parseMoney, roundHalfUp } from './money.ts';

/** Spaces Intl uses (no-break, narrow no-break) and bidi marks made plain, for readable expectations. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\p{Cf}/gu, '');

const ALL_CURRENCIES = Object.keys(CURRENCY_EXPONENTS);

describe('roundHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [3n, 2n, 2n],
    [7n, 2n, 4n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [-1n, 3n, 0n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
    [0n, 7n, 0n],
    [10n ** 30n + 5n, 10n, 10n ** 29n + 1n],
  ])('%i / %i is %i', (n, d, q) => {
    expect(roundHalfUp(n, d)).toBe(q);
  });

  it('refuses to divide by zero', () => {
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('is within half a unit, rounds halves away from zero, and is symmetric', () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 24n), 10n ** 24n), fc.bigInt(1n, 10n ** 12n), (n, d) => {
        const q = roundHalfUp(n, d);
        const twiceError = 2n * (q * d - n); // 2 x (rounded - exact), in units of 1/d
        const withinHalf = twiceError <= d && twiceError >= -d;
        const tieAwayFromZero = twiceError === d ? n > 0n : twiceError === -d ? n < 0n : true;
        return withinHalf && tieAwayFromZero && roundHalfUp(-n, d) === -q && roundHalfUp(n, -d) === -q;
      }),
    );
  });
});

describe('decimalToMinor and minorToDecimal', () => {
  it.each([
    ['1234.50', 'CAD', 123450n],
    ['1234.5', 'CAD', 123450n],
    ['1234', 'CAD', 123400n],
    ['-0.05', 'EUR', -5n],
    ['+3.10', 'USD', 310n],
    ['0', 'USD', 0n],
    ['12.500', 'USD', 1250n],
    ['12', 'JPY', 12n],
    ['1.234', 'KWD', 1234n],
    ['1.2345', 'CLF', 12345n],
    ['92233720368547758.07', 'USD', 9223372036854775807n],
    [' 7.25 ', 'CHF', 725n],
  ] as const)('%j %s is %i minor units', (value, currency, minor) => {
    expect(decimalToMinor(value, currency)).toBe(minor);
  });

  it.each([
    [12.5, 1250n],
    [0.1, 10n],
    [0.29, 29n],
    [1.005, 101n],
    [-19.99, -1999n],
    [1e6, 100000000n],
  ])('reads the JSON number %d by its decimal form: %i', (value, minor) => {
    // 1.005 is 1.00499999999999989... in binary; its decimal form "1.005" has three decimals.
    if (value === 1.005) {
      expect(decimalToMinor(value, 'USD')).toBeUndefined();
      expect(decimalToMinor(value, 'USD', { round: 'half-up' })).toBe(minor);
    } else expect(decimalToMinor(value, 'USD')).toBe(minor);
  });

  it.each([
    ['12.345'],
    ['12.5.0'],
    ['1,234.50'],
    ['1e3'],
    ['.5'],
    ['5.'],
    ['abc'],
    [''],
    ['-'],
    ['0x10'],
    ['١٢'],
  ])('refuses %j', (value) => {
    expect(decimalToMinor(value, 'USD')).toBeUndefined();
  });

  it('refuses non-finite numbers and exponent notation', () => {
    expect(decimalToMinor(Number.NaN, 'USD')).toBeUndefined();
    expect(decimalToMinor(Number.POSITIVE_INFINITY, 'USD')).toBeUndefined();
    expect(decimalToMinor(1e21, 'USD')).toBeUndefined();
  });

  it('rounds extra decimals half-up only when asked', () => {
    expect(decimalToMinor('12.345', 'USD', { round: 'half-up' })).toBe(1235n);
    expect(decimalToMinor('12.344', 'USD', { round: 'half-up' })).toBe(1234n);
    expect(decimalToMinor('-12.345', 'USD', { round: 'half-up' })).toBe(-1235n);
    expect(decimalToMinor('12.5', 'JPY')).toBeUndefined();
    expect(decimalToMinor('12.5', 'JPY', { round: 'half-up' })).toBe(13n);
  });

  it('throws for an unknown currency', () => {
    expect(() => decimalToMinor('1', 'XYZ')).toThrow(RangeError);
  });

  it.each([
    [123450n, 'CAD', '1234.50'],
    [-5n, 'EUR', '-0.05'],
    [0n, 'USD', '0.00'],
    [7n, 'USD', '0.07'],
    [1235n, 'JPY', '1235'],
    [-12n, 'JPY', '-12'],
    [5n, 'KWD', '0.005'],
    [12345n, 'CLF', '1.2345'],
    [123456789012345678901234567890n, 'USD', '1234567890123456789012345678.90'],
  ] as const)('%i %s is %j', (minor, currency, decimal) => {
    expect(minorToDecimal(minor, currency)).toBe(decimal);
  });

  it('round-trips every amount of every currency', () => {
    fc.assert(
      fc.property(
        fc.bigInt(-(10n ** 30n), 10n ** 30n),
        fc.constantFrom(...ALL_CURRENCIES),
        (minor, currency) => {
          return decimalToMinor(minorToDecimal(minor, currency), currency) === minor;
        },
      ),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    ['AUD', 'en-AU', '$1,234,567.89', '-$0.05'],
    ['CAD', 'en-CA', '$1,234,567.89', '-$0.05'],
    ['CAD', 'fr-CA', '1 234 567,89 $', '-0,05 $'],
    ['CHF', 'de-CH', "CHF 1'234'567.89", 'CHF-0.05'],
    ['CHF', 'fr-CH', '1 234 567.89 CHF', '-0.05 CHF'],
    ['DKK', 'da', '1.234.567,89 kr.', '-0,05 kr.'],
    ['EUR', 'de', '1.234.567,89 €', '-0,05 €'],
    ['EUR', 'fr', '1 234 567,89 €', '-0,05 €'],
    ['EUR', 'nl', '€ 1.234.567,89', '€ -0,05'],
    ['GBP', 'en-GB', '£1,234,567.89', '-£0.05'],
    ['NOK', 'no', '1 234 567,89 kr', '−0,05 kr'],
    ['QAR', 'en', 'QAR 1,234,567.89', '-QAR 0.05'],
    ['QAR', 'ar-QA', '١٬٢٣٤٬٥٦٧٫٨٩ ر.ق.', '-٠٫٠٥ ر.ق.'],
    ['SEK', 'sv', '1 234 567,89 kr', '−0,05 kr'],
    ['USD', 'en-US', '$1,234,567.89', '-$0.05'],
    ['USD', 'en-CA', 'US$1,234,567.89', '-US$0.05'],
    ['ZAR', 'en-ZA', 'R 1 234 567,89', '-R 0,05'],
  ])('formats %s in %s', (currency, locale, big, small) => {
    expect(plain(formatMoney(123456789n, currency, locale))).toBe(big);
    expect(plain(formatMoney(-5n, currency, locale))).toBe(small);
  });

  it.each(CURRENCIES.map((c) => [c]))('formats %s with two decimals and its code', (currency) => {
    expect(plain(formatMoney(100n, currency, 'en', 'code'))).toBe(`${currency} 1.00`);
    expect(plain(formatMoney(0n, currency, 'de', 'code'))).toBe(`0,00 ${currency}`);
  });

  it('formats 0, 3 and 4 decimal currencies with their own decimals', () => {
    expect(plain(formatMoney(1235n, 'JPY', 'ja'))).toBe('￥1,235');
    expect(plain(formatMoney(123456n, 'KWD', 'en'))).toBe('KWD 123.456');
    expect(plain(formatMoney(12345n, 'CLF', 'en', 'code'))).toBe('CLF 1.2345');
    expect(plain(formatMoney(123456n, 'HUF', 'hu'))).toBe('1234,56 Ft'); // Hungarian groups from five digits on;
  });

  it('formats amounts beyond 2^53 exactly', () => {
    expect(formatMoney(900719925474099312n, 'USD', 'en-US')).toBe('$9,007,199,254,740,993.12');
  });
});

describe('parseMoney', () => {
  it.each([
    ['1,234.56', 123456n],
    ['12.5', 1250n],
    ['12', 1200n],
    ['$12.50', 1250n],
    ['-$12.50', -1250n],
    ['USD 12.50', 1250n],
    ['  12.50 ', 1250n],
    ['-1,234', -123400n],
    ['+3', 300n],
    ['.5', 50n],
    ['12.', 1200n],
    ['12.340', 1234n],
    ['1,234,567.89', 123456789n],
    ['1234567.89', 123456789n],
    ['0', 0n],
    ['-0', 0n],
  ])('reads %j as USD typed in English: %i', (input, minor) => {
    expect(parseMoney(input, 'USD')).toBe(minor);
  });

  it.each([
    ['12,5', 'a comma is not the decimal point in English'],
    ['1,23', 'grouping not in threes'],
    ['1,2345', 'grouping not in threes'],
    ['12,34,567.00', 'Indian grouping is not English'],
    ['12.345', 'more decimals than USD has'],
    ['12 345', 'space is not the English group separator'],
    ['--3', 'two signs'],
    ['1e3', 'exponent notation'],
    ['€12', "another currency's symbol"],
    ['abc', 'not a number'],
    ['', 'empty'],
    ['.', 'a lone point'],
    ['$', 'a lone symbol'],
    [',123', 'a leading group separator'],
    ['123,', 'a trailing group separator'],
  ])('refuses %j (%s)', (input) => {
    expect(parseMoney(input, 'USD')).toBeUndefined();
  });

  it.each([[12.5], [null], [undefined], [1250n], [{}]])('refuses the non-string %s', (input) => {
    expect(parseMoney(input, 'USD')).toBeUndefined();
  });

  it.each([
    ['1.234,56', 'EUR', 'de', 123456n],
    ['1234,56 €', 'EUR', 'de', 123456n],
    ['12,5', 'EUR', 'de', 1250n],
    ['1 234,56', 'CAD', 'fr-CA', 123456n],
    ['1 234,56 $', 'CAD', 'fr-CA', 123456n],
    ["1'234.50", 'CHF', 'de-CH', 123450n],
    ['CHF 1’234.50', 'CHF', 'de-CH', 123450n],
    ['−12,50 kr', 'SEK', 'sv', -1250n],
    ['-12,50', 'NOK', 'nb', -1250n],
    ['12,34,567.50', 'USD', 'en-IN', 1234567_50n],
    ['١٢٫٥٠', 'QAR', 'ar-EG', 1250n],
    ['1.234', 'JPY', 'ja', undefined],
    ['1,234', 'JPY', 'ja', 1234n],
    ['1.234', 'EUR', 'de', 123400n],
    ['1,234,567.50', 'USD', 'en-IN', undefined],
  ] as const)('reads %j as %s in %s: %s', (input, currency, locale, minor) => {
    expect(parseMoney(input, currency, locale)).toBe(minor);
  });

  it('reads back what formatMoney wrote, for every currency, locale and display', () => {
    fc.assert(
      fc.property(
        fc.bigInt(-(10n ** 18n), 10n ** 18n),
        fc.constantFrom(...ALL_CURRENCIES),
        fc.constantFrom(...LOCALES),
        fc.constantFrom('symbol', 'narrowSymbol', 'code'),
        (minor, currency, locale, display) =>
          parseMoney(formatMoney(minor, currency, locale, display), currency, locale) === minor,
      ),
      // Fewer cases in CI (a shared machine), the full 2,000 on a developer's run.
      { numRuns: process.env.CI ? 400 : 2000 },
    );
  });

  it('reads back every formatted currency in every locale at the edges', () => {
    for (const currency of CURRENCIES) {
      for (const locale of LOCALES) {
        for (const minor of [0n, 1n, -1n, 99n, 100n, 999_999n, 1_000_000n, -123_456_789n]) {
          expect(parseMoney(formatMoney(minor, currency, locale), currency, locale)).toBe(minor);
        }
      }
    }
  });
});
