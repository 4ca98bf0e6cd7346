/** Data hooks of the audit trail of the current company (STYLE.md #2). */
import type { HistoryLog } from '@rentloop/domain/history-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const historyLogsKeys = queryKeysFactory('history-logs');

const base = (company: number) => `/api/${company}/utils/history-logs`;

export function useHistoryLogs(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: historyLogsKeys.list(company, query),
    queryFn: async ({ signal }) => unwrapPage(await api.get<HistoryLog[]>(base(company), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useHistoryLog(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: historyLogsKeys.detail(company, id),
    queryFn: async ({ signal }) => unwrap(await api.get<HistoryLog>(`${base(company)}/${id}`, { signal })),
  });
}
