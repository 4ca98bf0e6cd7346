import { describe, expect, it } from 'vitest';
import { countActiveFilters } from './list-filters-count.ts';

describe('countActiveFilters', () => {
  it('counts the filters set, not the empty ones', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ status: 'paid', issued_from: '2026-11-01' })).toBe(2);
    expect(countActiveFilters({ status: '', type: undefined })).toBe(0);
  });
});
