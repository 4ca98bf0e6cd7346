/** Data hooks of the Event List (operators; spec 01 §7 "Operator tools"). */
import type { Event } from '@rentloop/domain/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const eventsKeys = queryKeysFactory('events');

export function useEvents(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: eventsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Event[]>(paths.replica(company, 'events'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
    // A log: every visit shows what happened up to now (a status changed a minute ago included).
    staleTime: 0,
  });
}

export function useEvent(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: eventsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Event>(paths.company(company, `events/${id}`), { signal })),
  });
}
