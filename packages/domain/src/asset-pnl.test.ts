/**
 * The asset's profit and loss against an independent computation: the attribution and the days are
 * counted day by day (which unit had the subscription on each day of the period), the shares checked as
 * exact fractions; the figures of a hand-made life checked by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assetPnl,
  lineShare,
  type PnlHistoryEntry,
  type PnlLine,
  paybackDate,
  percent,
  type Stint,
  shareByWeights,
  stintsOf,
} from './asset-pnl.ts';
import { addDays } from './billing-periods.ts';

const D0 = '2026-01-01';
const day = (n: number) => addDays(D0, n);

/** Day by day: the units holding subscription 1 on each day of `[start, end]`, counted per unit. */
function daysByUnit(stints: readonly Stint[], start: number, end: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let d = start; d <= end; d++) {
    const date = day(d);
    for (const s of stints)
      if (s.subscriptionId === 1 && s.from <= date && (s.to === null || date < s.to))
        counts.set(s.assetId, (counts.get(s.assetId) ?? 0) + 1);
  }
  return counts;
}

/** Units 1..3 taking turns with subscription 1: consecutive, non-overlapping stints (the unique index). */
const stintsArb = fc
  .array(
    fc.record({ unit: fc.integer({ min: 1, max: 3 }), gap: fc.nat(5), len: fc.integer({ min: 0, max: 20 }) }),
    {
      maxLength: 5,
    },
  )
  .chain((parts) =>
    fc.boolean().map((lastOpen) => {
      let at = 0;
      return parts.map((p, i): Stint => {
        const from = at + p.gap;
        at = from + p.len;
        const open = lastOpen && i === parts.length - 1;
        return { assetId: p.unit, subscriptionId: 1, from: day(from), to: open ? null : day(at) };
      });
    }),
  );

describe('lineShare', () => {
  it('shares a period line by the days each unit had the subscription, exactly, adding up to the line', () => {
    fc.assert(
      fc.property(
        stintsArb,
        fc.nat(40),
        fc.integer({ min: 0, max: 35 }),
        fc.bigInt({ min: -500_000n, max: 500_000n }),
        (stints, start, len, net) => {
          const line: PnlLine = {
            invoiceId: 1,
            issueDate: day(start),
            settled: true,
            subscriptionId: 1,
            periodStart: day(start),
            periodEnd: day(start + len),
            net,
          };
          const counts = daysByUnit(stints, start, start + len);
          const total = [...counts.values()].reduce((s, n) => s + n, 0);
          const shares = [1, 2, 3].map((u) => lineShare(line, stints, u));
          if (total === 0) {
            expect(shares).toEqual([0n, 0n, 0n]);
            return;
          }
          expect(shares.reduce((s, x) => s + x, 0n)).toBe(net);
          for (const u of [1, 2, 3]) {
            // |share − net × days / total| < 1: the exact fraction, compared without division.
            const exact = net * BigInt(counts.get(u) ?? 0);
            const diff = shares[u - 1]! * BigInt(total) - exact;
            expect(diff < BigInt(total) && -diff < BigInt(total)).toBe(true);
          }
        },
      ),
    );
  });

  it('undoes a line exactly with its negation (a cancellation)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.array(fc.bigInt({ min: 0n, max: 40n }), { minLength: 1, maxLength: 5 }),
        (amount, weights) => {
          fc.pre(weights.some((w) => w > 0n));
          const plus = shareByWeights(amount, weights);
          const minus = shareByWeights(-amount, weights);
          expect(plus.map((p, i) => p + minus[i]!)).toEqual(weights.map(() => 0n));
        },
      ),
    );
  });

  it('gives a line without a period to the unit held on the issue date, else the last before, else the first', () => {
    const stints: Stint[] = [
      { assetId: 7, subscriptionId: 1, from: day(5), to: day(10) },
      { assetId: 8, subscriptionId: 1, from: day(12), to: null },
    ];
    const line = (n: number): PnlLine => ({
      invoiceId: 1,
      issueDate: day(n),
      settled: false,
      subscriptionId: 1,
      periodStart: null,
      periodEnd: null,
      net: 100n,
    });
    expect([7, 8].map((u) => lineShare(line(0), stints, u))).toEqual([100n, 0n]);
    expect([7, 8].map((u) => lineShare(line(7), stints, u))).toEqual([100n, 0n]);
    expect([7, 8].map((u) => lineShare(line(11), stints, u))).toEqual([100n, 0n]);
    expect([7, 8].map((u) => lineShare(line(30), stints, u))).toEqual([0n, 100n]);
  });
});

