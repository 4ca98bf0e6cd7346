/**
 * Data hooks of bundles, collections, tax, availability settings and the shop connection
 * (STYLE.md #2): each on its own key factory (keys.ts); a write invalidates its lists and record.
 */
import type {
  AvailabilitySetting,
  availabilitySettingInputSchema,
  availabilitySettingUpdateSchema,
  Bundle,
  bundleInputSchema,
  bundleUpdateSchema,
  Collection,
  collectionInputSchema,
  Product,
  TaxConfig,
  TaxRule,
  taxConfigUpdateSchema,
  taxImportResultSchema,
  taxRuleInputSchema,
  taxRuleUpdateSchema,
} from '@rentloop/domain/catalog';
import type { ShopSettings, ShopSettingsInput } from '@rentloop/domain/companies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, type ApiResult, api, paths, unwrap, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { authKeys } from '../auth/hooks.ts';
import { useCompanyId } from '../companies/current-company.tsx';
import { send } from './hooks.ts';
import {
  availabilityKeys,
  bundlesKeys,
  collectionsKeys,
  productsKeys,
  shopSettingsKeys,
  taxConfigKeys,
  taxRulesKeys,
} from './keys.ts';

const NOT_FOUND: ApiResult<null> = {
  success: false,
  status: 404,
  message: '',
  data: null,
  meta: null,
  errors: null,
  headers: null,
};

// ---- bundles ----

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
    mutationFn: (input: BundleInput) => send(api.post<Bundle>(paths.company(company, 'bundles'), input)),
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
    mutationFn: (input: BundleUpdate) =>
      send(api.put<Bundle>(paths.company(company, `bundles/${id}`), input)),
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
    mutationFn: () => send(api.delete<null>(paths.company(company, `bundles/${id}`))),
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
    mutationFn: (variants: BundleVariantChange[]) =>
      send(api.post<Bundle>(paths.company(company, `bundles/${id}/variants/${action}`), { variants })),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(bundlesKeys.detail(company, id), data);
      void refresh();
    },
  });
}

// ---- collections ----

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
        if (page >= result.meta.last_page)
          throw new ApiError({ ...NOT_FOUND, message: 'This collection does not exist.' });
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
    mutationFn: (input: CollectionInput) =>
      send(
        id === null
          ? api.post<Collection>(paths.company(company, 'product-collections'), input)
          : api.put<Collection>(paths.company(company, `product-collections/${id}`), input),
      ),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCollection(id: number) {
  const company = useCompanyId();
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: () => send(api.delete<null>(paths.company(company, `product-collections/${id}`))),
    onSuccess: () => refresh(),
  });
}

// ---- tax ----

export function useTaxConfig() {
  const company = useCompanyId();
  return useQuery({
    queryKey: taxConfigKeys.detail(company),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<TaxConfig>(paths.company(company, 'tax-configs'), { signal })),
  });
}

export function useUpdateTaxConfig() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof taxConfigUpdateSchema>) =>
      send(api.put<TaxConfig>(paths.company(company, 'tax-configs'), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(taxConfigKeys.detail(company), data);
    },
  });
}

export function useTaxRules(page: number, country: string | null) {
  const company = useCompanyId();
  const query = { page, per_page: 25, country: country ?? undefined };
  return useQuery({
    queryKey: taxRulesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<TaxRule[]>(paths.company(company, 'tax-rules'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** How many rules of a class a product's page lists (the rest are on the Tax page). */
export const PRODUCT_TAX_RULES_SHOWN = 8;

/** The first rules of a tax class, with their total (`GET tax-rules?product_class=`), for a product's page. */
export function useTaxRulesOfClass(productClass: TaxRule['product_class']) {
  const company = useCompanyId();
  const query = { page: 1, per_page: PRODUCT_TAX_RULES_SHOWN, product_class: productClass };
  return useQuery({
    queryKey: taxRulesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<TaxRule[]>(paths.company(company, 'tax-rules'), { query, signal })),
  });
}

/** One tax rule. The API has no `GET tax-rules/{id}`: it is looked up in the list, 100 a page. */
export function useTaxRule(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: taxRulesKeys.detail(company, id),
    queryFn: async ({ signal }) => {
      for (let page = 1; ; page++) {
        const result = unwrapPage(
          await api.get<TaxRule[]>(paths.company(company, 'tax-rules'), {
            query: { page, per_page: 100 },
            signal,
          }),
        );
        const found = result.data.find((r) => r.id === id);
        if (found) return found;
        if (page >= result.meta.last_page)
          throw new ApiError({ ...NOT_FOUND, message: 'This tax rule does not exist.' });
      }
    },
    staleTime: 0,
  });
}

export type TaxRuleInput = z.input<typeof taxRuleInputSchema>;

export function useSaveTaxRule(id: number | null) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxRuleInput | z.input<typeof taxRuleUpdateSchema>) =>
      send(
        id === null
          ? api.post<TaxRule>(paths.company(company, 'tax-rules'), input)
          : api.put<TaxRule>(paths.company(company, `tax-rules/${id}`), input),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRulesKeys.all }),
  });
}

export function useDeleteTaxRule() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => send(api.delete<null>(paths.company(company, `tax-rules/${id}`))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRulesKeys.all }),
  });
}

/** `POST tax-rules/refresh`: replaces the rules imported from the shop with its current rates. */
export function useRefreshTaxRules() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      send(api.post<z.infer<typeof taxImportResultSchema>>(paths.company(company, 'tax-rules/refresh'))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRulesKeys.all }),
  });
}

// ---- availability settings ----

export function useAvailabilitySettings(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: availabilityKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<AvailabilitySetting[]>(paths.company(company, 'availability_settings'), {
          query,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useAvailabilitySetting(sku: string) {
  const company = useCompanyId();
  return useQuery({
    queryKey: availabilityKeys.detail(company, sku),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<AvailabilitySetting>(
          paths.company(company, `availability_settings/${encodeURIComponent(sku)}`),
          { signal },
        ),
      ),
  });
}

export type AvailabilityInput = z.input<typeof availabilitySettingInputSchema>;

export function useSaveAvailability(sku: string | null) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilityInput | z.input<typeof availabilitySettingUpdateSchema>) =>
      send(
        sku === null
          ? api.post<AvailabilitySetting>(paths.company(company, 'availability_settings'), input)
          : api.put<AvailabilitySetting>(
              paths.company(company, `availability_settings/${encodeURIComponent(sku)}`),
              input,
            ),
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(availabilityKeys.detail(company, data.sku_name), data);
      return queryClient.invalidateQueries({ queryKey: availabilityKeys.lists() });
    },
  });
}

export function useDeleteAvailability() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => send(api.delete<null>(paths.company(company, `availability_settings/${id}`))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

// ---- shop connection ----

const shopSettingsPath = (company: number) => `/api/companies/${company}/settings/shop_system`;

/** The connected shop (admins only: staff do not see the connection). */
export function useShopSettings(enabled = true) {
  const company = useCompanyId();
  return useQuery({
    queryKey: shopSettingsKeys.detail(company),
    queryFn: async ({ signal }) => unwrap(await api.get<ShopSettings>(shopSettingsPath(company), { signal })),
    enabled,
  });
}

export function useSaveShopSettings() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopSettingsInput) => send(api.put<ShopSettings>(shopSettingsPath(company), input)),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(shopSettingsKeys.detail(company), data);
      // The company's shop_system is on the signed-in user's companies too.
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
