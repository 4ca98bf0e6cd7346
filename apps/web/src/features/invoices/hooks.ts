/**
 * Data hooks of invoices on one query-key factory (STYLE.md #2). A charge or a settlement changes the
 * invoice, its payments (transactions), its recurring payment and its order's payment status, so those
 * lists and records are invalidated too.
 */

import type { InvoiceSettlement } from '@rentloop/domain/enums';
import type { InvoiceZip } from '@rentloop/domain/invoice-zips';
import type { Invoice, InvoiceListRow, InvoiceQueryKey } from '@rentloop/domain/invoices';
import type { Transaction } from '@rentloop/domain/payments';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ApiError,
  type ApiResult,
  api,
  buildUrl,
  failureMessage,
  fetchWithSession,
  paths,
  unwrap,
  unwrapPage,
} from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { filenameOf, saveFile } from '../../components/csv-download.ts';
import { type ListState, listQuery } from '../../components/list-state.ts';
import { ordersKeys } from '../orders/hooks.ts';

export const invoicesKeys = queryKeysFactory('invoices');
/** Declared here (not in their features' hooks) so an invoice action can invalidate them without a cycle. */
export const transactionsKeys = queryKeysFactory('transactions');
export const recurringPaymentsKeys = queryKeysFactory('recurring-payments');

export interface InvoiceActionsAnswer {
  status: InvoiceSettlement;
  actions: {
    action: 'charge' | 'pay' | 'fail' | 'settle' | 'cancel' | 'edit' | 'debt_collection';
    to: InvoiceSettlement;
  }[];
}

/** An answer's data and the server's message, or the server's error thrown. */
export function answer<T>(result: ApiResult<T>): { data: T; message: string } {
  if (!result.success) throw new ApiError(result);
  return { data: result.data as T, message: result.message };
}

/** Everything a payment changes: invoices, payments, recurring payments, orders (payment status). */
export function invalidateBilling(queryClient: QueryClient) {
  for (const keys of [invoicesKeys, transactionsKeys, recurringPaymentsKeys, ordersKeys]) {
    void queryClient.invalidateQueries({ queryKey: keys.all });
  }
}

/** `GET paginated-invoices` (read replica). */
export function useInvoices(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: invoicesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<InvoiceListRow[]>(paths.replica(company, 'paginated-invoices'), { query, signal }),
      ),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useInvoice(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: invoicesKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Invoice>(paths.company(company, `invoices/${id}`), { signal })),
  });
}

/** `GET invoices/{id}/actions`: what the invoice's payment status allows now. */
export function useInvoiceActions(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: invoicesKeys.detail(company, id, 'actions'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<InvoiceActionsAnswer>(paths.company(company, `invoices/${id}/actions`), { signal }),
      ),
  });
}

/** `GET invoices?{key}={id}`: the invoices of an order, a subscription, a recurring payment or a payment. */
export function useInvoicesOf(key: InvoiceQueryKey, id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: invoicesKeys.list(company, key, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Invoice[]>(paths.company(company, 'invoices'), { query: { [key]: id }, signal })),
    gcTime: LIST_GC_TIME,
  });
}

/** `POST invoices/{id}/charge`. */
export function useChargeInvoice(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { message?: string }) =>
      answer(await api.post<Invoice>(paths.company(company, `invoices/${id}/charge`), input)),
    onSuccess: () => invalidateBilling(queryClient),
  });
}

/** `POST invoices/{id}/settle {transaction_id}`: the money arrived another way (a bank transfer). */
export function useSettleInvoice(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { transaction_id: string }) =>
      answer(await api.post<Invoice>(paths.company(company, `invoices/${id}/settle`), input)),
    onSuccess: () => invalidateBilling(queryClient),
  });
}

/**
 * `GET invoices/pdf?id=` (binary, named by content-disposition), saved as a file. Resolves with the
 * file name; rejects with the server's message when the answer is not the PDF.
 */
export function useDownloadInvoicePdf() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (invoice: Pick<Invoice, 'id' | 'number'>) => {
      const res = await fetchWithSession(
        buildUrl(paths.company(company, 'invoices/pdf'), { id: invoice.id }),
        { headers: { Accept: 'application/pdf' } },
      );
      if (!res.ok) throw new Error(await failureMessage(res));
      const filename = filenameOf(
        res.headers.get('content-disposition'),
        `${invoice.number ?? `invoice-${invoice.id}`}.pdf`,
      );
      saveFile(await res.blob(), filename);
      return filename;
    },
  });
}

/**
 * `POST invoices/zip {ids}`: the selected invoices' PDFs as one ZIP, made by a job and mailed to the
 * user as a link (spec 01 §7); answers 202 with "Preparing the download, you will receive an email shortly."
 */
export function useZipInvoices() {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (input: { ids: number[] }) =>
      answer(await api.post<InvoiceZip>(paths.company(company, 'invoices/zip'), input)),
  });
}

/**
 * `GET invoices/zip/{id}` of `company` (the mailed link names it), saved as a file. Resolves with the file
 * name; rejects with the server's message (still being prepared, expired, not found).
 */
export function useDownloadInvoicesZip(company: number) {
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await fetchWithSession(paths.company(company, `invoices/zip/${id}`), {
        headers: { Accept: 'application/zip' },
      });
      if (!res.ok) throw new Error(await failureMessage(res));
      const filename = filenameOf(res.headers.get('content-disposition'), `invoices-${id}.zip`);
      saveFile(await res.blob(), filename);
      return filename;
    },
  });
}

/** `POST /api/{company}/order/generate-offline-invoice {order_id}` (spec 01 §7: outside `rentloopdb`). */
export function useGenerateOfflineInvoice(orderId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      answer(
        await api.post<Invoice>(`/api/${company}/order/generate-offline-invoice`, { order_id: orderId }),
      ),
    onSuccess: () => invalidateBilling(queryClient),
  });
}

/**
 * `POST orders/{id}/charge {message}`: the order's first payment, only while its payment status is
 * `payment_required` (else the server's "Order does not require initial payment."). Here rather than in
 * the orders' hooks: it is a billing call (it issues an invoice and starts an attempt) and invalidates
 * billing's queries, which import the orders' keys.
 */
export function useChargeOrder(orderId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { message?: string }) =>
      answer(await api.post<unknown>(paths.company(company, `orders/${orderId}/charge`), input)),
    onSuccess: () => invalidateBilling(queryClient),
  });
}

/**
 * `POST invoices/{id}/refund` (spec 01 §7, the Refund payload): a refund invoice and a refund at the
 * gateway. One Idempotency-Key per dialog (`idempotencyKey`), so a double click refunds once.
 */
export function useRefundInvoice(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: RefundRequest) => {
      const result = await api.post<RefundAnswer>(paths.company(company, `invoices/${id}/refund`), body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      // A refusal at the gateway (200, status false) is a failure with the gateway's words; its failed
      // refund invoice is listed on the invoice's page (the queries are refreshed either way).
      return answer(result);
    },
    onSettled: () => invalidateBilling(queryClient),
  });
}

export interface RefundRequest {
  full_refund?: boolean;
  amount?: string;
  items?: { position: number; quantity: number }[];
  message?: string;
  idempotencyKey: string;
}
export interface RefundAnswer {
  refunds: { invoice: Invoice; transaction: Transaction }[];
}
