/**
 * Data hooks of the Cron Manager (operators): `/api/{company}/system/crons` (a list in the envelope of every
 * list) and `.../crons/jobs` (the scheduled jobs without a cron), read together as the screen's data.
 */
import type { Cron, CronInput, CronList, CronUpdate } from '@rentloop/domain/crons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

export const cronsKeys = queryKeysFactory('crons');

const cronsPath = (company: number, rest = '') => `/api/${company}/system/crons${rest}`;

export function useCrons() {
  const company = useCompanyId();
  return useQuery({
    queryKey: cronsKeys.list(company),
    queryFn: async ({ signal }): Promise<CronList> => {
      const [list, jobs] = await Promise.all([
        api.get<Cron[]>(cronsPath(company), { signal }),
        api.get<string[]>(cronsPath(company, '/jobs'), { signal }),
      ]);
      return { crons: unwrapPage(list).data, available_jobs: unwrap(jobs) };
    },
  });
}

export interface SavedCron {
  cron: Cron;
  message: string;
}

function useCronMutation<V>(call: (company: number, input: V) => ReturnType<typeof api.post<Cron>>) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: V): Promise<SavedCron> => {
      const result = unwrapAnswer(await call(company, input));
      return { cron: result.data, message: result.message };
    },
    // A failed run wrote its result too: the list is read again either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cronsKeys.all }),
  });
}

export const useCreateCron = () =>
  useCronMutation((company, input: CronInput) => api.post<Cron>(cronsPath(company), input));

export const useUpdateCron = (id: number) =>
  useCronMutation((company, input: CronUpdate) => api.put<Cron>(cronsPath(company, `/${id}`), input));

/** Enabling or disabling any cron of the list (the switch in its row). */
export const useSetCronEnabled = () =>
  useCronMutation((company, input: { id: number; enabled: boolean }) =>
    api.put<Cron>(cronsPath(company, `/${input.id}`), { enabled: input.enabled }),
  );

export const useRunCron = () =>
  useCronMutation((company, id: number) => api.post<Cron>(cronsPath(company, `/${id}/run`)));

export function useDeleteCron() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = unwrapAnswer(await api.delete<null>(cronsPath(company, `/${id}`)));
      return { message: result.message };
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cronsKeys.all }),
  });
}