describe('stintsOf and the days', () => {
  it('counts days rented as the days the history says it was rented out', () => {
    const statuses = ['in stock', 'rented out', 'to repair', 'broken'] as const;
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.nat(10), to: fc.constantFrom(...statuses) }), { maxLength: 8 }),
        fc.nat(10),
        (steps, tail) => {
          let at = 0;
          const history: PnlHistoryEntry[] = [{ date: day(0), to: 'in stock', subscriptionId: null }];
          for (const s of steps) {
            at += s.gap;
            history.push({ date: day(at), to: s.to, subscriptionId: s.to === 'rented out' ? 1 : null });
          }
          const today = at + tail;
          // Day by day: the status of the last entry dated on or before the day.
          let rented = 0;
          for (let d = 0; d < today; d++) {
            const current = history.filter((e) => e.date <= day(d)).at(-1)!;
            if (current.to === 'rented out') rented++;
          }
          const pnl = assetPnl({
            assetId: 1,
            today: day(today),
            status: history.at(-1)!.to,
            ownedSince: day(0),
            purchaseCost: null,
            history,
            stints: stintsOf(1, history),
            lines: [],
            repairs: [],
          });
          expect(pnl.daysRented).toBe(rented);
          expect(pnl.daysOwned).toBe(today);
          expect(pnl.utilisation).toBe(percent(rented, today));
        },
      ),
    );
  });
});

describe('assetPnl by hand', () => {
  it('a unit rented, repaired, rented again, then stolen', () => {
    const history: PnlHistoryEntry[] = [
      { date: '2026-01-01', to: 'in stock', subscriptionId: null },
      { date: '2026-01-11', to: 'rented out', subscriptionId: 1 },
      { date: '2026-02-10', to: 'to repair', subscriptionId: 1 },
      { date: '2026-02-20', to: 'in stock', subscriptionId: null },
      { date: '2026-03-02', to: 'rented out', subscriptionId: 2 },
      { date: '2026-04-01', to: 'stolen', subscriptionId: 2 },
    ];
    const lines: PnlLine[] = [
      // January (31 days), the unit from the 11th only: still the only unit, so all of it.
      line(1, '2026-01-11', true, 1, '2026-01-01', '2026-01-31', 9000n),
      // February: unit 1 until the 10th (9 days), then unit 9 from the 20th (9 days): half each.
      line(2, '2026-02-01', true, 1, '2026-02-01', '2026-02-28', 9001n),
      line(3, '2026-03-02', false, 2, '2026-03-02', '2026-04-01', 12000n),
    ];
    const stints = [...stintsOf(1, history), { assetId: 9, subscriptionId: 1, from: '2026-02-20', to: null }];
    const pnl = assetPnl({
      assetId: 1,
      today: '2026-05-01',
      status: 'stolen',
      ownedSince: '2026-01-01',
      purchaseCost: 20000n,
      history,
      stints,
      lines,
      repairs: [{ date: '2026-02-20', cost: 1234n }],
    });
    expect(pnl).toEqual({
      purchaseCost: 20000n,
      revenueInvoiced: 9000n + 4501n + 12000n,
      revenueCollected: 9000n + 4501n,
      repairCosts: 1234n,
      profit: 9000n + 4501n - 1234n - 20000n,
      daysOwned: 90, // Jan 1 to Apr 1
      daysRented: 30 + 30,
      utilisation: '66.67',
      paybackDate: null,
      paybackRemaining: 7733n,
      loss: 7733n,
      leftFleetOn: '2026-04-01',
    });
  });

  it('pays back on the day collected revenue net of repairs reaches the cost, and not while a repair undoes it', () => {
    const c = (date: string, amount: bigint) => ({ date, amount });
    expect(paybackDate('2026-01-01', 100n, [c('2026-02-01', 60n), c('2026-03-01', 40n)], [])).toBe(
      '2026-03-01',
    );
    expect(
      paybackDate(
        '2026-01-01',
        100n,
        [c('2026-02-01', 60n), c('2026-03-01', 50n)],
        [{ date: '2026-03-05', cost: 20n }],
      ),
    ).toBeNull();
    expect(paybackDate('2026-01-01', 0n, [], [])).toBe('2026-01-01');
  });
});

function line(
  invoiceId: number,
  issueDate: string,
  settled: boolean,
  subscriptionId: number,
  periodStart: string,
  periodEnd: string,
  net: bigint,
): PnlLine {
  return { invoiceId, issueDate, settled, subscriptionId, periodStart, periodEnd, net };
}
