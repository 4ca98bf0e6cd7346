/** Data hooks of data export (spec 01 §7; decision 66): the columns, the user's recent exports, a request, a download. */
import type {
  DataExport,
  DataExportCreated,
  DataExportKind,
  DataExportRequest,
} from '@rentloop/domain/data-export';
import { MESSAGES } from '@rentloop/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, failureMessage, fetchWithSession, unwrap, unwrapAnswer } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { filenameOf, saveFile } from '../../components/csv-download.ts';

export const dataExportKeys = queryKeysFactory('data-export');
const base = (company: number) => `/api/${company}/data-export`;

export function useExportColumns() {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...dataExportKeys.all, 'columns'],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ kind: DataExportKind; columns: string[] }[]>(`${base(company)}/columns`, { signal }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The user's recent exports; polled every 2 s while one is still being written. */
export function useRecentExports() {
  const company = useCompanyId();
  return useQuery({
    queryKey: dataExportKeys.list(company, {}),
    queryFn: async ({ signal }) => unwrap(await api.get<DataExport[]>(base(company), { signal })),
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.status === 'queued' || e.status === 'running') ? 2000 : false,
  });
}

/**
 * The tokens of the exports this browser asked for (the server keeps only their hashes): so the list's
 * Download button works here; elsewhere the notification's and the mail's link carry it.
 */
const TOKENS = 'rentloop.data-export-tokens';
export function knownTokens(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(TOKENS) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}
function rememberToken(id: number, token: string) {
  const tokens = knownTokens();
  tokens[String(id)] = token;
  // Only the last 20: older exports are gone after 7 days anyway.
  const kept = Object.entries(tokens)
    .sort(([a], [b]) => Number(b) - Number(a))
    .slice(0, 20);
  localStorage.setItem(TOKENS, JSON.stringify(Object.fromEntries(kept)));
}

export function useRequestExport() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DataExportRequest) =>
      unwrapAnswer(await api.post<DataExportCreated>(base(company), input)),
    onSuccess: ({ data }) => {
      rememberToken(data.id, data.token);
      return queryClient.invalidateQueries({ queryKey: dataExportKeys.all });
    },
  });
}

/** `GET data/{token}` with the session, handed to the browser's download; the server's refusal as it says it. */
export function useDownloadExport(company: number) {
  return useMutation({
    mutationFn: async (token: string) => {
      const res = await fetchWithSession(`/api/${company}/data/${encodeURIComponent(token)}`);
      if (!res.ok)
        throw new Error(res.status >= 500 ? MESSAGES.dataExportFetchFailed : await failureMessage(res));
      const filename = filenameOf(res.headers.get('content-disposition'), 'export');
      saveFile(await res.blob(), filename);
      return filename;
    },
  });
}
