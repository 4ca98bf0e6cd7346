/** Data hooks of returns on one query-key factory (STYLE.md #2). */
import type {
  Return,
  ReturnAction,
  ReturnActionInput,
  ReturnInput,
  ReturnStatus,
} from '@rentloop/domain/returns';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { assetsKeys } from '../assets/hooks.ts';
import { subscriptionsKeys } from '../subscriptions/hooks.ts';

export const returnsKeys = queryKeysFactory('returns');

export interface ReturnActions {
  status: ReturnStatus;
  actions: { action: ReturnAction; to: ReturnStatus }[];
}

export function useReturns(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: returnsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Return[]>(paths.replica(company, 'returns'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** The returns of one asset (or subscription), newest first: the asset and subscription pages' cards. */
export function useReturnsOf(filter: { product_tracking_id?: number; subscription_id?: number }) {
  const company = useCompanyId();
  const query = { filters: JSON.stringify(filter), per_page: '20' };
  return useQuery({
    queryKey: returnsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Return[]>(paths.replica(company, 'returns'), { query, signal })),
  });
}

export function useReturn(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: returnsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Return>(paths.company(company, `returns/${id}`), { signal })),
  });
}

export function useReturnActions(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: returnsKeys.detail(company, id, 'actions'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<ReturnActions>(paths.company(company, `returns/${id}/actions`), { signal })),
  });
}

/** A step of a return; a close moves the asset (and maybe the subscription): those pages reload. */
export function useRunReturnAction(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReturnActionInput) =>
      unwrapAnswer(await api.post<Return>(paths.company(company, `returns/${id}/actions`), body)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(returnsKeys.detail(company, id), data);
      void queryClient.invalidateQueries({ queryKey: returnsKeys.detail(company, id, 'actions') });
      void queryClient.invalidateQueries({ queryKey: returnsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.all });
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}

export function useCreateReturn() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReturnInput) =>
      unwrapAnswer(await api.post<Return>(paths.company(company, 'returns'), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(returnsKeys.detail(company, data.id), data);
      void queryClient.invalidateQueries({ queryKey: returnsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.all });
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}
