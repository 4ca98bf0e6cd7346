/**
 * A CSV import's calls, shared by the imports built on the subscription import's pattern (spec 01 §7
 * `POST subscriptions/import`, spec 02 §7 `POST product-tracking/import`, form data): the preview, the
 * start, and the import polled while it runs. `base` is the company path of the import
 * (`subscriptions/import`, `product-tracking/import`).
 */

import { MESSAGES } from '@rentloop/domain/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, fetchWithSession, paths, unwrap } from '../api/client.ts';
import { useCompanyId } from '../app/current-company.tsx';

/** What every import's preview answers (each adds its own sample and counts). */
export interface ImportPreviewBase {
  file_name: string | null;
  rows: number;
  valid: number;
  invalid: number;
  error_count: number;
  errors: { row: number; column: string | null; message: string }[];
}
/** What every import record holds (each adds what it created). */
export interface ImportBase {
  id: number;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  total_rows: number;
  processed_rows: number;
  error: string | null;
}

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

export const importIsActive = (i: ImportBase | null | undefined) =>
  i?.status === 'queued' || i?.status === 'running';

/** `POST <base>/preview`: every row checked, nothing written. */
export function usePreviewImport<P extends ImportPreviewBase>(base: string) {
  const company = useCompanyId();
  return useMutation({
    mutationFn: (file: File) => upload<P>(paths.company(company, `${base}/preview`), file),
  });
}

/** `POST <base>` with one Idempotency-Key per chosen file (a double click starts one). */
export function useStartImport<I extends ImportBase>(base: string) {
  const company = useCompanyId();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) =>
      upload<I>(paths.company(company, base), file, { 'Idempotency-Key': key }),
  });
}

/** `GET <base>/{id}`, every second while it is queued or running. */
export function useImport<I extends ImportBase>(
  base: string,
  queryKey: readonly unknown[],
  id: number | null,
) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...queryKey, 'import', company, id],
    queryFn: async ({ signal }) =>
      unwrap(await api.get<I>(paths.company(company, `${base}/${id}`), { signal })),
    enabled: id !== null,
    refetchInterval: (query) => (importIsActive(query.state.data) || !query.state.data ? 1000 : false),
  });
}
