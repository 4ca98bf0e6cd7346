/**
 * Data hooks of a customer's stored payment methods (`GET/POST customers/{id}/payment-methods`,
 * `DELETE .../{methodId}`) on one query-key factory (STYLE.md #2). Adding one may charge the customer's
 * hard-declined invoices again (a job on the server), so invoices and payments are refreshed too.
 */
import type { PaymentMethod } from '@rentloop/domain/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

export const paymentMethodsKeys = queryKeysFactory('payment-methods');

const url = (customerId: number) => `customers/${customerId}/payment-methods`;

export function usePaymentMethods(customerId: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: paymentMethodsKeys.list(company, customerId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<PaymentMethod[]>(paths.company(company, url(customerId)), { signal })),
  });
}

export interface NewPaymentMethod {
  gateway: 'stripe' | 'mollie';
  customer_reference: string;
  method_reference: string;
  is_default: boolean;
  /** One key per dialog: a double click or a retry stores the method once. */
  idempotencyKey: string;
}

export function useAddPaymentMethod(customerId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: NewPaymentMethod) =>
      unwrapAnswer(
        await api.post<PaymentMethod>(paths.company(company, url(customerId)), body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
  });
}

/** The hook of one customer's removals; the method to remove is the mutation's input. */
export function useRemovePaymentMethod(customerId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (methodId: number) =>
      unwrapAnswer(await api.delete<null>(paths.company(company, `${url(customerId)}/${methodId}`))),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsKeys.lists() }),
  });
}

/** A fresh Idempotency-Key (a UUID where the browser has one). */
export function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
