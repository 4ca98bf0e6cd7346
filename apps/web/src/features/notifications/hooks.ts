/**
 * Data hooks of notifications: the company's menu (`/read-replica/{company}/rentloopdb/notifications`,
 * `/api/{company}/rentloopdb/notifications/{id}`), the push that reloads it, and the operators'
 * platform notifications (`/api/notifications`).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import {
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationInput,
} from '@rentloop/domain/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, paths, unwrap, unwrapAnswer } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { notify } from '../../utils/notify.ts';
import { listenForPushes } from './push.ts';

export const notificationsKeys = queryKeysFactory('notifications');
export const platformNotificationsKeys = queryKeysFactory('platform-notifications');

export interface NotificationPage {
  data: Notification[];
  from: number | null;
  to: number | null;
  total: number;
  lastPage: number;
  unread: number;
}

type Meta = { from: number | null; to: number | null; total: number; last_page: number; unread?: number };

function pageOf(result: Awaited<ReturnType<typeof api.get<Notification[]>>>): NotificationPage {
  const data = unwrap(result) ?? [];
  const meta = (result.meta ?? {}) as Partial<Meta>;
  return {
    data,
    from: meta.from ?? null,
    to: meta.to ?? null,
    total: meta.total ?? data.length,
    lastPage: meta.last_page ?? 1,
    unread: meta.unread ?? data.filter((n) => !n.is_read).length,
  };
}

export function useNotifications(company: number, page: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: notificationsKeys.list(company, { page, unreadOnly }),
    queryFn: async ({ signal }) =>
      pageOf(
        await api.get<Notification[]>(paths.replica(company, 'notifications'), {
          query: { page, per_page: NOTIFICATION_PAGE_SIZE, is_read: unreadOnly ? false : undefined },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Sets the signed-in user's read state; the lists are read again. */
export function useSetRead(company: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isRead }: { id: number; isRead: boolean }) => {
      const result = await api.put<Notification>(paths.company(company, `notifications/${id}`), {
        is_read: isRead,
      });
      return unwrap(result);
    },
    onSuccess: async (notification) => {
      // The dialog reads the notification again as it opens, while opening marks it read: a read still
      // on its way began before this change and would overwrite it with the unread copy. Cancelled first.
      const detail = notificationsKeys.detail(company, notification.id);
      await queryClient.cancelQueries({ queryKey: detail });
      queryClient.setQueryData(detail, notification);
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() });
    },
    // Read on opening or hovering as much as by the button: a failure is said, in the spec's words.
    onError: () => notify.error(MESSAGES.notificationUpdateFailed),
  });
}

/** One notification, loaded when its entry is hovered or opened. */
export function useNotification(company: number, id: number | null, initial?: Notification) {
  return useQuery({
    queryKey: notificationsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Notification>(paths.company(company, `notifications/${id}`), { signal })),
    enabled: id !== null,
    initialData: initial,
    // The dialog shows the list's copy at once and reads it again: deleted meanwhile, it says so.
    refetchOnMount: 'always',
  });
}

/**
 * Listens to the company's push channel while mounted: each event reloads the notification lists.
 * `live` says whether the stream is listening (the bell's data-live, which the browser tests wait for).
 */
export function useNotificationPush(company: number): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void listenForPushes(
      `/api/${company}/rentloopdb/notifications/stream`,
      {
        onReady: () => {
          setLive(true);
          // Anything that happened while the stream was away: the list is read again.
          void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
        },
        onNotification: () => {
          void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
          void queryClient.invalidateQueries({ queryKey: platformNotificationsKeys.all });
        },
      },
      controller.signal,
    );
    return () => {
      controller.abort();
      setLive(false);
    };
  }, [company, queryClient]);
  return live;
}

// ---- operators ----

export function usePlatformNotifications(page: number) {
  return useQuery({
    queryKey: platformNotificationsKeys.list({ page }),
    queryFn: async ({ signal }) =>
      pageOf(
        await api.get<Notification[]>('/api/notifications', {
          query: { page, per_page: NOTIFICATION_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePlatformNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationInput) => {
      const result = unwrapAnswer(await api.post<Notification>('/api/notifications', input));
      // Not the notification itself: its own `message` field would be read as the server's message.
      return { notification: result.data, message: result.message };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: platformNotificationsKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    },
  });
}

export function useDeletePlatformNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const _result = unwrapAnswer(await api.delete<null>(`/api/notifications/${id}`));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: platformNotificationsKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    },
  });
}
