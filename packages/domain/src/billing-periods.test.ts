import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addPeriods,
  billingIntervalToFrequency,
  daysBetween,
  isDate,
  localDate,
  minimumTermEnd,
  nextBillingDate,
  periodIndexOn,
  periodOf,
} from './billing-periods.ts';

describe('addPeriods', () => {
  it('keeps a monthly period anchored on the 31st: 28 Feb, 31 Mar, 30 Apr (spec: 31 Jan → 28/29 Feb → 31 Mar)', () => {
    const dates = [0, 1, 2, 3, 12, 13].map((n) => addPeriods('2026-01-31', 'monthly', 1, n));
    expect(dates).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2027-01-31',
      '2027-02-28',
    ]);
    expect(addPeriods('2028-01-31', 'monthly', 1, 1)).toBe('2028-02-29');
    expect(addPeriods('2028-01-31', 'monthly', 1, 2)).toBe('2028-03-31');
  });

  it('anchors a yearly period on 29 February: 28 Feb in common years, 29 Feb again in 2028', () => {
    expect([1, 2, 3, 4].map((n) => addPeriods('2024-02-29', 'yearly', 1, n))).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    // 2100 is not a leap year, 2000 was.
    expect(addPeriods('2096-02-29', 'yearly', 1, 1)).toBe('2097-02-28');
    expect(addPeriods('2096-02-29', 'yearly', 4, 1)).toBe('2100-02-28');
    expect(addPeriods('1996-02-29', 'yearly', 4, 1)).toBe('2000-02-29');
  });

  it('counts quarters as three months and crosses year ends', () => {
    expect(addPeriods('2026-11-30', 'monthly', 3, 1)).toBe('2027-02-28');
    expect(addPeriods('2026-11-30', 'monthly', 3, 2)).toBe('2027-05-30');
    expect(addPeriods('2026-12-15', 'monthly', 1, 1)).toBe('2027-01-15');
  });

  it('adds days and weeks across month, year and leap days', () => {
    expect(addPeriods('2028-02-27', 'daily', 1, 2)).toBe('2028-02-29');
    expect(addPeriods('2026-12-25', 'weekly', 1, 1)).toBe('2027-01-01');
    expect(addPeriods('2026-01-01', 'weekly', 2, 26)).toBe('2026-12-31');
    expect(addPeriods('2026-01-01', 'daily', 3, 0)).toBe('2026-01-01');
  });

  it('refuses a bad date, interval or count', () => {
    expect(() => addPeriods('2026-02-30', 'monthly', 1, 1)).toThrow(RangeError);
    expect(() => addPeriods('2026-1-3', 'monthly', 1, 1)).toThrow(RangeError);
    expect(() => addPeriods('2026-01-03', 'monthly', 0, 1)).toThrow(RangeError);
    expect(() => addPeriods('2026-01-03', 'monthly', 1, -1)).toThrow(RangeError);
    expect(() => addPeriods('2026-01-03', 'monthly', 1.5, 1)).toThrow(RangeError);
  });
});

describe('date helpers', () => {
  it('add days and months, count days, recognise dates', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2025-02-29')).toBe(false);
    expect(isDate('2025-13-01')).toBe(false);
  });
});

