/** Data hooks of products, their variants, bulk buyout prices and the product sync (STYLE.md #2). */
import type { ProductDetail, ProductSync, Variant } from '@rentloop/domain/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bundlesKeys,
  collectionsKeys,
  productSyncKeys,
  productsKeys,
  variantsKeys,
} from '../../api/catalog-keys.ts';
import { ApiError, api, paths, unwrap, unwrapAnswer } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import type { ProductCreatePayload, ProductUpdatePayload } from './product-form.ts';
import { fetchLatestSync } from './sync-api.ts';

export function useProduct(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: productsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<ProductDetail>(paths.company(company, `products/${id}`), { signal })),
  });
}

/** A 404 for a record looked up in a list (the API has no `GET` of it alone). */
export const notFound = (message: string) =>
  new ApiError({ success: false, status: 404, message, data: null, meta: null, errors: null, headers: null });

/** Everything a product change can show up in (bundles and collections show products too). */
/**
 * Marks the catalog's lists stale (refetching those on screen). A save's confirmation does not wait
 * for it: the saved record is already in the cache, and a slow list must not hold a dialog open.
 */
function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productsKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: variantsKeys.all }),
      queryClient.invalidateQueries({ queryKey: collectionsKeys.all }),
      queryClient.invalidateQueries({ queryKey: bundlesKeys.details() }),
    ]);
}

export function useCreateProduct() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async (input: ProductCreatePayload) =>
      unwrapAnswer(await api.post<ProductDetail>(paths.company(company, 'products'), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(productsKeys.detail(company, data.id), data);
      void refresh();
    },
  });
}

export function useUpdateProduct(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async (input: ProductUpdatePayload) =>
      unwrapAnswer(await api.put<ProductDetail>(paths.company(company, `products/${id}`), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(productsKeys.detail(company, id), data);
      void refresh();
    },
  });
}

export interface VariantChange {
  id: number;
  sku?: string | null;
  price?: string | null;
  stock?: number | null;
  name?: string;
}

/** `PUT products/variants` for the variants of one product (hand-made products only). */
export function useUpdateVariants(productId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async (variants: VariantChange[]) =>
      unwrapAnswer(
        await api.put<{ updated: number }>(paths.company(company, 'products/variants'), { variants }),
      ),
    onSuccess: async () => {
      void refresh();
      // The page shows the variants: they are read again before the save is confirmed.
      await queryClient.invalidateQueries({ queryKey: productsKeys.detail(company, productId) });
    },
  });
}

export interface BuyoutChange {
  id: number;
  buyout_price: string | null;
}

/** `PUT products`: the buyout prices of many products in one call. */
export function useBulkBuyout() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (products: BuyoutChange[]) =>
      unwrapAnswer(await api.put<{ updated: number }>(paths.company(company, 'products'), { products })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productsKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: productsKeys.details() }),
      ]);
    },
  });
}

// ---- product sync ----

export const syncIsActive = (sync: ProductSync | null | undefined) =>
  sync?.status === 'queued' || sync?.status === 'running';

/** How often the list asks for the progress of a running sync. */
export const SYNC_POLL_MS = 1_000;

/**
 * The company's latest sync (`GET products/sync`; null when none ran), polled while it is queued or
 * running. A failure, a 404 included, is the query's error: the list shows it.
 */
export function useLatestSync() {
  const company = useCompanyId();
  return useQuery({
    queryKey: productSyncKeys.detail(company),
    queryFn: ({ signal }) => fetchLatestSync(company, signal),
    refetchInterval: (query) => (syncIsActive(query.state.data) ? SYNC_POLL_MS : false),
    staleTime: 0,
  });
}

export function useStartSync() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await api.post<ProductSync>(paths.company(company, 'products/sync'))),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(productSyncKeys.detail(company), data);
      await queryClient.invalidateQueries({ queryKey: productSyncKeys.detail(company) });
    },
  });
}

/** `POST products/{id}/variants`: one more variant of a hand-made product. */
export function useAddVariant(productId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async (input: object) =>
      unwrapAnswer(await api.post<Variant>(paths.company(company, `products/${productId}/variants`), input)),
    onSuccess: async () => {
      void refresh();
      await queryClient.invalidateQueries({ queryKey: productsKeys.detail(company, productId) });
    },
  });
}

/** `DELETE products/{id}/variants/{variantId}`: refused (409, with the reason) when a bundle holds it. */
export function useRemoveVariant(productId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async (variantId: number) =>
      unwrapAnswer(
        await api.delete<null>(paths.company(company, `products/${productId}/variants/${variantId}`)),
      ),
    onSuccess: async () => {
      void refresh();
      await queryClient.invalidateQueries({ queryKey: productsKeys.detail(company, productId) });
    },
  });
}

/** `POST products/{id}/archive` (true) or `/restore` (false). */
export function useSetProductArchived(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async (archive: boolean) =>
      unwrapAnswer(
        await api.post<ProductDetail>(
          paths.company(company, `products/${id}/${archive ? 'archive' : 'restore'}`),
        ),
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(productsKeys.detail(company, id), data);
      void refresh();
    },
  });
}

/** `DELETE products/{id}`: only when nothing refers to it (`delete_refused` null). */
export function useDeleteProduct(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: async () => unwrapAnswer(await api.delete<null>(paths.company(company, `products/${id}`))),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: productsKeys.detail(company, id) });
      void refresh();
    },
  });
}
