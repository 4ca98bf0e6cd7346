/**
 * The subscription CSV import's calls (spec 01 §7 `POST subscriptions/import`, form data): the preview,
 * the start, and the import polled while it runs.
 */

import { MESSAGES } from '@rentloop/domain/messages';
import type { SubscriptionImport, SubscriptionImportPreview } from '@rentloop/domain/subscription-import';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, fetchWithSession, paths, unwrap } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { subscriptionsKeys } from './hooks.ts';

/**
 * A file sent as multipart form data (`file`), the answer's envelope read as the API client reads one.
 * Through `fetchWithSession` (the session, one refresh on a 401): the JSON client stays JSON only, and
 * this code loads with the dialog, not with every screen.
 */
async function upload<T>(path: string, file: File, headers: Record<string, string> = {}): Promise<T> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetchWithSession(path, {
    method: 'POST',
    body,
    headers: { Accept: 'application/json', ...headers },
  });
  const json = (await res.json().catch(() => null)) as {
    data?: T;
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (!res.ok || json?.data === undefined)
    throw new ApiError({
      success: false,
      status: res.status,
      message: json?.message || MESSAGES.requestNotSuccessful,
      data: null,
      meta: null,
      errors: json?.errors ?? null,
      headers: res.headers,
    });
  return json.data;
}

export const importIsActive = (i: SubscriptionImport | null | undefined) =>
  i?.status === 'queued' || i?.status === 'running';

/** `POST subscriptions/import/preview`: every row checked, nothing written. */
export function usePreviewImport() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: (file: File) =>
      upload<SubscriptionImportPreview>(paths.company(company, 'subscriptions/import/preview'), file),
  });
}

/** `POST subscriptions/import` with one Idempotency-Key per chosen file (a double click starts one). */
export function useStartImport() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) =>
      upload<SubscriptionImport>(paths.company(company, 'subscriptions/import'), file, {
        'Idempotency-Key': key,
      }),
  });
}

/** `GET subscriptions/import/{id}`, every second while it is queued or running. */
export function useImport(id: number | null) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...subscriptionsKeys.all, 'import', company, id],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<SubscriptionImport>(paths.company(company, `subscriptions/import/${id}`), { signal }),
      ),
    enabled: id !== null,
    refetchInterval: (query) => (importIsActive(query.state.data) || !query.state.data ? 1000 : false),
  });
}
