import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineRefundGross, refundInputSchema, splitByRate } from './refunds.ts';

const runs = process.env.CI ? 50 : 300;
// A breakdown: one entry per rate.
const rates = fc.uniqueArray(
  fc.record({
    tax_percent: fc.constantFrom('0', '5', '7', '13', '19', '9.975'),
    gross: fc.bigInt({ min: 0n, max: 10_000_000n }),
  }),
  { minLength: 1, maxLength: 5, selector: (r) => r.tax_percent },
);

describe('splitByRate', () => {
  it('splits exactly, proportionally within a cent, never more than a rate holds', () => {
    fc.assert(
      fc.property(rates, fc.double({ min: 0, max: 1, noNaN: true }), (rs, f) => {
        const total = rs.reduce((s, r) => s + r.gross, 0n);
        const amount = BigInt(Math.floor(Number(total) * f));
        const shares = splitByRate(amount, rs);
        expect(shares.reduce((s, r) => s + r.gross, 0n)).toBe(amount);
        const positive = rs.filter((r) => r.gross > 0n);
        for (const share of shares) {
          const i = positive.findIndex((r) => r.tax_percent === share.tax_percent);
          const of = positive[i]!;
          expect(share.gross <= of.gross).toBe(true);
          const exact = Number(amount) * (Number(of.gross) / Number(total));
          expect(Math.abs(Number(share.gross) - exact)).toBeLessThan(1 + 1e-6);
        }
        // Deterministic: the same input, the same split.
        expect(splitByRate(amount, rs)).toEqual(shares);
      }),
      { numRuns: runs },
    );
  });

  it('gives a tied cent to the earlier rate and refuses more than the total', () => {
    const split = splitByRate(1n, [
      { tax_percent: '7', gross: 100n },
      { tax_percent: '19', gross: 100n },
    ]);
    expect(split).toEqual([{ tax_percent: '7', gross: 1n }]);
    expect(() => splitByRate(201n, [{ tax_percent: '7', gross: 200n }])).toThrow(RangeError);
  });
});

describe('lineRefundGross', () => {
  it('refunding a line in parts gives back exactly its gross', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 20 }),
        (quantity, gross, takes) => {
          let units = 0;
          let given = 0n;
          for (const t of takes) {
            const take = Math.min(t, quantity - units);
            if (take === 0) break;
            const part = lineRefundGross({ quantity, gross }, take, units, given);
            expect(part >= 0n).toBe(true);
            given += part;
            units += take;
            expect(given <= gross).toBe(true);
          }
          if (units === quantity) expect(given).toBe(gross);
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('refundInputSchema', () => {
  it('takes exactly one way of saying what is refunded', () => {
    expect(refundInputSchema.safeParse({ full_refund: true }).success).toBe(true);
    expect(refundInputSchema.safeParse({ amount: '1.00' }).success).toBe(true);
    expect(refundInputSchema.safeParse({ items: [{ position: 1 }] }).success).toBe(true);
    expect(refundInputSchema.safeParse({}).success).toBe(false);
    expect(refundInputSchema.safeParse({ full_refund: true, amount: '1.00' }).success).toBe(false);
    const cumulated = refundInputSchema.safeParse({ full_refund: true, cumulated_items: [1] });
    expect(cumulated.error?.issues[0]?.path).toEqual(['cumulated_items']);
  });
});
