/** Data hooks of bundles (STYLE.md #2): a write invalidates bundle lists and the products that show them. */
import type { Bundle, bundleInputSchema, bundleUpdateSchema } from '@rentloop/domain/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bundlesKeys, productsKeys } from '../../api/catalog-keys.ts';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export function useBundles(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: bundlesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Bundle[]>(paths.company(company, 'bundles'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useBundle(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: bundlesKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Bundle>(paths.company(company, `bundles/${id}`), { signal })),
  });
}

export type BundleInput = z.input<typeof bundleInputSchema>;
export type BundleUpdate = z.input<typeof bundleUpdateSchema>;

/** After a bundle changes: bundle lists, the bundle, and products (a product shows its bundles). */
function useRefreshBundles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bundlesKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: productsKeys.details() }),
    ]);
}

export function useCreateBundle() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshBundles();
  return useMutation({
    mutationFn: async (input: BundleInput) =>
      unwrapAnswer(await api.post<Bundle>(paths.company(company, 'bundles'), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(bundlesKeys.detail(company, data.id), data);
      void refresh();
    },
  });
}

export function useUpdateBundle(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshBundles();
  return useMutation({
    mutationFn: async (input: BundleUpdate) =>
      unwrapAnswer(await api.put<Bundle>(paths.company(company, `bundles/${id}`), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(bundlesKeys.detail(company, id), data);
      void refresh();
    },
  });
}

/** Deletes a bundle; the caller leaves its page (the bundle's cached record is not refetched). */
export function useDeleteBundle(id: number) {
  const company = useCompanyId();
  const refresh = useRefreshBundles();
  return useMutation({
    mutationFn: async () => unwrapAnswer(await api.delete<null>(paths.company(company, `bundles/${id}`))),
    onSuccess: () => refresh(),
  });
}

export interface BundleVariantChange {
  variant_id: number;
  quantity?: number;
}

/** `POST bundles/{id}/variants/add` (adds, or sets the quantity) and `/remove`. */
export function useChangeBundleVariants(id: number, action: 'add' | 'remove') {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshBundles();
  return useMutation({
    mutationFn: async (variants: BundleVariantChange[]) =>
      unwrapAnswer(
        await api.post<Bundle>(paths.company(company, `bundles/${id}/variants/${action}`), { variants }),
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(bundlesKeys.detail(company, id), data);
      void refresh();
    },
  });
}
