/** Data hooks of the Insights screen: the summary, the customer counts, the stat cards and the graphs. */
import type { CohortGrid, Graph, GraphId, GraphPeriod, StatCards } from '@rentloop/domain/graphs';
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

/** The headline figures (GET graphs/stat-cards). */
export function useStatCards() {
  const company = useCompanyId();
  return useQuery({
    queryKey: insightsKeys.detail(company, 'stat-cards'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<StatCards>(`/api/${company}/graphs/stat-cards`, { signal })),
  });
}

/** One graph for a period (GET graphs/{graphId}?period=), asked for once `enabled` (on screen). */
export function useGraph(id: GraphId, period: GraphPeriod, enabled = true) {
  const company = useCompanyId();
  return useQuery({
    enabled,
    queryKey: insightsKeys.detail(company, `graph:${id}:${period}`),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Graph>(`/api/${company}/graphs/${id}?period=${period}`, { signal })),
  });
}

/** The cohort grid (GET graphs/cohorts), asked for once `enabled` (on screen). */
export function useCohorts(enabled = true) {
  const company = useCompanyId();
  return useQuery({
    enabled,
    queryKey: insightsKeys.detail(company, 'cohorts'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<CohortGrid>(`/api/${company}/graphs/cohorts`, { signal })),
  });
}
