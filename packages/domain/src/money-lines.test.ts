import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { LOCALES } from './money.fixtures.ts';
import {
  amountInputSchema,
  amountSchema,
  formatMoney,
  type LineAmounts,
  lineAmounts,
  minorToDecimal,
  parseMoney,
  parsePercent,
  percentOf,
  sumLines,
  sumMinor,
  taxIncludedIn,
} from './money.ts';

describe('percentages and tax', () => {
  it.each([
    ['19', 19n, 1n],
    ['9.975', 9975n, 1000n],
    [7.7, 77n, 10n],
    [13, 13n, 1n],
    ['0', 0n, 1n],
    ['100', 100n, 1n],
  ] as const)('reads %j exactly', (percent, numerator, denominator) => {
    expect(parsePercent(percent)).toEqual({ numerator, denominator });
  });

  it.each([['-5'], ['abc'], ['1e2'], [''], ['5%']])('refuses the percentage %j', (percent) => {
    expect(parsePercent(percent)).toBeUndefined();
    expect(() => percentOf(100n, percent)).toThrow(RangeError);
  });

  it.each([
    [1000n, '13', 130n],
    [1999n, '9.975', 199n], // 199.40
    [1999n, '5', 100n], // 99.95 -> 100
    [10n, '5', 1n], // 0.5 -> 1 (half-up)
    [-10n, '5', -1n], // -0.5 -> -1 (away from zero)
    [3n, '50', 2n], // 1.5 -> 2
    [1n, '7.7', 0n], // 0.077 -> 0
    [12345n, '0', 0n],
    [12345n, '100', 12345n],
  ] as const)('%i at %s%% is %i', (amount, percent, tax) => {
    expect(percentOf(amount, percent)).toBe(tax);
  });

  it.each([
    [11900n, '19', 1900n],
    [1000n, '19', 160n], // 159.66
    [105n, '5', 5n],
    [11300n, '13', 1300n],
    [0n, '19', 0n],
  ] as const)('the tax inside %i at %s%% is %i', (gross, percent, tax) => {
    expect(taxIncludedIn(gross, percent)).toBe(tax);
  });

  it('is within half a minor unit of the exact tax', () => {
    fc.assert(
      fc.property(
        fc.bigInt(-(10n ** 15n), 10n ** 15n),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, thousandths) => {
          const percent = `${Math.trunc(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
          const tax = percentOf(amount, percent);
          // exact tax = amount * thousandths / 100000
          const twiceError = 2n * (tax * 100_000n - amount * BigInt(thousandths));
          return twiceError <= 100_000n && twiceError >= -100_000n;
        },
      ),
    );
  });
});

describe('lines and totals', () => {
  it('computes a line from net prices: tax on unit x quantity, rounded once', () => {
    expect(lineAmounts({ unit_amount: 1999n, quantity: 3, tax_percent: '13' })).toEqual({
      net: 5997n,
      tax: 780n, // 779.61
      gross: 6777n,
    });
  });

  it('computes a line from gross prices', () => {
    expect(lineAmounts({ unit_amount: 1190n, quantity: 2, tax_percent: 19, tax_included: true })).toEqual({
      net: 2000n,
      tax: 380n,
      gross: 2380n,
    });
  });

  it('rounds tax per line, not on the total', () => {
    const line = lineAmounts({ unit_amount: 10n, quantity: 1, tax_percent: '5' }); // 0.5 -> 1
    const total = sumLines([line, line, line]);
    expect(total.tax).toBe(3n);
    expect(percentOf(30n, '5')).toBe(2n); // on the total it would have been 1.5 -> 2
  });

  it('makes a refund line the exact negative of its sale line', () => {
    const sale = lineAmounts({ unit_amount: 1999n, quantity: 3, tax_percent: '9.975' });
    const refund = lineAmounts({ unit_amount: 1999n, quantity: -3, tax_percent: '9.975' });
    expect(refund).toEqual({ net: -sale.net, tax: -sale.tax, gross: -sale.gross });
  });

  it('refuses a fractional quantity', () => {
    expect(() => lineAmounts({ unit_amount: 100n, quantity: 1.5, tax_percent: '5' })).toThrow(RangeError);
    expect(lineAmounts({ unit_amount: 100n, quantity: 2n, tax_percent: '5' }).gross).toBe(210n);
  });

  const line = fc.record({
    unit_amount: fc.bigInt(-(10n ** 9n), 10n ** 9n),
    quantity: fc.integer({ min: -1000, max: 1000 }),
    tax_percent: fc.constantFrom('0', '5', '7.7', '8.1', '9.975', '13', '14.975', '15', '19', '20', '25'),
    tax_included: fc.boolean(),
  });

  it('gives totals equal to the sums of the lines, with net + tax = gross, in any order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (inputs) => {
        const lines: LineAmounts[] = inputs.map(lineAmounts);
        const total = sumLines(lines);
        const reversed = sumLines([...lines].reverse());
        return (
          lines.every((l) => l.net + l.tax === l.gross) &&
          total.net + total.tax === total.gross &&
          total.gross === sumMinor(lines.map((l) => l.gross)) &&
          total.tax === sumMinor(lines.map((l) => l.tax)) &&
          total.net === sumMinor(lines.map((l) => l.net)) &&
          reversed.gross === total.gross &&
          reversed.tax === total.tax
        );
      }),
    );
  });

  it('sums formatted-then-parsed line totals to the same total', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.constantFrom(...LOCALES), (inputs, locale) => {
        const lines = inputs.map(lineAmounts);
        const reparsed = lines.map(
          (l) => parseMoney(formatMoney(l.gross, 'CAD', locale), 'CAD', locale) ?? 0n,
        );
        return sumMinor(reparsed) === sumLines(lines).gross;
      }),
    );
  });

  it('sums nothing to zero', () => {
    expect(sumLines([])).toEqual({ net: 0n, tax: 0n, gross: 0n });
    expect(sumMinor([])).toBe(0n);
  });
});

describe('the wire schemas of amounts', () => {
  it('answer decimal strings, whatever minorToDecimal gives in any currency', () => {
    for (const [minor, currency] of [
      [12900n, 'CAD'],
      [1200n, 'JPY'],
      [1250n, 'KWD'],
      [-500n, 'EUR'],
      [0n, 'CLF'],
    ] as const) {
      const decimal = minorToDecimal(minor, currency);
      expect(amountSchema.parse(decimal)).toBe(decimal);
    }
    for (const value of [12.5, '12,50', '1e3', ' 12.50', '', '.5']) {
      expect(amountSchema.safeParse(value).success).toBe(false);
    }
  });

  it('take a non-negative decimal string or JSON number, as the exact decimal string', () => {
    expect(amountInputSchema.parse('129.00')).toBe('129.00');
    expect(amountInputSchema.parse(' 129 ')).toBe('129');
    expect(amountInputSchema.parse(12.5)).toBe('12.5');
    expect(amountInputSchema.parse(0.1)).toBe('0.1');
    expect(amountInputSchema.parse('999999999999.9999')).toBe('999999999999.9999');
  });

  it.each([
    ['-1.00'],
    ['12,50'],
    ['1,234.00'],
    ['abc'],
    ['1e3'],
    [1e21],
    ['12.34567'],
    ['1234567890123'],
    [0.1 + 0.2],
  ])('refuse %j with the amount message', (value) => {
    const r = amountInputSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MESSAGES.amountInvalid);
  });
});

describe('no binary floating point in money', () => {
  it('uses no float arithmetic in money.ts', () => {
    const source = readFileSync(new URL('./money.ts', import.meta.url), 'utf8');
    for (const banned of ['parseFloat', 'Math.round', 'Math.floor', 'toFixed', 'Number(', '* 100', '/ 100']) {
      expect(source.includes(banned), banned).toBe(false);
    }
  });
});
