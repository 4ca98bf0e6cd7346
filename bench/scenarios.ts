/**
 * The lists the bench drives and their three loads each: the first page, a deep page (90% of the
 * way down, newest first) and a search for a term in about 1% of the big company's rows.
 */
import { BIG_COMPANY_CUSTOMERS, SEARCH_SURNAME } from './seed.ts';
import { BIG_COMPANY_PRODUCTS, BIG_COMPANY_VARIANTS, PRODUCT_SEARCH } from './seed-catalog.ts';

export const LISTS = ['customers', 'products', 'variants'] as const;
export type ListKey = (typeof LISTS)[number];

export interface ListSpec {
  key: ListKey;
  /** The path segment after /read-replica/{company}/rentloopdb/. */
  path: string;
  /** The table, and the text a search matches, written here from the rows (not from the service). */
  table: string;
  searchText: string;
  /** Rows of the big company. */
  rows: number;
  search: string;
}

export const LIST_SPECS: Record<ListKey, ListSpec> = {
  customers: {
    key: 'customers',
    path: 'customers',
    table: 'customers',
    searchText: `lower(name || ' ' || email || ' ' || coalesce(phone, ''))`,
    rows: BIG_COMPANY_CUSTOMERS,
    search: SEARCH_SURNAME.toLowerCase(),
  },
  products: {
    key: 'products',
    path: 'products',
    table: 'products',
    searchText: `lower(name || ' ' || coalesce(shop_id, ''))`,
    rows: BIG_COMPANY_PRODUCTS,
    search: PRODUCT_SEARCH,
  },
  variants: {
    key: 'variants',
    path: 'variants',
    table: 'product_variants',
    searchText: `lower(coalesce(sku, '') || ' ' || name)`,
    rows: BIG_COMPANY_VARIANTS,
    search: PRODUCT_SEARCH,
  },
};

export interface Scenario {
  list: ListKey;
  key: 'page1' | 'deep' | 'search';
  label: string;
  page: number;
  perPage: number;
  search: string | undefined;
}

const PER_PAGE = 10;

export function scenariosOf(list: ListKey): Scenario[] {
  const spec = LIST_SPECS[list];
  // 90% of the way down: page 9,001 of 10,000 for 100,000 rows.
  const deep = Math.floor((spec.rows * 0.9) / PER_PAGE) + 1;
  return [
    { list, key: 'page1', label: 'page 1', page: 1, perPage: PER_PAGE, search: undefined },
    {
      list,
      key: 'deep',
      label: `page ${deep.toLocaleString('en-US')}`,
      page: deep,
      perPage: PER_PAGE,
      search: undefined,
    },
    {
      list,
      key: 'search',
      label: `search "${spec.search}"`,
      page: 1,
      perPage: PER_PAGE,
      search: spec.search,
    },
  ];
}

/** A stable key for one scenario of one list. */
export const scenarioId = (s: Scenario) => `${s.list}:${s.key}`;

export function scenarioPath(companyId: number, s: Scenario): string {
  const q = new URLSearchParams({ page: String(s.page), per_page: String(s.perPage) });
  if (s.search) q.set('search', s.search);
  return `/read-replica/${companyId}/rentloopdb/${LIST_SPECS[s.list].path}?${q}`;
}
