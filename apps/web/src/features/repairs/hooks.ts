/** Data hooks of repairs on one query-key factory (STYLE.md #2). */
import type { Repair, RepairAnswersInput, RepairCloseInput, RepairDetail } from '@rentloop/domain/repairs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { assetsKeys } from '../assets/hooks.ts';

export const repairsKeys = queryKeysFactory('repairs');

export function useRepairs(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: repairsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Repair[]>(paths.replica(company, 'repairs'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** An asset's repairs, newest first (its detail page's card). */
export function useAssetRepairs(assetId: number) {
  const company = useCompanyId();
  const query = { filters: JSON.stringify({ product_tracking_id: assetId }), per_page: 20 };
  return useQuery({
    queryKey: repairsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Repair[]>(paths.replica(company, 'repairs'), { query, signal })),
  });
}

export function useRepair(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: repairsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<RepairDetail>(paths.company(company, `repairs/${id}`), { signal })),
  });
}

function useRepairWrite<V>(id: number, path: string) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: V) =>
      unwrapAnswer(await api.post<RepairDetail>(paths.company(company, `repairs/${id}/${path}`), body)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(repairsKeys.detail(company, id), data);
      void queryClient.invalidateQueries({ queryKey: repairsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.detail(company, data.product_tracking_id) });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.lists() });
    },
  });
}

/** `POST repairs/{id}/answers`: one page's answers. */
export const useSaveRepairAnswers = (id: number) => useRepairWrite<RepairAnswersInput>(id, 'answers');
/** `POST repairs/{id}/close`. */
export const useCloseRepair = (id: number) => useRepairWrite<RepairCloseInput>(id, 'close');

/** `POST repairs`: a repair for an asset (sent to repair now when it is not). */
export function useCreateRepair() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { product_tracking_id: number; reason?: string | null }) =>
      unwrapAnswer(await api.post<RepairDetail>(paths.company(company, 'repairs'), body)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(repairsKeys.detail(company, data.id), data);
      void queryClient.invalidateQueries({ queryKey: repairsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.all });
    },
  });
}
