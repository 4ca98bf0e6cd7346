/**
 * Spec 01 §9: dates read "do MMM yyyy" ("22nd Nov 2026"), with ", HH:mm" when the time matters, in
 * the browser's time zone. Written out rather than with date-fns' `format`, which brings its whole
 * formatter and the en-US locale (~6 kB gzip) into every list screen's first load; dates.test.ts
 * checks the output against date-fns'.
 */
export const DATE_FORMAT = 'do MMM yyyy';
export const DATE_TIME_FORMAT = 'do MMM yyyy, HH:mm';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st. */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A calendar date (`2026-11-22`) is that day in the browser's time zone, as date-fns' parseISO reads it. */
function toDate(value: string | Date): Date {
  if (typeof value !== 'string') return value;
  const day = DATE_ONLY.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

export function formatDate(value: string | Date | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${ordinal(date.getDate())} ${MONTHS[date.getMonth()]} ${pad(date.getFullYear(), 4)}`;
  return withTime ? `${day}, ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

export const formatDateTime = (value: string | Date | null | undefined) => formatDate(value, true);
