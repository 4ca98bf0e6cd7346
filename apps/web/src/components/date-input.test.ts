import { describe, expect, it } from 'vitest';
import { formatDate } from '../utils/dates.ts';
import { DATE_FORMAT_HINT, parseDateInput, readDateText } from './date-input.ts';

describe('parseDateInput', () => {
  it('reads the app’s own format back, and its variants', () => {
    expect(parseDateInput('24th Nov 2026')).toBe('2026-11-24');
    expect(parseDateInput(formatDate('2026-03-01'))).toBe('2026-03-01');
    expect(parseDateInput('1 march 2026')).toBe('2026-03-01');
    expect(parseDateInput(' 2nd Sept 2026 ')).toBe('2026-09-02');
    expect(parseDateInput('22nd November, 2026')).toBe('2026-11-22');
    expect(parseDateInput('2026-11-24')).toBe('2026-11-24');
  });
  it('tells nothing typed from something that is not a date', () => {
    expect(parseDateInput('  ')).toBeNull();
    expect(parseDateInput('yesterday')).toBeUndefined();
    expect(parseDateInput('11/12/2026')).toBeUndefined();
    expect(parseDateInput('31st Feb 2026')).toBeUndefined();
    expect(parseDateInput('24 Novx 2026')).toBeUndefined();
    expect(parseDateInput('2026-13-01')).toBeUndefined();
  });
});

describe('readDateText', () => {
  it('changes, keeps or refuses what was typed', () => {
    expect(readDateText('24 Nov 2026', '')).toEqual({ kind: 'changed', iso: '2026-11-24' });
    expect(readDateText('24th Nov 2026', '2026-11-24')).toEqual({ kind: 'same' });
    expect(readDateText('', '2026-11-24')).toEqual({ kind: 'changed', iso: null });
    expect(readDateText('', '')).toEqual({ kind: 'same' });
    expect(readDateText('11/12/2026', '')).toEqual({ kind: 'invalid' });
  });
  it('has a placeholder that names the format and is no date', () => {
    expect(parseDateInput(DATE_FORMAT_HINT)).toBeUndefined();
  });
});
