import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyUnits, mrrMovements, mrrScale, unitsToMinor } from './mrr-movements.ts';

describe('monthly amounts', () => {
  it('brings each frequency to a month exactly', () => {
    const scale = mrrScale([1, 3]);
    expect(scale).toBe(36n);
    // 49.90 a month; 120.00 a quarter is 40.00 a month; 1,200.00 a year is 100.00 a month.
    expect(unitsToMinor(monthlyUnits(4990n, 'monthly', 1, scale), scale)).toBe(4990n);
    expect(unitsToMinor(monthlyUnits(12000n, 'monthly', 3, scale), scale)).toBe(4000n);
    expect(unitsToMinor(monthlyUnits(120000n, 'yearly', 1, scale), scale)).toBe(10000n);
    // 10.00 a week is 43.333... a month; 1.00 a day is 30.4166...: rounded once, half up.
    expect(unitsToMinor(monthlyUnits(1000n, 'weekly', 1, scale), scale)).toBe(4333n);
    expect(unitsToMinor(monthlyUnits(100n, 'daily', 1, scale), scale)).toBe(3042n);
  });

  it('keeps the sum exact where rounding each part would drift', () => {
    const scale = mrrScale([3]);
    // Three quarterly subscriptions of 0.10: 0.0333... a month each, 0.10 together.
    const each = monthlyUnits(10n, 'monthly', 3, scale);
    expect(unitsToMinor(each, scale)).toBe(3n);
    expect(unitsToMinor(3n * each, scale)).toBe(10n);
  });
});

describe('MRR movements', () => {
  it('classifies each customer’s change', () => {
    const m = mrrMovements([
      { before: 0n, after: 50n, subscribedBefore: false }, // new
      { before: 0n, after: 30n, subscribedBefore: true }, // reactivation
      { before: 40n, after: 70n, subscribedBefore: true }, // expansion 30
      { before: 90n, after: 60n, subscribedBefore: true }, // contraction 30
      { before: 20n, after: 0n, subscribedBefore: true }, // churned
      { before: 10n, after: 10n, subscribedBefore: true }, // unchanged
      { before: 0n, after: 0n, subscribedBefore: true }, // nothing
    ]);
    expect(m).toEqual({
      before: 160n,
      after: 220n,
      new: 50n,
      reactivation: 30n,
      expansion: 30n,
      contraction: 30n,
      churned: 20n,
      retained: 140n,
      retainedGross: 110n,
    });
  });

  it('sums to the change of MRR, and retention stays within its bounds (property)', () => {
    const change = fc.record({
      before: fc.bigInt({ min: 0n, max: 1_000_000n }),
      after: fc.bigInt({ min: 0n, max: 1_000_000n }),
      subscribedBefore: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 40 }), (changes) => {
        // A customer with MRR before was subscribed before.
        const cs = changes.map((c) => ({ ...c, subscribedBefore: c.subscribedBefore || c.before > 0n }));
        const m = mrrMovements(cs);
        expect(m.new + m.reactivation + m.expansion - m.contraction - m.churned).toBe(m.after - m.before);
        // Independently: the customers with MRR before, and what they have after.
        const stayers = cs.filter((c) => c.before > 0n);
        expect(m.retained).toBe(stayers.reduce((s, c) => s + c.after, 0n));
        expect(m.retainedGross).toBe(
          // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
          stayers.reduce((s, c) => s + (c.after < c.before ? c.after : c.before), 0n),
        );
        expect(m.retainedGross).toBeLessThanOrEqual(m.before);
      }),
      { numRuns: process.env.CI ? 200 : 1000 },
    );
  });
});
