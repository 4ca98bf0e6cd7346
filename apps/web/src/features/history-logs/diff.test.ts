import { describe, expect, it } from 'vitest';
import { changedFields, diffRows, humanize, REDACTED, showValue } from './diff.ts';

describe('diffRows', () => {
  it('lists the fields of an update with both sides', () => {
    expect(
      diffRows({ before: { name: 'A', status: 'invited' }, after: { name: 'B', status: 'invited' } }),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B', hasBefore: true, hasAfter: true, changed: true },
      {
        field: 'status',
        before: 'invited',
        after: 'invited',
        hasBefore: true,
        hasAfter: true,
        changed: false,
      },
    ]);
  });
  it('takes a created record from after only and a deleted one from before only', () => {
    const created = diffRows({ before: null, after: { id: 1, name: 'X' } });
    expect(created.map((r) => [r.field, r.hasBefore, r.hasAfter, r.changed])).toEqual([
      ['id', false, true, true],
      ['name', false, true, true],
    ]);
    const deleted = diffRows({ before: { id: 1 }, after: null });
    expect(deleted).toEqual([
      { field: 'id', before: 1, after: undefined, hasBefore: true, hasAfter: false, changed: true },
    ]);
  });
  it('compares objects by value', () => {
    const [row] = diffRows({ before: { tags: ['a', 'b'] }, after: { tags: ['a', 'b'] } });
    expect(row?.changed).toBe(false);
  });
  it('counts a redacted secret of an update as changed', () => {
    const [row] = diffRows({ before: { password_hash: REDACTED }, after: { password_hash: REDACTED } });
    expect(row?.changed).toBe(true);
    expect(
      changedFields({
        action: 'updated',
        before: { password_hash: REDACTED },
        after: { password_hash: REDACTED },
      }),
    ).toBe('password_hash');
  });
  it('has no rows for an entry without data', () => {
    expect(diffRows({ before: null, after: null })).toEqual([]);
  });
});

describe('showValue', () => {
  it('tells absent, null and redacted apart', () => {
    expect(showValue(undefined, false)).toEqual({ kind: 'none' });
    expect(showValue(null)).toEqual({ kind: 'null' });
    expect(showValue(REDACTED)).toEqual({ kind: 'redacted' });
  });
  it('pretty-prints objects, arrays and JSON held in strings', () => {
    expect(showValue({ a: 1 })).toEqual({ kind: 'json', text: '{\n  "a": 1\n}' });
    expect(showValue(['x'])).toEqual({ kind: 'json', text: '[\n  "x"\n]' });
    expect(showValue('{"b":true}')).toEqual({ kind: 'json', text: '{\n  "b": true\n}' });
  });
  it('keeps other values as text', () => {
    expect(showValue('{not json}')).toEqual({ kind: 'text', text: '{not json}' });
    expect(showValue(42)).toEqual({ kind: 'text', text: '42' });
    expect(showValue(false)).toEqual({ kind: 'text', text: 'false' });
    expect(showValue('')).toEqual({ kind: 'text', text: '' });
    expect(showValue('2026-11-24T19:20:58.816+00:00')).toMatchObject({ kind: 'text' });
    expect(showValue('2026-11-24T19:20:58.816+00:00')).not.toEqual({
      kind: 'text',
      text: '2026-11-24T19:20:58.816+00:00',
    });
    expect(showValue('2026-11-24')).toEqual({ kind: 'text', text: '2026-11-24' });
  });
});

describe('changedFields', () => {
  it('names the changed fields of an update, at most three', () => {
    expect(changedFields({ action: 'updated', before: { a: 1, b: 2 }, after: { a: 2, b: 2 } })).toBe('a');
    expect(
      changedFields({
        action: 'updated',
        before: { a: 1, b: 1, c: 1, d: 1 },
        after: { a: 2, b: 2, c: 2, d: 2 },
      }),
    ).toBe('a, b, c +1');
  });
  it('counts the fields of a created or deleted record', () => {
    expect(changedFields({ action: 'created', before: null, after: { a: 1, b: 2 } })).toBe('2 fields');
    expect(changedFields({ action: 'deleted', before: { a: 1 }, after: null })).toBe('1 field');
    expect(changedFields({ action: 'login', before: null, after: null })).toBe('');
  });
});

describe('humanize', () => {
  it('reads table and action names as words', () => {
    expect(humanize('company_users')).toBe('Company users');
    expect(humanize('login_failed')).toBe('Login failed');
    expect(humanize('')).toBe('');
  });
});
