import { describe, expect, it } from 'vitest';
import { listQuery, parseFilters, readListState } from './list-state.ts';
import { nextPage, previousPage } from './paging.ts';

describe('paging wraps around', () => {
  it('goes from the last page to the first and back', () => {
    expect(nextPage(3, 30)).toBe(4);
    expect(nextPage(30, 30)).toBe(1);
    expect(previousPage(1, 30)).toBe(30);
    expect(previousPage(2, 30)).toBe(1);
  });
  it('stays on page 1 of a single page', () => {
    expect(nextPage(1, 1)).toBe(1);
    expect(previousPage(1, 1)).toBe(1);
    expect(previousPage(1, 0)).toBe(1);
  });
});

describe('list state in the URL', () => {
  it('reads page, search, sort, desc and filters', () => {
    const state = readListState(
      new URLSearchParams('page=3&search=lee&sort=name&desc=true&filters=%7B%22language%22%3A%22fr%22%7D'),
    );
    expect(state).toEqual({
      page: 3,
      perPage: 10,
      search: 'lee',
      sort: 'name',
      desc: true,
      filters: { language: 'fr' },
    });
  });
  it('falls back to page 1 and no filters for nonsense', () => {
    const state = readListState(new URLSearchParams('page=-2&filters=%7Bbroken'));
    expect(state.page).toBe(1);
    expect(state.filters).toEqual({});
    expect(parseFilters('[1,2]')).toEqual({});
    expect(parseFilters('{"language":"fr","n":1}')).toEqual({ language: 'fr' });
  });
  it('turns into the API list parameters, page size 10', () => {
    expect(listQuery({ page: 2, search: ' lee ', sort: null, desc: true, filters: {} })).toEqual({
      page: 2,
      per_page: 10,
      search: 'lee',
      sort: undefined,
      desc: undefined,
      filters: undefined,
    });
    expect(
      listQuery({ page: 1, search: '', sort: 'name', desc: false, filters: { language: 'de' } }),
    ).toMatchObject({
      sort: 'name',
      desc: false,
      filters: '{"language":"de"}',
    });
  });
  it('keeps an offered page size from the URL, the default for anything else', () => {
    expect(readListState(new URLSearchParams('per_page=50')).perPage).toBe(50);
    expect(readListState(new URLSearchParams('per_page=7')).perPage).toBe(10);
    expect(readListState(new URLSearchParams('per_page=1000')).perPage).toBe(10);
    expect(listQuery(readListState(new URLSearchParams('per_page=25&page=3')))).toMatchObject({
      page: 3,
      per_page: 25,
    });
  });
});
