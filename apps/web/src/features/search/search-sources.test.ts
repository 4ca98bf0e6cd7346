import { describe, expect, it } from 'vitest';
import { isSearchShortcut, SEARCH_SOURCES } from './search-sources.ts';

const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...extra,
});

describe('isSearchShortcut', () => {
  it('opens on Ctrl+K and Cmd+K, whatever the case', () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
  });

  it('opens on a bare slash outside a field', () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
  });

  it('ignores other keys and modified slashes', () => {
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('/', { ctrlKey: true }))).toBe(false);
  });
});

describe('SEARCH_SOURCES', () => {
  it('links each hit to its record and "see all" to the list with the search', () => {
    const customers = SEARCH_SOURCES.find((s) => s.key === 'customers');
    expect(customers?.path(7)).toBe('/read-replica/7/rentloopdb/customers');
    expect(customers?.listHref('a&b')).toBe('/cms/customers?search=a%26b');
    const hit = customers?.toHit({
      id: 3,
      name: 'Daan Gagnon',
      email: 'd@x.ca',
      company_name: null,
    } as never);
    expect(hit).toEqual({ id: 3, title: 'Daan Gagnon', detail: 'd@x.ca', href: '/cms/customers/3' });
  });
});
