/** Data hooks of recurring payments on one query-key factory (STYLE.md #2). */
import type { RecurringPaymentChargeResult } from '@rentloop/domain/recurring-payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { answer, invalidateBilling, recurringPaymentsKeys } from '../invoices/hooks.ts';
import type { RecurringPaymentRow } from './recurring-format.ts';

export { recurringPaymentsKeys };

/** `GET recurring-payments` (read replica). */
export function useRecurringPayments(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: recurringPaymentsKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<RecurringPaymentRow[]>(paths.replica(company, 'recurring-payments'), { query, signal }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** `POST recurring-payments/charge {ids}` (at most 10): a result per payment. */
export function useChargeRecurringPayments() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: number[] }) =>
      answer(
        await api.post<RecurringPaymentChargeResult[]>(
          paths.company(company, 'recurring-payments/charge'),
          input,
        ),
      ),
    onSuccess: () => invalidateBilling(queryClient),
  });
}
