/**
 * Billing periods (shared/BILLING.md, "Periods"): calendar arithmetic on plain dates `YYYY-MM-DD`,
 * anchored on the subscription's start date. Monthly and yearly periods keep the start's day of the
 * month and clamp it to the month's end when the month is shorter (31 January → 28/29 February →
 * 31 March → 30 April), so a period never drifts; daily and weekly periods add days.
 *
 * Dates are computed with integer arithmetic (Date.UTC only to count days), never in a local time
 * zone: "today" is `localDate(clock.now(), company.time_zone)`, taken once by the caller.
 */
import type { BillingInterval, Frequency } from './enums.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

interface Ymd {
  y: number;
  m: number; // 1-12
  d: number;
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Days in month `m` (1-12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function parse(date: string): Ymd {
  const match = DATE.exec(date);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)) return { y, m, d };
  }
  throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const format = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isDate(value: string): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

const dayNumber = ({ y, m, d }: Ymd) => Date.UTC(y, m - 1, d) / DAY_MS;

/** `date` plus `days` (negative: minus). */
export function addDays(date: string, days: number): string {
  const t = new Date((dayNumber(parse(date)) + days) * DAY_MS);
  return format({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(parse(to)) - dayNumber(parse(from));
}

/** `date` plus `months`, the day clamped to the target month's end (2026-01-31 + 1 → 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = index - ty * 12 + 1;
  return format({ y: ty, m: tm, d: Math.min(d, daysInMonth(ty, tm)) });
}

const checkWhole = (name: string, value: number, min: number) => {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number of at least ${min}: ${value}`);
};

/**
 * The boundary `count` periods after `start`: `count` x `interval` days, weeks, months or years,
 * always counted from the start (anchored), never from the previous boundary. Monthly from
 * 2026-01-31: 02-28, 03-31, 04-30; yearly from 2024-02-29: 2025-02-28, ..., 2028-02-29.
 */
export function addPeriods(start: string, frequency: Frequency, interval: number, count: number): string {
  checkWhole('interval', interval, 1);
  checkWhole('count', count, 0);
  switch (frequency) {
    case 'daily':
      return addDays(start, count * interval);
    case 'weekly':
      return addDays(start, 7 * count * interval);
    case 'monthly':
      return addMonths(start, count * interval);
    case 'yearly':
      return addMonths(start, 12 * count * interval);
  }
}

/**
 * The next billing date seen on `today`: the first period boundary strictly after today, or the start
 * itself while today is before the start. On the start day the next one is the end of the first period
 * (the first period is paid at checkout).
 */
export function nextBillingDate(
  start: string,
  frequency: Frequency,
  interval: number,
  today: string,
): string {
  if (today < start) {
    parse(today);
    return addPeriods(start, frequency, interval, 0);
  }
  // A guess from the elapsed days, then corrected: at most a few steps either way.
  const elapsed = daysBetween(start, today);
  const approxDays = { daily: 1, weekly: 7, monthly: 31, yearly: 366 }[frequency] * interval;
  let n = Math.max(1, Math.floor(elapsed / approxDays));
  while (n > 1 && addPeriods(start, frequency, interval, n - 1) > today) n -= 1;
  while (addPeriods(start, frequency, interval, n) <= today) n += 1;
  return addPeriods(start, frequency, interval, n);
}

/**
 * Which period begins on `date` (0 is the one starting on the start date), or null when no boundary
 * falls on it. The billing run uses it to name the period a subscription's next billing date opens.
 */
export function periodIndexOn(
  start: string,
  frequency: Frequency,
  interval: number,
  date: string,
): number | null {
  if (date < start) return null;
  const approxDays = { daily: 1, weekly: 7, monthly: 31, yearly: 366 }[frequency] * interval;
  let n = Math.max(0, Math.floor(daysBetween(start, date) / approxDays));
  while (n > 0 && addPeriods(start, frequency, interval, n) > date) n -= 1;
  while (addPeriods(start, frequency, interval, n) < date) n += 1;
  return addPeriods(start, frequency, interval, n) === date ? n : null;
}

/**
 * Period `n` (0 is the first, starting on the start date): its first day and its last day, both
 * inclusive (`to` is the day before the next boundary). January 31 monthly: period 0 is
 * 2026-01-31..2026-02-27, period 1 is 2026-02-28..2026-03-30.
 */
export function periodOf(
  start: string,
  frequency: Frequency,
  interval: number,
  n: number,
): { from: string; to: string } {
  return {
    from: addPeriods(start, frequency, interval, n),
    to: addDays(addPeriods(start, frequency, interval, n + 1), -1),
  };
}

/**
 * The end of a minimum term of `months` months: the first day on which the subscription is no longer
 * bound (start + months, clamped like a monthly period). 0 months: the start itself.
 */
export function minimumTermEnd(start: string, months: number): string {
  checkWhole('months', months, 0);
  return addMonths(start, months);
}

/** A catalog rental price's interval as a subscription's frequency and interval. */
export function billingIntervalToFrequency(billingInterval: BillingInterval): {
  frequency: Frequency;
  interval: number;
} {
  switch (billingInterval) {
    case 'monthly':
      return { frequency: 'monthly', interval: 1 };
    case 'quarterly':
      return { frequency: 'monthly', interval: 3 };
    case 'annually':
      return { frequency: 'yearly', interval: 1 };
  }
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in an IANA time zone ("America/Toronto"): the company's "today". */
export function localDate(instant: Date, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${pad(Number(parts.year), 4)}-${parts.month}-${parts.day}`;
}
