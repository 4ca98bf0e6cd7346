import type { Company, companyCreateSchema, UserCompany } from '@rentloop/domain/companies';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { authKeys } from '../auth/hooks.ts';

export const companiesKeys = queryKeysFactory('companies');

/** Operator company switcher page size (spec 01 §9). */
export const COMPANY_PAGE_SIZE = 10;

export interface CompanyListParams {
  search: string;
  page: number;
  perPage?: number;
}

export async function fetchCompanies({ search, page, perPage = COMPANY_PAGE_SIZE }: CompanyListParams) {
  return unwrapPage(
    await api.get<Company[]>('/api/companies', { query: { search, per_page: perPage, page } }),
  );
}

export function useCompanies(params: CompanyListParams, enabled = true) {
  return useQuery({
    queryKey: companiesKeys.list(params),
    queryFn: () => fetchCompanies(params),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
    enabled,
  });
}

export function useCompany(id: number | null, enabled = true) {
  return useQuery({
    queryKey: companiesKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await api.get<Company>(`/api/companies/${id}`, { signal })),
    enabled: enabled && id !== null,
  });
}

// ---- operators' company administration ----

export type CompanyInput = z.output<typeof companyCreateSchema>;

/** The operators' company list (`/super/companies`): search and paging in the URL. */
export function useCompanyList(state: ListState) {
  const query = listQuery(state);
  return useQuery({
    queryKey: companiesKeys.list('admin', query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<UserCompany[]>('/api/companies', { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useCompanySettings(id: number) {
  return useQuery({
    queryKey: companiesKeys.detail(id, 'settings'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<Record<string, Record<string, unknown>>>(`/api/companies/${id}/settings/selective`, {
          signal,
        }),
      ),
  });
}

/** After any change to companies: every company list (the switchers too) and the user's companies. */
async function refreshCompanies(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companiesKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  ]);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompanyInput) => {
      const result = unwrapAnswer(await api.post<UserCompany>('/api/companies', input));
      return { company: result.data, message: result.message };
    },
    onSuccess: async ({ company }) => {
      queryClient.setQueryData(companiesKeys.detail(company.id), company);
      await refreshCompanies(queryClient);
    },
  });
}

export function useUpdateCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Partial<CompanyInput>) => {
      const result = unwrapAnswer(await api.put<UserCompany>(`/api/companies/${id}`, input));
      return { company: result.data, message: result.message };
    },
    onSuccess: async ({ company }) => {
      queryClient.setQueryData(companiesKeys.detail(id), company);
      await refreshCompanies(queryClient);
    },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = unwrapAnswer(await api.delete<null>(`/api/companies/${id}`));
      return { message: result.message };
    },
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: companiesKeys.detail(id) });
      await refreshCompanies(queryClient);
    },
  });
}
