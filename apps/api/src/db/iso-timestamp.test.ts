/**
 * timestamptz as the API writes it (db/schema/columns.ts, `isoTimestamp`): PostgreSQL's UTC text is
 * rewritten to the same ISO text `new Date(value).toISOString()` gives (milliseconds cut, not rounded),
 * and anything else still goes through the date parser.
 */
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './schema/columns.ts';

describe('isoTimestamp', () => {
  it("equals new Date(text).toISOString() for PostgreSQL's UTC text of every fraction length", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let i = 0; i < 5000; i++) {
      const iso = new Date(Date.UTC(1990, 0, 1) + (next() % 1_500_000) * 1_000_003).toISOString();
      const digits = String(next() % 1_000_000)
        .padStart(6, '0')
        .slice(0, i % 7);
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${digits ? `.${digits}` : ''}+00`;
      expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp('2026-11-22 08:29:27.556789+00')).toBe('2026-11-22T08:29:27.556Z');
    expect(isoTimestamp('2026-11-22 08:29:27.5+00')).toBe('2026-11-22T08:29:27.500Z');
    expect(isoTimestamp('2026-11-22 08:29:27+00')).toBe('2026-11-22T08:29:27.000Z');
  });

  it('parses other offsets and Date objects as before', () => {
    for (const v of ['2026-11-22 09:29:27.556+01', '2026-11-22 03:29:27-05:30', '2026-11-22T08:29:27Z']) {
      expect(isoTimestamp(v)).toBe(new Date(v).toISOString());
    }
    const d = new Date('2026-11-22T08:29:27.123Z');
    expect(isoTimestamp(d)).toBe('2026-11-22T08:29:27.123Z');
  });
});
