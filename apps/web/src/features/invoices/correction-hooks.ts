/**
 * The corrections of an invoice (spec 01 §7 "Invoices"): `GET invoices/{id}/cancellation-html` (the
 * cancellation as it will be issued), `POST invoices/{id}/cancel {html, regenerate}` (with an
 * Idempotency-Key: a repeat after a lost answer finds the first cancellation) and `PUT invoices/{id}/edit`
 * (the replacement's buyer and lines, then issued).
 */
import type { InvoiceEditInput } from '@rentloop/domain/invoice-corrections';
import type { Invoice } from '@rentloop/domain/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { answer, invalidateBilling } from './hooks.ts';

/**
 * `GET invoices/{id}/cancellation-html`: fetched once per visit and never again behind the person's back
 * (outside `invoicesKeys`, so the cancellation's own invalidation does not ask for the preview of an
 * invoice that is now cancelled); not kept after the screen (a new day changes it).
 */
export function useCancellationHtml(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ['invoice-cancellation-html', company, id],
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ html: string }>(paths.company(company, `invoices/${id}/cancellation-html`), {
          signal,
        }),
      ),
    gcTime: 0,
    retry: false,
  });
}

/** `POST invoices/{id}/cancel`: the cancellation issued, and the replacement draft's id with `regenerate`. */
export function useCancelInvoice(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { html: string; regenerate: boolean; key: string }) =>
      answer(
        await api.post<{ cancellation: Invoice; replacement: number | null }>(
          paths.company(company, `invoices/${id}/cancel`),
          { html: input.html, regenerate: input.regenerate },
          { headers: { 'Idempotency-Key': input.key } },
        ),
      ),
    onSuccess: () => invalidateBilling(queryClient),
  });
}

/** `PUT invoices/{id}/edit`: the replacement written and issued. */
export function useEditReplacement(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InvoiceEditInput) =>
      answer(await api.put<Invoice>(paths.company(company, `invoices/${id}/edit`), input)),
    onSuccess: () => invalidateBilling(queryClient),
  });
}
