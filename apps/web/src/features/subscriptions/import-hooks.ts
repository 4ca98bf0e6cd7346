/**
 * The subscription CSV import's calls (spec 01 §7 `POST subscriptions/import`, form data): the preview,
 * the start, and the import polled while it runs.
 */
import type { SubscriptionImport, SubscriptionImportPreview } from '@rentloop/domain/subscription-import';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, paths, unwrap } from '../../api/client.ts';
import { useCompanyId } from '../companies/current-company.tsx';
import { subscriptionsKeys } from './hooks.ts';

const form = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

export const importIsActive = (i: SubscriptionImport | null | undefined) =>
  i?.status === 'queued' || i?.status === 'running';

/** `POST subscriptions/import/preview`: every row checked, nothing written. */
export function usePreviewImport() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (file: File) =>
      unwrap(
        await api.post<SubscriptionImportPreview>(
          paths.company(company, 'subscriptions/import/preview'),
          form(file),
        ),
      ),
  });
}

/** `POST subscriptions/import` with one Idempotency-Key per chosen file (a double click starts one). */
export function useStartImport() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async ({ file, key }: { file: File; key: string }) => {
      const result = await api.post<SubscriptionImport>(
        paths.company(company, 'subscriptions/import'),
        form(file),
        { headers: { 'Idempotency-Key': key } },
      );
      if (!result.success || !result.data) throw new ApiError(result);
      return result.data;
    },
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
