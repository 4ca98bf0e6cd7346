/**
 * List parameters (page, per_page, search, sort, desc, filters) turned into what a query needs,
 * and the `meta` of a paginated answer.
 */
import type { ListMeta, ListQuery } from '@rentloop/domain/api';
import type { z } from 'zod';
import { AppError, fieldErrors, invalid } from './errors.ts';

export interface ListParams<S extends string, F> {
  page: number;
  perPage: number;
  offset: number;
  search: string | undefined;
  sort: S;
  desc: boolean;
  filters: F;
  /**
   * Lower-cased text every row of the list holds (an order number's prefix), whose keys a search leaves out
   * (`companySearch`, db/company-search.ts); set by the list's service, not by the request.
   */
  searchCommon?: string | null;
}

export function listParams<S extends string, F extends z.ZodType>(
  query: ListQuery,
  opts: { sorts: readonly S[]; defaultSort: S; defaultDesc: boolean; filters: F },
): ListParams<S, z.infer<F>> {
  const sort = (query.sort ?? opts.defaultSort) as S;
  if (!opts.sorts.includes(sort)) invalidSort(opts.sorts);
  let rawFilters: unknown = {};
  if (query.filters) {
    try {
      rawFilters = JSON.parse(query.filters);
    } catch {
      throw invalid('filters', 'Filters must be a JSON object.');
    }
  }
  const parsed = opts.filters.safeParse(rawFilters ?? {});
  if (!parsed.success) {
    throw new AppError('validation', undefined, fieldErrors(parsed.error.issues, 'filters'));
  }
  return {
    page: query.page,
    perPage: query.per_page,
    offset: (query.page - 1) * query.per_page,
    search: query.search ? query.search : undefined,
    sort,
    desc: query.desc ?? (query.sort ? false : opts.defaultDesc),
    filters: parsed.data,
  };
}

function invalidSort(sorts: readonly string[]): never {
  throw invalid('sort', `Sort must be one of: ${sorts.join(', ')}.`);
}

export function listMeta(
  p: { page: number; perPage: number },
  total: number,
  count: number,
  path: string,
): ListMeta {
  const from = count > 0 ? (p.page - 1) * p.perPage + 1 : null;
  return {
    current_page: p.page,
    from,
    last_page: Math.max(1, Math.ceil(total / p.perPage)),
    per_page: p.perPage,
    to: from === null ? null : from + count - 1,
    total,
    path,
  };
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
export const likePattern = (search: string) =>
  `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
