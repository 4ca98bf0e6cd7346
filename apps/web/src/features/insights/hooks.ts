import { useQuery } from '@tanstack/react-query';
import { api, paths, unwrap } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../companies/current-company.tsx';

export const insightsKeys = queryKeysFactory('insights');

export interface CustomerInsights {
  total: number;
  new_this_month: number;
}

export function useCustomerInsights() {
  const company = useCompanyId();
  return useQuery({
    queryKey: insightsKeys.detail(company, 'customers'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<CustomerInsights>(paths.insights(company, 'customers'), { signal })),
  });
}
