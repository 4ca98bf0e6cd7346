/**
 * Data hooks of debt collection (spec 02 §7 "Debt collection") on one query-key factory (STYLE.md #2).
 * The paths are the spec's `/api/{company}/debtist/...`, without the product's data segment.
 */
import type {
  DebtClaim,
  DebtClaimDetail,
  DebtHandover,
  DebtSyncResult,
  DebtUser,
  DebtUserInput,
} from '@rentloop/domain/debt-collection';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const debtKeys = queryKeysFactory('debt-collection');
const userKey = (company: number | undefined) => [...debtKeys.all, company, 'user'];
const path = (company: number | undefined, rest: string) => `/api/${company}/debtist/${rest}`;

/** The API's 409 "not set up" (no agency configured): the screens say where to configure it. */
export const isNotConfigured = (error: unknown) => error instanceof ApiError && error.status === 409;

/** A 409 is an answer, not a failure to retry. */
const retry = (count: number, error: Error) => !isNotConfigured(error) && count < 2;

export function useDebtClaims(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: debtKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<DebtClaim[]>(path(company, 'claims'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
    retry,
  });
}

export function useDebtClaim(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: debtKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<DebtClaimDetail>(path(company, `claims/${id}`), { signal })),
    retry,
  });
}

export function useDebtUser() {
  const company = useCompanyId();
  return useQuery({
    queryKey: userKey(company),
    queryFn: async ({ signal }) => unwrap(await api.get<DebtUser | null>(path(company, 'user'), { signal })),
    retry,
  });
}

/** `POST debtist/claims/sync`: status, collected amounts and comments from the agency. */
export function useSyncClaims() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrapAnswer(await api.post<DebtSyncResult>(path(company, 'claims/sync'), {})),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: debtKeys.all });
      // A collected claim settles its invoice (and its order's payment).
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** `POST debtist/invoice/{id}/claim`: the invoice handed over (`id`: the invoice). */
export function useClaimInvoice(invoiceId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await api.post<DebtClaimDetail>(path(company, `invoice/${invoiceId}/claim`), {})),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: debtKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}

/** `POST debtist/claims/{id}/activity/comments {comment}`. */
export function useAddClaimComment(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { comment: string }) =>
      unwrapAnswer(await api.post<DebtClaimDetail>(path(company, `claims/${id}/activity/comments`), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(debtKeys.detail(company, id), data);
      void queryClient.invalidateQueries({ queryKey: debtKeys.lists() });
    },
  });
}

/** `POST debtist/users`: the company's login at the agency. */
export function useCreateDebtUser() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DebtUserInput) =>
      unwrapAnswer(await api.post<DebtUser>(path(company, 'users'), input)),
    onSuccess: ({ data }) => queryClient.setQueryData(userKey(company), data),
  });
}

/** `PUT debtist/users/enable` or `users/disable`. */
export function useSetDebtUserEnabled() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      unwrapAnswer(await api.put<DebtUser>(path(company, `users/${enabled ? 'enable' : 'disable'}`), {})),
    onSuccess: ({ data }) => queryClient.setQueryData(userKey(company), data),
  });
}

/**
 * The dunning's hand-over of an invoice (`GET debtist/invoice/{id}/handover`, decision 84): when it is to
 * be filed or why it was not; null for an invoice the dunning did not hand over. Only asked for an
 * invoice of a recurring payment (`enabled`), the only ones a dunning hands over.
 */
export function useInvoiceHandover(invoiceId: number, enabled: boolean) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...debtKeys.detail(company, invoiceId), 'handover'],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ handover: DebtHandover | null }>(path(company, `invoice/${invoiceId}/handover`), {
          signal,
        }),
      ).handover,
    enabled,
  });
}
