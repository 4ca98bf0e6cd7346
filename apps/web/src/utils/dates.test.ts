import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('formatDate', () => {
  it('writes "do MMM yyyy", with ", HH:mm" for the time', () => {
    const d = new Date(2026, 10, 22, 8, 5);
    expect(formatDate(d)).toBe('22nd Nov 2026');
    expect(formatDateTime(d)).toBe('22nd Nov 2026, 08:05');
    expect(formatDate(new Date(2026, 0, 1))).toBe('1st Jan 2026');
  });
  it('gives empty text for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
