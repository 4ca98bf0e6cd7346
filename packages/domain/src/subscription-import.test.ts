import { describe, expect, it } from 'vitest';
import {
  importErrorKey,
  parseImportErrorKey,
  SUBSCRIPTION_IMPORT_REQUIRED_COLUMNS,
  subscriptionImportTemplate,
} from './subscription-import.ts';
import { parseSubscriptionImportRow, SUBSCRIPTION_IMPORT_COLUMNS } from './subscription-import-rows.ts';

describe('the subscription import template', () => {
  it('names every column and its example row is a valid row', () => {
    const [header, example, rest] = subscriptionImportTemplate().split('\r\n');
    expect(header?.split(',')).toEqual([...SUBSCRIPTION_IMPORT_COLUMNS]);
    expect(rest).toBe('');
    const record = Object.fromEntries(header!.split(',').map((c, i) => [c, example!.split(',')[i]]));
    expect(parseSubscriptionImportRow(record, 2).ok).toBe(true);
    for (const c of SUBSCRIPTION_IMPORT_REQUIRED_COLUMNS) expect(SUBSCRIPTION_IMPORT_COLUMNS).toContain(c);
  });
});

describe('row error keys', () => {
  it('name a row and its column, and read back', () => {
    expect(importErrorKey({ row: 4, column: 'sku' })).toBe('rows.4.sku');
    expect(importErrorKey({ row: 7, column: null })).toBe('rows.7');
    expect(parseImportErrorKey('rows.4.sku')).toEqual({ row: 4, column: 'sku' });
    expect(parseImportErrorKey('rows.7')).toEqual({ row: 7, column: null });
    expect(parseImportErrorKey('file')).toBeNull();
  });
});
