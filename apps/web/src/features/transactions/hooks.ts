/** Data hooks of payments (transactions on the wire) on one query-key factory (STYLE.md #2). */
import type { Transaction, TransactionDetail } from '@rentloop/domain/payments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { transactionsKeys } from '../invoices/hooks.ts';

export { transactionsKeys };

/** `GET transactions` (read replica). */
export function useTransactions(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: transactionsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Transaction[]>(paths.replica(company, 'transactions'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** An invoice's attempts, newest first: the same list filtered by `invoice_id`. */
export function useInvoiceTransactions(invoiceId: number) {
  const company = useCompanyId();
  const query = {
    page: 1,
    per_page: 100,
    sort: 'created_at',
    desc: true,
    filters: JSON.stringify({ invoice_id: invoiceId }),
  };
  return useQuery({
    queryKey: transactionsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Transaction[]>(paths.replica(company, 'transactions'), { query, signal })),
    gcTime: LIST_GC_TIME,
  });
}

/** `GET transactions/{id}`: with the provider's raw answer. */
export function useTransaction(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: transactionsKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<TransactionDetail>(paths.company(company, `transactions/${id}`), { signal })),
  });
}
