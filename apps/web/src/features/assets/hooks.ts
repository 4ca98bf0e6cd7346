/** Data hooks of assets (product tracking) on one query-key factory (STYLE.md #2). */
import type { AssetInsights } from '@rentloop/domain/asset-pnl';
import type {
  AssetAction,
  AssetStatus,
  ProductTracking,
  ProductTrackingAction,
  ProductTrackingDetail,
  ProductTrackingInput,
} from '@rentloop/domain/product-tracking';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const assetsKeys = queryKeysFactory('product-tracking');

export interface AssetActions {
  status: AssetStatus;
  actions: { action: AssetAction; to: AssetStatus }[];
}

export function useAssets(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: assetsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<ProductTracking[]>(paths.replica(company, 'product-tracking'), { query, signal }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useAsset(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: assetsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<ProductTrackingDetail>(paths.company(company, `product-tracking/${id}`), { signal }),
      ),
  });
}

export function useAssetActions(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: assetsKeys.detail(company, id, 'actions'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<AssetActions>(paths.company(company, `product-tracking/${id}/actions`), { signal }),
      ),
  });
}

/** `GET insights/assets/{id}`: the asset's profit and loss (refetched after each of its actions). */
export function useAssetInsights(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: assetsKeys.detail(company, id, 'insights'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<AssetInsights>(paths.insights(company, `assets/${id}`), { signal })),
  });
}

export function useCreateAsset() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProductTrackingInput) =>
      unwrapAnswer(await api.post<ProductTrackingDetail>(paths.company(company, 'product-tracking'), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(assetsKeys.detail(company, data.id), data);
      void queryClient.invalidateQueries({ queryKey: assetsKeys.lists() });
    },
  });
}

/** `POST product-tracking/{id}/actions`: the asset as it is after the action. */
export function useRunAssetAction(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductTrackingAction) =>
      unwrapAnswer(
        await api.post<ProductTrackingDetail>(paths.company(company, `product-tracking/${id}/actions`), body),
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(assetsKeys.detail(company, id), data);
      void queryClient.invalidateQueries({ queryKey: assetsKeys.detail(company, id, 'actions') });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.detail(company, id, 'insights') });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.lists() });
    },
  });
}
