/** Data hooks of orders and quotes on one query-key factory (STYLE.md #2). */

import type { CreditCheck } from '@rentloop/domain/credit-checks';
import type { OrderStatus } from '@rentloop/domain/enums';
import type { BulkAnswer, OrderDetail } from '@rentloop/domain/order-details';
import type {
  OrderAction,
  OrderCancel,
  OrderHistoryEntry,
  OrderItem,
  OrderListRow,
  OrdersBulkUpdate,
  OrderUpdate,
} from '@rentloop/domain/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { isStaleRecordError } from './order-availability.ts';

export const ordersKeys = queryKeysFactory('orders');
export const draftOrdersKeys = queryKeysFactory('draft-orders');
/** The Email History's keys (email-history/hooks.ts), here without the list's module: a sent mail's entry. */
const emailEntriesKeys = queryKeysFactory('email-entries');

export interface OrderActionsAnswer {
  status: OrderStatus;
  actions: { action: OrderAction; to: OrderStatus }[];
}

/** The orders list; `consumable` lists the consumable orders instead. */
export function useOrders(state: ListState, consumable = false) {
  const company = useCompanyId();
  const base = listQuery(state);
  const query = consumable
    ? { ...base, filters: JSON.stringify({ ...state.filters, consumable: true }) }
    : base;
  return useQuery({
    queryKey: ordersKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<OrderListRow[]>(paths.replica(company, 'orders'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useDraftOrders(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: draftOrdersKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<OrderListRow[]>(paths.replica(company, 'draft-orders'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useOrder(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ordersKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<OrderDetail>(paths.company(company, `orders/${id}`), { signal })),
  });
}

export function useDraftOrder(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: draftOrdersKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<OrderDetail>(paths.company(company, `draft-orders/${id}`), { signal })),
  });
}

export function useOrderActions(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...ordersKeys.detail(company, id), 'actions'],
    queryFn: async ({ signal }) =>
      unwrap(await api.get<OrderActionsAnswer>(paths.company(company, `orders/${id}/actions`), { signal })),
  });
}

export function useOrderHistory(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...ordersKeys.detail(company, id), 'history'],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<OrderHistoryEntry[]>(paths.company(company, 'order-history'), {
          query: { order_id: id },
          signal,
        }),
      ),
  });
}

/** After any change of one order: its record (from the answer when there is one), actions, history, lists. */
export function useOrderChanged(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return (order?: OrderDetail) => {
    if (order) queryClient.setQueryData(ordersKeys.detail(company, id), order);
    void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(company, id) });
    void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
  };
}

/**
 * After a 409 (the order changed meanwhile) or a 404 (it is gone), the page reads the order and its
 * allowed actions again, so what no longer applies disappears instead of failing a second time.
 */
export function refetchIfStale(error: Error, changed: () => void) {
  if (isStaleRecordError(error)) changed();
}

/** `PUT orders/{id}`: the tag and its date, the note, or the status (a transition). */
export function useUpdateOrder(id: number) {
  const company = useCompanyId();
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: async (input: OrderUpdate) =>
      unwrapAnswer(await api.put<OrderDetail>(paths.company(company, `orders/${id}`), input)),
    onSuccess: ({ data }) => changed(data),
    onError: (error) => refetchIfStale(error, changed),
  });
}

export function useCancelOrder(id: number) {
  const company = useCompanyId();
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: async (input: OrderCancel) =>
      unwrapAnswer(await api.post<OrderDetail>(paths.company(company, `orders/${id}/cancel`), input)),
    onSuccess: ({ data }) => changed(data),
    onError: (error) => refetchIfStale(error, changed),
  });
}

export function useCloneOrder(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(
        await api.post<OrderDetail>(paths.company(company, `orders/${id}/clone`), { original_order_id: id }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() }),
  });
}

/**
 * `POST /api/{company}/email/send-draft`: a quote mailed to its customer (always with `override=true`:
 * staff confirmed the recipient in the dialog). The API answers "Email sent." only when the SMTP server
 * took the mail; refused, unreachable or not configured is an error saying so (the mutation fails with
 * it). Either way Email History has a new entry. An order's confirmation is `useSendRecordMail`.
 */
export function useSendQuoteMail() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    // A quote finalised meanwhile (409), or deleted (404): read it again.
    onError: (error, id) => {
      if (isStaleRecordError(error))
        void queryClient.invalidateQueries({ queryKey: draftOrdersKeys.detail(company, id) });
    },
    // The customer's mails (their page's card) and Email History show the attempt, sent or not.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: emailEntriesKeys.all }),
    mutationFn: async (id: number) =>
      unwrapAnswer(
        await api.post<unknown>(`/api/${company}/email/send-draft`, { id }, { query: { override: 'true' } }),
      ),
  });
}

export function useSwapItem(id: number) {
  const company = useCompanyId();
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: async (input: { missing_product: number; reason?: string; note?: string }) =>
      unwrapAnswer(
        await api.post<OrderDetail>(paths.company(company, 'orders/swap'), { order: id, ...input }),
      ),
    onSuccess: ({ data }) => changed(data),
    onError: (error) => refetchIfStale(error, changed),
  });
}

export function useAddTrackingNumber(orderId: number) {
  const company = useCompanyId();
  const changed = useOrderChanged(orderId);
  return useMutation({
    mutationFn: async ({ itemId, tracking_number }: { itemId: number; tracking_number: string }) =>
      unwrapAnswer(
        await api.put<OrderItem>(paths.company(company, `order_items/${itemId}`), {
          action: 'add_tracking_number',
          tracking_number,
        }),
      ),
    onSuccess: () => changed(),
    onError: (error) => refetchIfStale(error, changed),
  });
}

/** `PUT orders`: one tag and/or status for many orders, one result per order. */
export function useBulkUpdateOrders() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrdersBulkUpdate) =>
      unwrapAnswer(await api.put<BulkAnswer>(paths.company(company, 'orders'), input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

export function useFinaliseDraft(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await api.post<OrderDetail>(paths.company(company, `orders/swap-draft/${id}`))),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(ordersKeys.detail(company, id), data);
      queryClient.removeQueries({ queryKey: draftOrdersKeys.detail(company, id) });
      void queryClient.invalidateQueries({ queryKey: draftOrdersKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
    // Finalised or deleted meanwhile: the page reads the quote again (and says it is gone).
    onError: (error) => {
      if (isStaleRecordError(error))
        void queryClient.invalidateQueries({ queryKey: draftOrdersKeys.detail(company, id) });
    },
  });
}

export function useDeleteDraft(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await api.delete<null>(paths.company(company, `draft-orders/${id}`))),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: draftOrdersKeys.detail(company, id) });
      void queryClient.invalidateQueries({ queryKey: draftOrdersKeys.lists() });
    },
  });
}

/**
 * The credit check of an order's customer (`GET order_customers/{id}/crif`): run on demand (it may ask
 * the provider, which bills per check), so a mutation; `refresh` asks again despite a recent check.
 */
export function useCreditCheck(orderId: number) {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (refresh: boolean) =>
      unwrapAnswer(
        await api.get<CreditCheck>(paths.company(company, `order_customers/${orderId}/crif`), {
          query: refresh ? { refresh: 'true' } : undefined,
        }),
      ),
  });
}
