/** Data hooks of a customer's cumulated invoices (statements and collective periods; spec 01 §7). */
import type { CumulatedInvoice } from '@rentloop/domain/cumulated-invoices';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, failureMessage, fetchWithSession, paths, unwrapPage } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { filenameOf, saveFile } from '../../components/csv-download.ts';

export const cumulatedKeys = queryKeysFactory('cumulated-invoices');

/** `GET cumulated-invoices?customer_id=`: the customer's documents, newest period first. */
export function useCumulatedInvoices(customerId: number) {
  const company = useCompanyId();
  const query = { customer_id: customerId, per_page: 12 };
  return useQuery({
    queryKey: cumulatedKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<CumulatedInvoice[]>(paths.company(company, 'cumulated-invoices'), { query, signal }),
      ),
  });
}

/** `GET cumulative-invoices?id=` with `Accept: application/pdf`: the stored PDF, saved as its number. */
export function useDownloadCumulatedPdf() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (doc: CumulatedInvoice) => {
      const res = await fetchWithSession(paths.company(company, `cumulative-invoices?id=${doc.id}`), {
        headers: { Accept: 'application/pdf' },
      });
      if (!res.ok) throw new Error(await failureMessage(res));
      const filename = filenameOf(res.headers.get('content-disposition'), `${doc.number ?? doc.id}.pdf`);
      saveFile(await res.blob(), filename);
      return filename;
    },
  });
}
