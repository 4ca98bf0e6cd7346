/** Data hooks of subscriptions on one query-key factory (STYLE.md #2). */
import type { BulkAnswer } from '@rentloop/domain/order-details';
import type { ProductTracking as Asset } from '@rentloop/domain/product-tracking';
import type { SubscriptionEndInput } from '@rentloop/domain/subscription-end';
import type {
  Subscription,
  SubscriptionDetail,
  SubscriptionsBulkUpdate,
  SubscriptionUpdate,
} from '@rentloop/domain/subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const subscriptionsKeys = queryKeysFactory('subscriptions');

export interface SubscriptionActions {
  status: string;
  actions: { action: string; to: string }[];
}
export type { BuyoutOffer } from '@rentloop/domain/one-time-payments';
export interface ProductTracking {
  subscription_id: number;
  order_id: number;
  order_number: string | null;
  order_item_id: number | null;
  tracking_number: string | null;
  serial_number: string | null;
  status: string;
  /** The unit out to it now (or the last it had), from the assets. */
  asset: Pick<Asset, 'id' | 'serial_number' | 'status'> | null;
}

export function useSubscriptions(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: subscriptionsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Subscription[]>(paths.replica(company, 'subscriptions'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useSubscription(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: subscriptionsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<SubscriptionDetail>(paths.company(company, `subscriptions/${id}`), { signal })),
  });
}

/** The actions allowed now, the buyout offer, the product tracking or the timeline of one subscription. */
export function useSubscriptionPart<T>(
  id: number,
  part: 'actions' | 'buyout' | 'product-tracking' | 'timeline',
) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...subscriptionsKeys.detail(company, id), part],
    queryFn: async ({ signal }) =>
      unwrap(await api.get<T>(paths.company(company, `subscriptions/${id}/${part}`), { signal })),
  });
}

export interface Changed {
  subscription: Subscription;
  message: string;
}

function useRefresh() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return (subscription?: Subscription) => {
    if (subscription) {
      queryClient.setQueryData(subscriptionsKeys.detail(company, subscription.id), subscription);
      void queryClient.invalidateQueries({
        queryKey: subscriptionsKeys.detail(company, subscription.id),
        predicate: (query) => query.queryKey.length > 3,
      });
    }
    void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.lists() });
  };
}

/** `PUT subscriptions/{id}`: reactivate, auto-renew. */
export function useUpdateSubscription(id: number) {
  const company = useCompanyId();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: SubscriptionUpdate): Promise<Changed> => {
      const result = unwrapAnswer(
        await api.put<Subscription>(paths.company(company, `subscriptions/${id}`), body),
      );
      return { subscription: result.data, message: result.message };
    },
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** `POST subscriptions/{id}/end` with a reason code and text, now or at the end of the term. */
export function useEndSubscription(id: number) {
  const company = useCompanyId();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: SubscriptionEndInput): Promise<Changed> => {
      const result = unwrapAnswer(
        await api.post<Subscription>(paths.company(company, `subscriptions/${id}/end`), body),
      );
      return { subscription: result.data, message: result.message };
    },
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** `DELETE subscriptions/{id}/scheduled-end`: the end asked for at the end of the term, withdrawn. */
export function useWithdrawScheduledEnd(id: number) {
  const company = useCompanyId();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (): Promise<Changed> => {
      const result = unwrapAnswer(
        await api.delete<Subscription>(paths.company(company, `subscriptions/${id}/scheduled-end`)),
      );
      return { subscription: result.data, message: result.message };
    },
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** `PUT subscriptions`: one status for many; each succeeds or is refused alone. */
export function useBulkUpdateSubscriptions() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubscriptionsBulkUpdate) => {
      const result = unwrapAnswer(await api.put<BulkAnswer>(paths.company(company, 'subscriptions'), body));
      return { answer: result.data, message: result.message };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}
