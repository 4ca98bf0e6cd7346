/** Data hooks of webhooks and their deliveries on one query-key factory (STYLE.md #2). */
import type {
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookModel,
  WebhookUpdate,
} from '@rentloop/domain/webhooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const webhooksKeys = queryKeysFactory('webhooks');
/** The spec's `/api/{company}/{product}db/webhooks` (`paths.company` adds the `rentloopdb`). */
const base = 'webhooks';
const deliveriesKey = (company: number | undefined, id: number) => [
  ...webhooksKeys.detail(company, id),
  'deliveries',
];

export function useWebhooks(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: webhooksKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Webhook[]>(paths.company(company, base), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useWebhook(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: webhooksKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Webhook>(paths.company(company, `${base}/${id}`), { signal })),
  });
}

export interface SavedWebhook {
  webhook: Webhook;
  /** The server's message ("Webhook created."). */
  message: string;
}

/** `POST webhooks` (no id) or `PUT webhooks/{id}` (also the secret's rotation: `rotate_secret`). */
export function useSaveWebhook(id: number | null) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WebhookInput | WebhookUpdate): Promise<SavedWebhook> => {
      const result = unwrapAnswer(
        id === null
          ? await api.post<Webhook>(paths.company(company, base), input)
          : await api.put<Webhook>(paths.company(company, `${base}/${id}`), input),
      );
      return { webhook: result.data, message: result.message };
    },
    onSuccess: ({ webhook }) => {
      // The secret is shown once: never kept in the cache.
      const { secret: _secret, ...kept } = webhook;
      void _secret;
      queryClient.setQueryData(webhooksKeys.detail(company, webhook.id), (old: Webhook | undefined) => ({
        ...kept,
        last_delivery: old?.last_delivery ?? null,
      }));
      void queryClient.invalidateQueries({ queryKey: webhooksKeys.lists() });
    },
  });
}

/** The rotation as an action: `PUT webhooks/{id}` with `rotate_secret`. */
export const useRotateWebhookSecret = (id: number) => useSaveWebhook(id);

export function useDeleteWebhook() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = unwrapAnswer(await api.delete<null>(paths.company(company, `${base}/${id}`)));
      return { id, message: result.message };
    },
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: webhooksKeys.detail(company, id) });
      void queryClient.invalidateQueries({ queryKey: webhooksKeys.lists() });
    },
  });
}

export function useWebhookDeliveries(id: number, state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: [...deliveriesKey(company, id), query],
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<WebhookDelivery[]>(paths.company(company, `${base}/${id}/deliveries`), {
          query,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useWebhookDelivery(id: number, deliveryId: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...deliveriesKey(company, id), 'one', deliveryId],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<WebhookDelivery>(paths.company(company, `${base}/${id}/deliveries/${deliveryId}`), {
          signal,
        }),
      ),
  });
}

/** What a send by hand answers: the delivery with its attempt, and "Webhook fired.". */
export interface SentDelivery {
  delivery: WebhookDelivery;
  message: string;
}

function useSend<V>(id: number, path: (input: V) => string) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: V): Promise<SentDelivery> => {
      const result = unwrapAnswer(
        await api.post<WebhookDelivery>(paths.company(company, `${base}/${id}/${path(input)}`), {}),
      );
      return { delivery: result.data, message: result.message };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(company, id) });
      void queryClient.invalidateQueries({ queryKey: webhooksKeys.detail(company, id), exact: true });
      void queryClient.invalidateQueries({ queryKey: webhooksKeys.lists() });
    },
  });
}

/** "Send test event": `POST webhooks/{id}/test`. */
export const useSendTestEvent = (id: number) => useSend<void>(id, () => 'test');

/** `POST webhooks/{id}/model/{item_id}?object=`: a record's current state. */
export const useFireWebhook = (id: number) =>
  useSend<{ object: WebhookModel; item_id: number }>(
    id,
    (v) => `model/${v.item_id}?object=${encodeURIComponent(v.object)}`,
  );

/** `POST webhooks/{id}/deliveries/{delivery_id}/resend`. */
export const useResendDelivery = (id: number) =>
  useSend<number>(id, (deliveryId) => `deliveries/${deliveryId}/resend`);
