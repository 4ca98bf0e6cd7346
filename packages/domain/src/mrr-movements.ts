/**
 * MRR and its movements (issue 28 part 2; docs/insights.md "MRR movements"): what a subscription business
 * steers by. A customer's MRR on a day is the sum over their running subscriptions of the period amount
 * (`price × quantity`) brought to one month. Between two days each customer's change is one movement:
 * new (nothing before, first subscription ever), reactivation (nothing before, subscribed in the past),
 * expansion, contraction, or churn (nothing after). Summed, the movements are exactly the change of MRR:
 * new + reactivation + expansion − contraction − churned = MRR after − MRR before.
 *
 * Amounts stay exact: a month is 1/12 of a year, so a period amount is a fraction with denominator
 * 12 × interval; all of one computation share a denominator (`MrrScale`), and each figure is rounded to the
 * minor unit once, at the end, half up.
 */
import type { Frequency } from './enums.ts';

/** Periods a year, by frequency (a week is 52 a year, a day 365: the calendar-free convention). */
const PER_YEAR: Record<Frequency, bigint> = { daily: 365n, weekly: 52n, monthly: 12n, yearly: 1n };

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** The common denominator of monthly amounts for periods of these intervals: 12 × lcm(intervals). */
export function mrrScale(intervals: Iterable<number>): bigint {
  let l = 1n;
  for (const i of intervals) {
    const n = BigInt(Math.max(1, Math.trunc(i)));
    l = (l * n) / gcd(l, n);
  }
  return 12n * l;
}

/** A period amount (minor units) as a monthly amount, in units of 1/`scale` of a minor unit (exact). */
export function monthlyUnits(
  amountMinor: bigint,
  frequency: Frequency,
  interval: number,
  scale: bigint,
): bigint {
  const den = 12n * BigInt(Math.max(1, Math.trunc(interval)));
  if (scale % den !== 0n)
    throw new RangeError(`The scale ${scale} does not hold an interval of ${interval}.`);
  return amountMinor * PER_YEAR[frequency] * (scale / den);
}

/** `units / scale` rounded to the minor unit, half away from zero. */
export function unitsToMinor(units: bigint, scale: bigint): bigint {
  const neg = units < 0n;
  const a = neg ? -units : units;
  const r = (2n * a + scale) / (2n * scale);
  return neg ? -r : r;
}

export interface CustomerMrrChange {
  /** MRR on the day before (scaled units), 0 when nothing ran. */
  before: bigint;
  /** MRR on the day after (scaled units). */
  after: bigint;
  /** Had a running subscription at some time before the interval (tells reactivation from new). */
  subscribedBefore: boolean;
}

export interface MrrMovements {
  before: bigint;
  after: bigint;
  new: bigint;
  reactivation: bigint;
  expansion: bigint;
  contraction: bigint;
  churned: bigint;
  /** MRR after, of the customers that had some before (the numerator of net revenue retention). */
  retained: bigint;
  /** Of those, the part not above what each had (the numerator of gross revenue retention). */
  retainedGross: bigint;
}

/** The movements of a set of customers' MRR between two days (scaled units, all positive). */
export function mrrMovements(changes: Iterable<CustomerMrrChange>): MrrMovements {
  const m: MrrMovements = {
    before: 0n,
    after: 0n,
    new: 0n,
    reactivation: 0n,
    expansion: 0n,
    contraction: 0n,
    churned: 0n,
    retained: 0n,
    retainedGross: 0n,
  };
  for (const c of changes) {
    m.before += c.before;
    m.after += c.after;
    if (c.before === 0n) {
      if (c.after === 0n) continue;
      if (c.subscribedBefore) m.reactivation += c.after;
      else m.new += c.after;
      continue;
    }
    m.retained += c.after;
    if (c.after === 0n) m.churned += c.before;
    else if (c.after > c.before) m.expansion += c.after - c.before;
    else m.contraction += c.before - c.after;
  }
  // What the customers with MRR before kept of it: before, less what they shrank or left with.
  m.retainedGross = m.before - m.contraction - m.churned;
  return m;
}
