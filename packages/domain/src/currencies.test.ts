import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_EXPONENTS,
  CURRENCY_SYMBOLS,
  currencyExponent,
  currencyFormatter,
  currencySymbol,
  isKnownCurrency,
  numberSymbols,
} from './currencies.ts';

describe('the currencies', () => {
  it('are the eleven of the spec', () => {
    expect([...CURRENCIES]).toEqual([
      'AUD',
      'CAD',
      'CHF',
      'DKK',
      'EUR',
      'GBP',
      'NOK',
      'QAR',
      'SEK',
      'USD',
      'ZAR',
    ]);
  });

  it('all have two decimals (ISO 4217)', () => {
    for (const c of CURRENCIES) expect(currencyExponent(c)).toBe(2);
  });

  it.each([
    ['JPY', 0],
    ['ISK', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['TND', 3],
    ['CLF', 4],
    ['HUF', 2],
    ['RSD', 2],
  ])('knows %s has %i decimals', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
    expect(currencyExponent(code.toLowerCase())).toBe(exponent);
  });

  it('refuses an unknown currency', () => {
    expect(() => currencyExponent('XYZ')).toThrow(RangeError);
    expect(isKnownCurrency('XYZ')).toBe(false);
    expect(isKnownCurrency('cad')).toBe(true);
    expect(isKnownCurrency(12)).toBe(false);
    expect(isKnownCurrency('toString')).toBe(false);
  });

  it("agrees with the runtime's CLDR decimals except for the listed difference (HUF)", () => {
    const differences: Record<string, { iso: number; cldr: number }> = {};
    for (const [code, iso] of Object.entries(CURRENCY_EXPONENTS)) {
      const cldr = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
      if (cldr !== iso) differences[code] = { iso, cldr: cldr ?? -1 };
    }
    expect(differences).toEqual({ HUF: { iso: 2, cldr: 0 } });
  });

  it('formats with the ISO number of decimals, also where CLDR differs', () => {
    expect(currencyFormatter('HUF', 'hu').resolvedOptions().maximumFractionDigits).toBe(2);
    expect(currencyFormatter('JPY', 'ja').resolvedOptions().maximumFractionDigits).toBe(0);
    expect(currencyFormatter('KWD').resolvedOptions().minimumFractionDigits).toBe(3);
  });

  it('caches one formatter per currency, locale and display', () => {
    expect(currencyFormatter('CAD', 'fr-CA')).toBe(currencyFormatter('cad', 'fr-CA'));
    expect(currencyFormatter('CAD', 'fr-CA')).not.toBe(currencyFormatter('CAD', 'en-CA'));
    expect(currencyFormatter('CAD', 'fr-CA', 'code')).not.toBe(currencyFormatter('CAD', 'fr-CA'));
  });
});

describe('currency symbols', () => {
  it('has the English narrow symbol of each currency', () => {
    expect(CURRENCY_SYMBOLS).toEqual({
      AUD: '$',
      CAD: '$',
      CHF: 'CHF',
      DKK: 'kr',
      EUR: '€',
      GBP: '£',
      NOK: 'kr',
      QAR: 'QAR',
      SEK: 'kr',
      USD: '$',
      ZAR: 'R',
    });
  });

  it.each([
    ['AUD', 'en', 'symbol', 'A$'],
    ['AUD', 'en-AU', 'symbol', '$'],
    ['CAD', 'en', 'symbol', 'CA$'],
    ['CAD', 'en-CA', 'symbol', '$'],
    ['CAD', 'fr-CA', 'symbol', '$'],
    ['USD', 'en-CA', 'symbol', 'US$'],
    ['USD', 'en-CA', 'narrowSymbol', '$'],
    ['CHF', 'de-CH', 'symbol', 'CHF'],
    ['DKK', 'da', 'symbol', 'kr.'],
    ['EUR', 'de', 'symbol', '€'],
    ['GBP', 'en-GB', 'symbol', '£'],
    ['NOK', 'no', 'symbol', 'kr'],
    ['QAR', 'ar-QA', 'symbol', 'ر.ق.'],
    ['SEK', 'sv', 'symbol', 'kr'],
    ['ZAR', 'en-ZA', 'symbol', 'R'],
    ['EUR', 'en', 'code', 'EUR'],
  ] as const)('%s in %s (%s) is %s', (currency, locale, display, symbol) => {
    expect(currencySymbol(currency, locale, display)).toBe(symbol);
  });
});

describe('number symbols of currency amounts', () => {
  it.each([
    ['USD', 'en', '.', ',', 3, 3],
    ['EUR', 'de', ',', '.', 3, 3],
    ['CHF', 'de-CH', '.', "'", 3, 3],
    ['CHF', 'fr-CH', '.', '\u202f', 3, 3],
    ['CAD', 'fr-CA', ',', '\u00a0', 3, 3],
    ['USD', 'en-IN', '.', ',', 3, 2],
  ])(
    '%s in %s: decimal %j, group %j, groups of %i then %i',
    (currency, locale, decimal, group, primary, secondary) => {
      const s = numberSymbols(currency, locale);
      expect(s.decimal).toBe(decimal);
      expect(s.group).toBe(group);
      expect(s.primaryGroup).toBe(primary);
      expect(s.secondaryGroup).toBe(secondary);
    },
  );

  it('reads the minus sign and the digits of the locale', () => {
    expect(numberSymbols('SEK', 'sv').minus).toBe('\u2212');
    expect(numberSymbols('USD', 'en').digits.join('')).toBe('0123456789');
    expect(numberSymbols('QAR', 'ar-EG').digits.join('')).toBe('٠١٢٣٤٥٦٧٨٩');
  });
});
