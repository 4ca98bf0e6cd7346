/**
 * A list's state lives in the URL (STYLE.md #3): `page`, `per_page` (10, 25, 50 or 100; the API's own
 * parameter name), `search`, `sort`, `desc` and `filters` (a JSON object). A new page size, search,
 * sort or filter goes back to page 1.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE, PAGE_SIZES } from './paging.ts';

export interface ListState {
  page: number;
  /** Rows a page; absent in a state built by hand (a picker), which passes its own size. */
  perPage?: number;
  search: string;
  sort: string | null;
  desc: boolean;
  filters: Record<string, string>;
}

export interface ListStateControls extends ListState {
  /** The URL query this state was read from: the list's root carries it, so a browser test can wait
   * until the rows on screen are the URL's (a navigation changes the URL before React renders it). */
  source: string;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSearch: (search: string) => void;
  /** Sorts by a column; the same column again flips the direction. */
  toggleSort: (column: string) => void;
  /** Sorts by a column in a direction (the phone's sort choice, where there are no headers). */
  setSort: (column: string, desc: boolean) => void;
  setFilter: (key: string, value: string | null) => void;
}

export function parseFilters(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    // A size not offered (a hand-edited URL) is the default, not a 422 from the API.
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : PAGE_SIZE,
    search: params.get('search') ?? '',
    sort: params.get('sort') || null,
    desc: params.get('desc') === 'true',
    filters: parseFilters(params.get('filters')),
  };
}

/** The query parameters of a list call (API conventions: page, per_page, search, sort, desc, filters). */
export function listQuery(state: ListState, perPage?: number) {
  return {
    page: state.page,
    per_page: perPage ?? state.perPage ?? PAGE_SIZE,
    search: state.search.trim() || undefined,
    sort: state.sort ?? undefined,
    desc: state.sort ? state.desc : undefined,
    filters: Object.keys(state.filters).length ? JSON.stringify(state.filters) : undefined,
  };
}

export function useListState(): ListStateControls {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number) =>
      update((next) => {
        if (page <= 1) next.delete('page');
        else next.set('page', String(page));
      }),
    [update],
  );

  const setPerPage = useCallback(
    (perPage: number) =>
      update((next) => {
        if (perPage === PAGE_SIZE) next.delete('per_page');
        else next.set('per_page', String(perPage));
        next.delete('page');
      }),
    [update],
  );

  const setSearch = useCallback(
    (search: string) =>
      update((next) => {
        if (search.trim()) next.set('search', search.trim());
        else next.delete('search');
        next.delete('page');
      }, true),
    [update],
  );

  const toggleSort = useCallback(
    (column: string) =>
      update((next) => {
        const desc = next.get('sort') === column && next.get('desc') !== 'true';
        next.set('sort', column);
        next.set('desc', String(desc));
        next.delete('page');
      }),
    [update],
  );

  const setSort = useCallback(
    (column: string, desc: boolean) =>
      update((next) => {
        next.set('sort', column);
        next.set('desc', String(desc));
        next.delete('page');
      }),
    [update],
  );

  const setFilter = useCallback(
    (key: string, value: string | null) =>
      update((next) => {
        const filters = parseFilters(next.get('filters'));
        if (value) filters[key] = value;
        else delete filters[key];
        if (Object.keys(filters).length) next.set('filters', JSON.stringify(filters));
        else next.delete('filters');
        next.delete('page');
      }),
    [update],
  );

  return {
    ...state,
    source: params.toString(),
    setPage,
    setPerPage,
    setSearch,
    toggleSort,
    setSort,
    setFilter,
  };
}
