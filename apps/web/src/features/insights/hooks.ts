/** Data hooks of the Insights screen (the spec's graphs are not built yet; this is what the data has). */
import type { InsightsSummary } from '@rentloop/domain/insights';
import { useQuery } from '@tanstack/react-query';
import { api, paths, unwrap } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

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

/** Customers by country and language, products by type, the catalog's value. */
export function useInsightsSummary() {
  const company = useCompanyId();
  return useQuery({
    queryKey: insightsKeys.detail(company, 'summary'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<InsightsSummary>(paths.insights(company, 'summary'), { signal })),
  });
}
