/** Data hooks of customers on one query-key factory (STYLE.md #2). */
import type { Customer, CustomerDetail, CustomerInput, CustomerUpdate } from '@rentloop/domain/customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { insightsKeys } from '../insights/hooks.ts';

export const customersKeys = queryKeysFactory('customers');

export function useCustomers(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: customersKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Customer[]>(paths.replica(company, 'customers'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useCustomer(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: customersKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<CustomerDetail>(paths.company(company, `customers/${id}`), { signal })),
  });
}

export interface SavedCustomer {
  customer: Customer;
  /** The server's message ("Customer created.", "Updated customer details."). */
  message: string;
}

export function useCreateCustomer() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CustomerInput): Promise<SavedCustomer> => {
      const result = unwrapAnswer(await api.post<Customer>(paths.company(company, 'customers'), input));
      return { customer: result.data, message: result.message };
    },
    onSuccess: ({ customer }) => {
      // The saved record is in the cache: the confirmation does not wait for the lists to refetch.
      queryClient.setQueryData(customersKeys.detail(company, customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: insightsKeys.all });
    },
  });
}

export function useUpdateCustomer(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CustomerUpdate): Promise<SavedCustomer> => {
      const result = unwrapAnswer(await api.put<Customer>(paths.company(company, `customers/${id}`), input));
      return { customer: result.data, message: result.message };
    },
    onSuccess: ({ customer }) => {
      // The saved record is what the server answered: no need to read it again, nor to wait for lists.
      // An edit changes nothing that refers to the customer: the delete answer stays.
      queryClient.setQueryData<CustomerDetail>(customersKeys.detail(company, id), (old) => ({
        ...customer,
        delete_refused: old?.delete_refused ?? null,
      }));
      void queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
    },
  });
}

/** `POST customers/{id}/archive` (true) or `/restore` (false). */
export function useSetCustomerArchived(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (archive: boolean) => {
      const action = archive ? 'archive' : 'restore';
      const result = unwrapAnswer(
        await api.post<CustomerDetail>(paths.company(company, `customers/${id}/${action}`)),
      );
      return { customer: result.data, message: result.message };
    },
    onSuccess: ({ customer }) => {
      queryClient.setQueryData(customersKeys.detail(company, id), customer);
      void queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: insightsKeys.all });
    },
  });
}

/** `DELETE customers/{id}`: only when nothing refers to the customer (else a 409 with the reason). */
export function useDeleteCustomer(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = unwrapAnswer(await api.delete<null>(paths.company(company, `customers/${id}`)));
      return { message: result.message };
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: customersKeys.detail(company, id) });
      void queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: insightsKeys.all });
    },
  });
}
