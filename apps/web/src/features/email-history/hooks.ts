/** Data hooks of the Email History (the outbox), on one query-key factory (STYLE.md #2). */
import type { EmailEntry } from '@rentloop/domain/email';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, paths, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const emailEntriesKeys = queryKeysFactory('email-entries');

/** How often a page that shows a queued mail asks again, so "queued" turns into "sent" on its own. */
export const QUEUED_POLL_MS = 2_000;

export function useEmailEntries(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: emailEntriesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<EmailEntry[]>(paths.company(company, 'email-entries'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
    refetchInterval: (q) => (q.state.data?.data.some((e) => e.status === 'queued') ? QUEUED_POLL_MS : false),
  });
}
