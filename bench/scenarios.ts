/**
 * The lists the bench drives (every list built with defineList) and their three loads each: the first
 * page, a deep page (90% of the way down, in the list's default order) and a search for a term in about
 * 1% of the big company's rows.
 */
import { BIG_COMPANY_CUSTOMERS, SEARCH_SURNAME } from './seed.ts';
import { ASSET_SEARCH, BIG_COMPANY_ASSETS, SERIAL_SEARCH } from './seed-assets.ts';
import { BIG_COMPANY_PRODUCTS, BIG_COMPANY_VARIANTS, PRODUCT_SEARCH } from './seed-catalog.ts';
import { MORE_SEARCHES } from './seed-more.ts';
import { BIG_COMPANY_SUBSCRIPTIONS, ORDER_NUMBER_SEARCH } from './seed-orders.ts';

export const LISTS = [
  'customers',
  'products',
  'variants',
  'history_logs',
  'email_entries',
  'events',
  'collections',
  'company_users',
  'users',
  'orders',
  'subscriptions',
  'assets',
] as const;
export type ListKey = (typeof LISTS)[number];

export interface ListSpec {
  key: ListKey;
  /** The list's URL without its query, given the company. */
  path(companyId: number): string;
  /** Who reads it: the big company's owner, or an operator (the operators' lists). */
  reader: 'owner' | 'operator';
  /**
   * The rows the list shows, as plain SQL written here (not taken from the service), `$1` the company;
   * `searchText` is what a search matches in them (lower-cased), `order` the list's default order.
   */
  rowsSql: string;
  searchText: string;
  order: string;
  /** The route's default sort and direction, which the service is called with (db statements). */
  sort: 'id' | 'name';
  desc: boolean;
  search: string;
  /** Rows of the big company's list when known before seeding (else counted after the seed). */
  rows?: number;
  /** A second search with targets of its own (the orders' number search, the assets' serial search). */
  numberSearch?: string;
  /** Page 1 in other sorts, each a scenario of its own (the assets' kept figures, decision 83). */
  sorts?: { sort: string; desc: boolean }[];
}

const replica = (path: string) => (companyId: number) => `/read-replica/${companyId}/rentloopdb/${path}`;
const people = `lower(name) || ' ' || email`;

