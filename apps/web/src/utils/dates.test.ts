import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate, formatDateTime } from './dates.ts';

describe('formatDate', () => {
  it('writes "do MMM yyyy", with ", HH:mm" for the time', () => {
    const d = new Date(2026, 10, 22, 8, 5);
    expect(formatDate(d)).toBe('22nd Nov 2026');
    expect(formatDateTime(d)).toBe('22nd Nov 2026, 08:05');
    expect(formatDate(new Date(2026, 0, 1))).toBe('1st Jan 2026');
    expect(formatDate('2026-03-13')).toBe('13th Mar 2026');
  });
  it('gives empty text for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('writes what date-fns writes for the same patterns', () => {
    // Every day of two years (every ordinal and month), at a time that moves through the day, as the
    // API sends timestamps (ISO 8601 UTC) and calendar dates.
    const start = Date.UTC(2027, 0, 1, 0, 7);
    for (let i = 0; i < 731; i++) {
      const instant = new Date(start + i * 86_400_000 + i * 997_000);
      const iso = instant.toISOString();
      expect(formatDate(iso)).toBe(format(parseISO(iso), DATE_FORMAT));
      expect(formatDateTime(iso)).toBe(format(parseISO(iso), DATE_TIME_FORMAT));
      const day = iso.slice(0, 10);
      expect(formatDate(day)).toBe(format(parseISO(day), DATE_FORMAT));
    }
    for (const iso of [
      '2026-11-22T23:59:59.999+05:30',
      '0999-02-03T04:05:06Z',
      '2026-12-31T00:00:00-08:00',
    ]) {
      expect(formatDateTime(iso), iso).toBe(format(parseISO(iso), DATE_TIME_FORMAT));
    }
  });
});
