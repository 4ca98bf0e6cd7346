/** Data hooks of availability settings (STYLE.md #2). */
import type {
  AvailabilitySetting,
  availabilitySettingInputSchema,
  availabilitySettingUpdateSchema,
} from '@rentloop/domain/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { availabilityKeys } from '../../api/catalog-keys.ts';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export function useAvailabilitySettings(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: availabilityKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<AvailabilitySetting[]>(paths.company(company, 'availability_settings'), {
          query,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useAvailabilitySetting(sku: string) {
  const company = useCompanyId();
  return useQuery({
    queryKey: availabilityKeys.detail(company, sku),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<AvailabilitySetting>(
          paths.company(company, `availability_settings/${encodeURIComponent(sku)}`),
          { signal },
        ),
      ),
  });
}

export type AvailabilityInput = z.input<typeof availabilitySettingInputSchema>;

export function useSaveAvailability(sku: string | null) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AvailabilityInput | z.input<typeof availabilitySettingUpdateSchema>) =>
      unwrapAnswer(
        await (sku === null
          ? api.post<AvailabilitySetting>(paths.company(company, 'availability_settings'), input)
          : api.put<AvailabilitySetting>(
              paths.company(company, `availability_settings/${encodeURIComponent(sku)}`),
              input,
            )),
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(availabilityKeys.detail(company, data.sku_name), data);
      return queryClient.invalidateQueries({ queryKey: availabilityKeys.lists() });
    },
  });
}

export function useDeleteAvailability() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrapAnswer(await api.delete<null>(paths.company(company, `availability_settings/${id}`))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
