/**
 * The catalog's list queries that pickers share: the products list (the products screen, the product
 * pickers of the order builder and of a voucher) and the variant search (the variant picker, the
 * availability rules). Here, not in the products feature, because other features use them.
 */
import type { Product, Variant } from '@rentloop/domain/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { productsKeys, variantsKeys } from '../api/catalog-keys.ts';
import { api, paths, unwrapPage } from '../api/client.ts';
import { LIST_GC_TIME } from '../api/query-client.ts';
import { useCompanyId } from '../app/current-company.tsx';
import { type ListState, listQuery } from './list-state.ts';

export function useProducts(state: ListState, perPage?: number) {
  const company = useCompanyId();
  const query = listQuery(state, perPage);
  return useQuery({
    queryKey: productsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Product[]>(paths.replica(company, 'products'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** Variants by SKU or name, for pickers (`GET variants?search=`). */
export function useVariantSearch(search: string, enabled = true) {
  const company = useCompanyId();
  const query = { page: 1, per_page: 20, search: search.trim() || undefined, sort: 'sku', desc: false };
  return useQuery({
    queryKey: variantsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Variant[]>(paths.replica(company, 'variants'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
    enabled,
  });
}
