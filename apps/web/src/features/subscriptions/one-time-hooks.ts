/**
 * The mutations of one-time payments and buyouts (`POST one-time-payments`, `POST subscriptions/{id}/
 * process-buyout`): each carries an Idempotency-Key made when its dialog opens, so a repeated click or a
 * retried request charges once. A decline (200, status false) is a failure with the gateway's words; the
 * billing queries and the subscription are refreshed either way.
 */
import type { BuyoutResult, OneTimePaymentResult } from '@rentloop/domain/one-time-payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { answer, invalidateBilling } from '../invoices/hooks.ts';
import { subscriptionsKeys } from './hooks.ts';

export interface OneTimePaymentRequest {
  order_id: number;
  subscription_id?: number;
  amount?: string;
  products?: { product: string; amount: string; tax_percent: string; quantity: number }[];
  message?: string;
  idempotencyKey: string;
}

export interface BuyoutRequest {
  buyout_price: string;
  message?: string;
  idempotencyKey: string;
}

/** `POST one-time-payments` (the dialog's `id` is the order's). */
export function useChargeOneTimePayment() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: OneTimePaymentRequest) =>
      answer(
        await api.post<OneTimePaymentResult>(paths.company(company, 'one-time-payments'), body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSettled: () => {
      invalidateBilling(queryClient);
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}

/** `POST subscriptions/{id}/process-buyout`. */
export function useProcessBuyout(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: BuyoutRequest) =>
      answer(
        await api.post<BuyoutResult>(paths.company(company, `subscriptions/${id}/process-buyout`), body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSettled: () => {
      invalidateBilling(queryClient);
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}
