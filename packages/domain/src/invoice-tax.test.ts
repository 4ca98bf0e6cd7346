import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InvoiceTaxLineInput, invoiceTax, negateInvoiceTax, TAX_RULES } from './invoice-tax.ts';

/**
 * The independent computation: rates as thousandths of a percent (so "9.975" is 9975n of 100000n),
 * half-up written as floor((2n + d) / 2d) for non-negative n, no helper of money.ts or order-totals.ts.
 */
const milli = (percent: string): bigint => {
  const [int = '0', frac = ''] = percent.split('.');
  return BigInt(int) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3) || '0');
};
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);

const RATES = ['0', '5.5', '7', '7.0', '9.975', '10', '13', '19', '20', '21', '24'];
const lineArb = fc.record({
  amount: fc.oneof(fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 10_000_000_000n })),
  tax_percent: fc.constantFrom(...RATES),
});
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 25 });

function expected(rule: (typeof TAX_RULES)[number], lines: InvoiceTaxLineInput[]) {
  const byRate = new Map<bigint, bigint[]>();
  for (const l of lines)
    byRate.set(milli(l.tax_percent), [...(byRate.get(milli(l.tax_percent)) ?? []), l.amount]);
  return [...byRate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rate, amounts]) => {
      const total = sum(amounts);
      if (rule === 'net_prices') {
        const tax = halfUp(total * rate, 100_000n);
        return { rate, net: total, tax, gross: total + tax };
      }
      const net = halfUp(total * 100_000n, 100_000n + rate);
      return { rate, net, tax: total - net, gross: total };
    });
}

describe('invoiceTax', () => {
  it('taxes per rate on the sum, not per line (prices without tax)', () => {
    // Three lines of 0.05 at 19 %: per line 0.01 each (0.03); on the sum 0.15 x 19 % = 0.0285 -> 0.03.
    // Ten lines of 0.03 at 19 %: per line 0.01 each = 0.10; on the sum 0.30 x 19 % = 0.057 -> 0.06.
    const r = invoiceTax(
      'net_prices',
      Array.from({ length: 10 }, () => ({ amount: 3n, tax_percent: '19' })),
    );
    expect(r.breakdown).toEqual([{ tax_percent: '19', net: 30n, tax: 6n, gross: 36n }]);
    expect(r.lines.map((l) => l.tax)).toEqual([1n, 1n, 1n, 1n, 1n, 1n, 0n, 0n, 0n, 0n]);
    expect(r.totals).toEqual({ net: 30n, tax: 6n, gross: 36n });
  });

  it('takes the net out of a gross sum once per rate (prices with tax)', () => {
    // 119.00 at 19 % -> net 100.00, tax 19.00; 10.70 at 7 % -> net 10.00, tax 0.70.
    const r = invoiceTax('gross_prices', [
      { amount: 5950n, tax_percent: '19' },
      { amount: 1070n, tax_percent: '7' },
      { amount: 5950n, tax_percent: '19' },
    ]);
    expect(r.breakdown).toEqual([
      { tax_percent: '7', net: 1000n, tax: 70n, gross: 1070n },
      { tax_percent: '19', net: 10000n, tax: 1900n, gross: 11900n },
    ]);
    expect(r.lines).toEqual([
      { net: 5000n, tax: 950n, gross: 5950n },
      { net: 1000n, tax: 70n, gross: 1070n },
      { net: 5000n, tax: 950n, gross: 5950n },
    ]);
    expect(r.amount_due).toBe(12970n);
  });

  it('counts rates equal in value as one entry and refuses negative lines', () => {
    const r = invoiceTax('net_prices', [
      { amount: 100n, tax_percent: '7' },
      { amount: 100n, tax_percent: '7.0' },
    ]);
    expect(r.breakdown).toHaveLength(1);
    expect(() => invoiceTax('net_prices', [{ amount: -1n, tax_percent: '7' }])).toThrow(RangeError);
  });

  it('holds BR-CO-10/13/14/15/16/17 and agrees to the cent with an independent computation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TAX_RULES),
        linesArb,
        fc.bigInt({ min: 0n, max: 1000n }),
        (rule, lines, prepaid) => {
          const r = invoiceTax(rule, lines, prepaid);
          const want = expected(rule, lines);
          // The breakdown, rate by rate, is the independent one.
          expect(
            r.breakdown.map((b) => ({ rate: milli(b.tax_percent), net: b.net, tax: b.tax, gross: b.gross })),
          ).toEqual(want);
          const lineNets = sum(r.lines.map((l) => l.net));
          // BR-CO-10 / BR-CO-13: the sum of line nets is the total without VAT (no document allowances).
          expect(r.totals.net).toBe(lineNets);
          expect(r.totals.net).toBe(sum(r.breakdown.map((b) => b.net)));
          // BR-CO-14: the total VAT is the sum of the breakdown's VAT.
          expect(r.totals.tax).toBe(sum(r.breakdown.map((b) => b.tax)));
          // BR-CO-15: total with VAT = without + VAT.
          expect(r.totals.gross).toBe(r.totals.net + r.totals.tax);
          // BR-CO-16: amount due = total with VAT − paid (no rounding amount).
          expect(r.amount_due).toBe(r.totals.gross - prepaid);
          for (const b of r.breakdown) {
            const exact = halfUp(b.net * milli(b.tax_percent), 100_000n);
            // BR-CO-17: VAT = taxable × rate rounded. Exact for net prices; with gross prices the net is
            // taken out of the gross (net = round(gross / (1 + r))), which puts VAT within one unit of it.
            if (rule === 'net_prices') expect(b.tax).toBe(exact);
            else expect(b.tax - exact <= 1n && exact - b.tax <= 1n).toBe(true);
          }
          // Every line: net + tax = gross, its amount kept, its tax its fair share (floor or floor + 1).
          lines.forEach((l, i) => {
            const got = r.lines[i];
            expect(got).toBeDefined();
            if (!got) return;
            expect(got.net + got.tax).toBe(got.gross);
            expect(rule === 'net_prices' ? got.net : got.gross).toBe(l.amount);
            const entry = want.find((w) => w.rate === milli(l.tax_percent));
            const rateSum = sum(
              lines.filter((x) => milli(x.tax_percent) === entry?.rate).map((x) => x.amount),
            );
            const floor = rateSum === 0n ? 0n : ((entry?.tax ?? 0n) * l.amount) / rateSum;
            expect(got.tax === floor || got.tax === floor + 1n).toBe(true);
          });
          // Lines and breakdown agree per rate.
          for (const w of want) {
            const at = r.lines.filter((_, i) => milli(lines[i]?.tax_percent ?? '') === w.rate);
            expect(sum(at.map((l) => l.tax))).toBe(w.tax);
            expect(sum(at.map((l) => l.gross))).toBe(w.gross);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('mirrors an invoice negated for its cancellation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TAX_RULES), linesArb, (rule, lines) => {
        const r = invoiceTax(rule, lines);
        const c = negateInvoiceTax(r);
        expect(c.totals.gross + r.totals.gross).toBe(0n);
        c.lines.forEach((l, i) => {
          expect(l.tax + (r.lines[i]?.tax ?? 0n)).toBe(0n);
        });
        c.breakdown.forEach((b, i) => {
          expect(b.net + (r.breakdown[i]?.net ?? 0n)).toBe(0n);
        });
      }),
    );
  });
});