describe('nextBillingDate', () => {
  it('is the start while today is before it, then the first boundary strictly after today', () => {
    expect(nextBillingDate('2026-01-31', 'monthly', 1, '2026-01-01')).toBe('2026-01-31');
    expect(nextBillingDate('2026-01-31', 'monthly', 1, '2026-01-31')).toBe('2026-02-28');
    expect(nextBillingDate('2026-01-31', 'monthly', 1, '2026-02-27')).toBe('2026-02-28');
    expect(nextBillingDate('2026-01-31', 'monthly', 1, '2026-02-28')).toBe('2026-03-31');
    expect(nextBillingDate('2026-01-31', 'monthly', 1, '2026-03-30')).toBe('2026-03-31');
    expect(nextBillingDate('2024-02-29', 'yearly', 1, '2027-03-01')).toBe('2028-02-29');
    expect(nextBillingDate('2026-01-01', 'weekly', 1, '2026-01-08')).toBe('2026-01-15');
    expect(nextBillingDate('2026-01-01', 'daily', 1, '2026-01-01')).toBe('2026-01-02');
  });

  it('agrees with a step-by-step walk over ten years for every frequency', () => {
    const starts = ['2024-01-31', '2024-02-29', '2025-08-30', '2026-12-31'];
    const plans = [
      ['daily', 1],
      ['weekly', 2],
      ['monthly', 1],
      ['monthly', 3],
      ['yearly', 1],
    ] as const;
    for (const start of starts)
      for (const [frequency, interval] of plans) {
        let n = 1;
        for (let today = addDays(start, -3); today < '2034-01-01'; today = addDays(today, 11)) {
          if (today < start) {
            expect(nextBillingDate(start, frequency, interval, today)).toBe(start);
            continue;
          }
          while (addPeriods(start, frequency, interval, n) <= today) n += 1;
          expect(nextBillingDate(start, frequency, interval, today)).toBe(
            addPeriods(start, frequency, interval, n),
          );
        }
      }
  });
});

describe('periodOf, minimumTermEnd, billingIntervalToFrequency', () => {
  it('gives a period its first and last day', () => {
    expect(periodOf('2026-01-31', 'monthly', 1, 0)).toEqual({ from: '2026-01-31', to: '2026-02-27' });
    expect(periodOf('2026-01-31', 'monthly', 1, 1)).toEqual({ from: '2026-02-28', to: '2026-03-30' });
    expect(periodOf('2024-02-29', 'yearly', 1, 0)).toEqual({ from: '2024-02-29', to: '2025-02-27' });
    expect(periodOf('2026-01-01', 'weekly', 1, 0)).toEqual({ from: '2026-01-01', to: '2026-01-07' });
  });

  it('ends a minimum term on start + months, clamped', () => {
    expect(minimumTermEnd('2026-01-15', 12)).toBe('2027-01-15');
    expect(minimumTermEnd('2025-08-31', 6)).toBe('2026-02-28');
    expect(minimumTermEnd('2026-01-15', 0)).toBe('2026-01-15');
    expect(() => minimumTermEnd('2026-01-15', -1)).toThrow(RangeError);
  });

  it('maps catalog billing intervals', () => {
    expect(billingIntervalToFrequency('monthly')).toEqual({ frequency: 'monthly', interval: 1 });
    expect(billingIntervalToFrequency('quarterly')).toEqual({ frequency: 'monthly', interval: 3 });
    expect(billingIntervalToFrequency('annually')).toEqual({ frequency: 'yearly', interval: 1 });
  });
});

describe('localDate', () => {
  it('is the calendar date in the time zone, not in UTC', () => {
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-03-01');
    expect(localDate(instant, 'America/Toronto')).toBe('2026-02-28');
    expect(localDate(new Date('2026-12-31T15:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
    expect(localDate(new Date('2024-02-29T23:59:59Z'), 'Europe/Berlin')).toBe('2024-03-01');
  });

  it('refuses an unknown time zone', () => {
    expect(() => localDate(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('periodIndexOn', () => {
  it('finds the period each boundary opens, and none between boundaries', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 40 }),
        (d, frequency, interval, n) => {
          const start = d.toISOString().slice(0, 10);
          const boundary = addPeriods(start, frequency, interval, n);
          expect(periodIndexOn(start, frequency, interval, boundary)).toBe(n);
          const next = addPeriods(start, frequency, interval, n + 1);
          const between = addDays(boundary, 1);
          if (between < next) expect(periodIndexOn(start, frequency, interval, between)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
    expect(periodIndexOn('2026-01-31', 'monthly', 1, '2026-02-28')).toBe(1);
    expect(periodIndexOn('2026-01-31', 'monthly', 1, '2026-03-31')).toBe(2);
    expect(periodIndexOn('2026-01-31', 'monthly', 1, '2026-01-30')).toBeNull();
  });
});
