/** The customer page's support desk: the customer's figures (`GET insights/customers/{id}`). */
import type { CustomerInsights } from '@rentloop/domain/customers';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { customersKeys } from './hooks.ts';

export function useCustomerFigures(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...customersKeys.detail(company, id), 'figures'],
    queryFn: async ({ signal }) =>
      unwrap(await api.get<CustomerInsights>(`/api/${company}/insights/customers/${id}`, { signal })),
  });
}