export const LIST_SPECS: Record<ListKey, ListSpec> = {
  customers: {
    key: 'customers',
    path: replica('customers'),
    reader: 'owner',
    rowsSql: 'SELECT * FROM customers WHERE company_id = $1',
    searchText: `lower(name || ' ' || email || ' ' || coalesce(phone, ''))`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    rows: BIG_COMPANY_CUSTOMERS,
    search: SEARCH_SURNAME.toLowerCase(),
  },
  products: {
    key: 'products',
    path: replica('products'),
    reader: 'owner',
    rowsSql: 'SELECT * FROM products WHERE company_id = $1',
    searchText: `lower(name || ' ' || coalesce(shop_id, ''))`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    rows: BIG_COMPANY_PRODUCTS,
    search: PRODUCT_SEARCH,
  },
  variants: {
    key: 'variants',
    path: replica('variants'),
    reader: 'owner',
    rowsSql: 'SELECT * FROM product_variants WHERE company_id = $1',
    searchText: `lower(coalesce(sku, '') || ' ' || name)`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    rows: BIG_COMPANY_VARIANTS,
    search: PRODUCT_SEARCH,
  },
  history_logs: {
    key: 'history_logs',
    path: (companyId) => `/api/${companyId}/utils/history-logs`,
    reader: 'owner',
    rowsSql: 'SELECT * FROM history_logs WHERE company_id = $1',
    searchText: `lower(entity_type || ' ' || coalesce(entity_id, ''))`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    search: MORE_SEARCHES.history_logs,
  },
  email_entries: {
    key: 'email_entries',
    path: (companyId) => `/api/${companyId}/rentloopdb/email-entries`,
    reader: 'owner',
    rowsSql: 'SELECT * FROM email_entries WHERE company_id = $1',
    searchText: `lower("to") || ' ' || lower(subject)`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    search: MORE_SEARCHES.email_entries,
  },
  events: {
    key: 'events',
    path: replica('events'),
    reader: 'operator',
    // Operators see the company's events and the platform's.
    rowsSql: 'SELECT * FROM events WHERE company_id = $1 OR company_id IS NULL',
    searchText: `lower(type || ' ' || object || ' ' || object_id::text)`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    search: MORE_SEARCHES.events,
  },
  collections: {
    key: 'collections',
    path: (companyId) => `/api/${companyId}/rentloopdb/product-collections`,
    reader: 'owner',
    rowsSql: 'SELECT * FROM product_collections WHERE company_id = $1',
    searchText: 'lower(name)',
    order: 'name ASC, id ASC',
    sort: 'id',
    desc: false,
    search: MORE_SEARCHES.collections,
  },
  company_users: {
    key: 'company_users',
    path: (companyId) => `/api/auth/${companyId}/users`,
    reader: 'owner',
    // The seed makes no pending invitations: the list is the members.
    rowsSql: `SELECT u.* FROM users u JOIN company_users cu ON cu.user_id = u.id WHERE cu.company_id = $1`,
    searchText: people,
    order: 'name ASC, id ASC',
    sort: 'name',
    desc: false,
    search: MORE_SEARCHES.company_users,
  },
  users: {
    key: 'users',
    path: () => '/api/auth/users',
    reader: 'operator',
    rowsSql: 'SELECT * FROM users WHERE $1::int8 IS NOT NULL',
    searchText: people,
    order: 'name ASC, id ASC',
    sort: 'name',
    desc: false,
    search: MORE_SEARCHES.users,
  },
  orders: {
    key: 'orders',
    path: replica('orders'),
    reader: 'owner',
    // The orders list: placed orders (not quotes), consumable ones listed apart.
    rowsSql: `SELECT * FROM orders WHERE company_id = $1 AND status <> 'draft' AND NOT consumable`,
    searchText: `lower(coalesce(number, '') || ' ' || customer_name || ' ' || customer_email)`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    search: SEARCH_SURNAME.toLowerCase(),
    numberSearch: ORDER_NUMBER_SEARCH,
  },
  subscriptions: {
    key: 'subscriptions',
    path: replica('subscriptions'),
    reader: 'owner',
    rowsSql: 'SELECT * FROM subscriptions WHERE company_id = $1',
    searchText: `lower(customer_name || ' ' || customer_email || ' ' || product_name || ' ' || coalesce(number, ''))`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    rows: BIG_COMPANY_SUBSCRIPTIONS,
    search: SEARCH_SURNAME.toLowerCase(),
  },
  assets: {
    key: 'assets',
    path: replica('product-tracking'),
    reader: 'owner',
    rowsSql: 'SELECT * FROM product_tracking WHERE company_id = $1',
    searchText: `lower(serial_number || ' ' || product_name)`,
    order: 'id DESC',
    sort: 'id',
    desc: true,
    rows: BIG_COMPANY_ASSETS,
    search: ASSET_SEARCH,
    numberSearch: SERIAL_SEARCH,
    sorts: [
      { sort: 'profit', desc: true },
      { sort: 'utilisation', desc: false },
    ],
  },
};

export interface Scenario {
  list: ListKey;
  key: 'page1' | 'deep' | 'search' | 'number_search' | `sort_${string}`;
  label: string;
  page: number;
  perPage: number;
  search: string | undefined;
  /** Another sort than the list's default (page 1 by a kept figure). */
  sort?: { sort: string; desc: boolean };
}

/** The scenario's sort: its own, else the list's default. */
export const sortOf = (s: Scenario) =>
  s.sort ?? { sort: LIST_SPECS[s.list].sort as string, desc: LIST_SPECS[s.list].desc };

const PER_PAGE = 10;

/** The three scenarios of a list of `rows` rows (four with a number search). */
export function scenariosOf(list: ListKey, rows: number): Scenario[] {
  const spec = LIST_SPECS[list];
  // 90% of the way down: page 9,001 of 10,000 for 100,000 rows.
  const deep = Math.floor((rows * 0.9) / PER_PAGE) + 1;
  const byNumber: Scenario[] = spec.numberSearch
    ? [
        {
          list,
          key: 'number_search',
          label: `search "${spec.numberSearch}"`,
          page: 1,
          perPage: PER_PAGE,
          search: spec.numberSearch,
        },
      ]
    : [];
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
    ...byNumber,
    ...(spec.sorts ?? []).map(
      (sort): Scenario => ({
        list,
        key: `sort_${sort.sort}`,
        label: `page 1 by ${sort.sort}${sort.desc ? ' desc' : ''}`,
        page: 1,
        perPage: PER_PAGE,
        search: undefined,
        sort,
      }),
    ),
  ];
}

/** A stable key for one scenario of one list. */
export const scenarioId = (s: Scenario) => `${s.list}:${s.key}`;

export function scenarioPath(companyId: number, s: Scenario): string {
  const q = new URLSearchParams({ page: String(s.page), per_page: String(s.perPage) });
  if (s.search) q.set('search', s.search);
  if (s.sort) {
    q.set('sort', s.sort.sort);
    q.set('desc', String(s.sort.desc));
  }
  return `${LIST_SPECS[s.list].path(companyId)}?${q}`;
}
