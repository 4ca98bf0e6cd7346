/**
 * The search of a company's big list (decision 99): the rows' trigrams keyed by company
 * (`'<company>:<trigram>'`, SQL `company_trigrams`, migration 0079) under one GIN index
 * (`companySearchIndex`, db/schema/columns.ts), then the list's own LIKE. A GIN index on
 * (company_id, trigram) held one entry for the company whose postings are as long as the company's
 * table, and every search of a big company read most of it; keyed trigrams give each company its own
 * postings, so a ten-row serial search among 1,000,000 assets reads ~20 index pages instead of ~830.
 * Only a word's inner trigrams that occur in the text as they are make keys, so a term's keys are among
 * those of every row it matches (db/company-trigrams.test.ts; the migration says why both conditions);
 * the pattern's escapes and wildcards are not letters or digits and add none.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ph } from './define-list.ts';
import { orderSearch, subscriptionSearch } from './schema/index.ts';

/**
 * A list's search condition: the keyed trigrams narrow, the LIKE (the list's `pattern`) decides. With
 * `common`, the term's keys leave out those of the list's `searchCommon` text (ListParams), which every row
 * holds (an order number's prefix): their postings are as long as the company's table (migration 0081).
 */
export const companySearch = (
  companyId: PgColumn,
  searchText: PgColumn,
  pattern: ReturnType<typeof ph>,
  opts: { common?: boolean } = {},
): SQL => {
  const keys = opts.common
    ? sql`company_search_keys(${ph('companyId')}, ${pattern}, ${ph('common')})`
    : sql`company_trigrams(${ph('companyId')}, ${pattern})`;
  return sql`company_trigrams(${companyId}, ${searchText}) @> ${keys} AND ${searchText} LIKE ${pattern}`;
};

/**
 * A list's search through its narrow search table (db/schema/search.ts, decision 102): the row's `id` among
 * the table's matches. For every search shape the list builder does not answer from that table alone
 * (`narrowSearch` in db/define-list.ts): another sort, a filter, an export.
 */
export const narrowSearchIn = (id: PgColumn, table: NarrowSearchTable, pattern: ReturnType<typeof ph>): SQL =>
  sql`${id} IN (SELECT ${table.id} FROM ${table.table} WHERE ${table.companyId} = ${ph('companyId')}
        AND ${companySearch(table.companyId, table.searchText, pattern, { common: table.common })})`;

interface NarrowSearchTable {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  searchText: PgColumn;
  /** Whether its lists pass `searchCommon` (ListParams) to leave out of a search's keys. */
  common: boolean;
}

export const ORDER_SEARCH: NarrowSearchTable = {
  table: orderSearch,
  id: orderSearch.order_id,
  companyId: orderSearch.company_id,
  searchText: orderSearch.search_text,
  common: true,
};

export const SUBSCRIPTION_SEARCH: NarrowSearchTable = {
  table: subscriptionSearch,
  id: subscriptionSearch.subscription_id,
  companyId: subscriptionSearch.company_id,
  searchText: subscriptionSearch.search_text,
  common: false,
};
