/**
 * Reading a date typed in the app's format (spec 01 §9, "do MMM yyyy": "24th Nov 2026"), with or
 * without the ordinal, with the month's full name, or as ISO ("2026-11-24"). Day-first and
 * month-first numeric dates ("11/12/2026") are refused: which one the person meant cannot be told.
 */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WRITTEN = /^(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]+)\.?,?\s+(\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

export const DATE_HINT = 'Date like 24th Nov 2026';
/** The placeholder of an empty date field: the format, not a date that reads like a value. */
export const DATE_FORMAT_HINT = 'D MMM YYYY';

const pad = (n: number) => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  // 31st Feb rolls over into March: not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The ISO date typed, `null` for nothing typed, `undefined` for text that is not a date. */
export function parseDateInput(text: string): string | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  const iso = ISO.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const written = WRITTEN.exec(value);
  if (!written) return undefined;
  const word = written[2]!;
  // "Nov", "November", "Sept": at least three letters, spelling the month's name from its start.
  const month = MONTHS.findIndex((m) => word.length >= 3 && m.startsWith(word));
  if (month < 0) return undefined;
  return isoOf(Number(written[3]), month + 1, Number(written[1]));
}

export type DateRead = { kind: 'same' } | { kind: 'invalid' } | { kind: 'changed'; iso: string | null };

/** What leaving a date field with `text` in it does, given the ISO `current` value ('' for none). */
export function readDateText(text: string, current: string): DateRead {
  const parsed = parseDateInput(text);
  if (parsed === undefined) return { kind: 'invalid' };
  if ((parsed ?? '') === current) return { kind: 'same' };
  return { kind: 'changed', iso: parsed };
}
