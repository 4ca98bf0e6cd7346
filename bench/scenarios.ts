/** The three loads the bench drives: the customers list's first page, a deep page and a search. */
import { SEARCH_SURNAME } from './seed.ts';

export interface Scenario {
  key: 'page1' | 'deep' | 'search';
  label: string;
  page: number;
  perPage: number;
  search: string | undefined;
}

export const SCENARIOS: readonly Scenario[] = [
  { key: 'page1', label: 'page 1', page: 1, perPage: 10, search: undefined },
  { key: 'deep', label: 'page 9,001', page: 9001, perPage: 10, search: undefined },
  {
    key: 'search',
    label: `search "${SEARCH_SURNAME.toLowerCase()}"`,
    page: 1,
    perPage: 10,
    search: SEARCH_SURNAME.toLowerCase(),
  },
];

export function scenarioPath(companyId: number, s: Scenario): string {
  const q = new URLSearchParams({ page: String(s.page), per_page: String(s.perPage) });
  if (s.search) q.set('search', s.search);
  return `/read-replica/${companyId}/rentloopdb/customers?${q}`;
}
