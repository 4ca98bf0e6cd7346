/** Data hooks of product collections (STYLE.md #2). */
import type { Collection, collectionInputSchema, Product } from '@rentloop/domain/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { collectionsKeys, productsKeys } from '../../api/catalog-keys.ts';
import { api, paths, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { notFound } from './hooks.ts';

export function useCollections(state: ListState, perPage?: number) {
  const company = useCompanyId();
  const query = listQuery(state, perPage);
  return useQuery({
    queryKey: collectionsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<Collection[]>(paths.company(company, 'product-collections'), { query, signal }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** Every collection (for filters and pickers): the first 100, by name. */
export function useAllCollections() {
  return useCollections({ page: 1, search: '', sort: null, desc: false, filters: {} }, 100);
}

/**
 * One collection. The API has no `GET product-collections/{id}`: it is looked up in the list, 100 a
 * page (a company has a handful of collections).
 */
export function useCollection(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: collectionsKeys.detail(company, id),
    queryFn: async ({ signal }) => {
      for (let page = 1; ; page++) {
        const result = unwrapPage(
          await api.get<Collection[]>(paths.company(company, 'product-collections'), {
            query: { page, per_page: 100 },
            signal,
          }),
        );
        const found = result.data.find((c) => c.id === id);
        if (found) return found;
        if (page >= result.meta.last_page) throw notFound('This collection does not exist.');
      }
    },
  });
}

/** A collection's products, all of them (`GET products` filtered by collection, 100 a page). */
export function useCollectionProducts(collectionId: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: collectionsKeys.detail(company, collectionId, 'products'),
    queryFn: async ({ signal }) => {
      const all: Product[] = [];
      for (let page = 1; ; page++) {
        const result = unwrapPage(
          await api.get<Product[]>(paths.replica(company, 'products'), {
            query: {
              page,
              per_page: 100,
              sort: 'name',
              desc: false,
              filters: JSON.stringify({ collection_id: String(collectionId) }),
            },
            signal,
          }),
        );
        all.push(...result.data);
        if (page >= result.meta.last_page) return all;
      }
    },
    gcTime: LIST_GC_TIME,
  });
}

export type CollectionInput = z.input<typeof collectionInputSchema>;

function useRefreshCollections() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: collectionsKeys.all }),
      queryClient.invalidateQueries({ queryKey: productsKeys.all }),
    ]);
}

export function useSaveCollection(id: number | null) {
  const company = useCompanyId();
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: async (input: CollectionInput) =>
      unwrapAnswer(
        await (id === null
          ? api.post<Collection>(paths.company(company, 'product-collections'), input)
          : api.put<Collection>(paths.company(company, `product-collections/${id}`), input)),
      ),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCollection(id: number) {
  const company = useCompanyId();
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await api.delete<null>(paths.company(company, `product-collections/${id}`))),
    onSuccess: () => refresh(),
  });
}
