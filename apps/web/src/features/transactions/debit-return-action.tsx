/**
 * "Record returned debit" on a payment's page (`POST transactions/{id}/return-debit`), an `ActionDialog`:
 * the bank returned a direct debit the company collected itself (offline gateway), settled or still
 * awaiting its money, with a SEPA reason code from the statement. The select says which codes dunning
 * retries (soft) and which it does not (hard); the server's message is the toast. The mutation lives
 * here, not in hooks.ts, so the payments list (which imports hooks.ts) stays within its size budget.
 */
import MenuItem from '@mui/material/MenuItem';
import {
  DEBIT_RETURN_CODES,
  DEBIT_RETURN_REASONS,
  type DebitReturnReason,
} from '@rentloop/domain/debit-returns';
import { MESSAGES } from '@rentloop/domain/messages';
import type { TransactionDetail } from '@rentloop/domain/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { newKey } from '../customers/payment-method-hooks.ts';
import { answer, invalidateBilling } from '../invoices/hooks.ts';
import { transactionsIds } from './testids.ts';

interface DebitReturnRequest {
  reason: DebitReturnReason;
  message?: string;
  /** One per dialog: a double click records the return once. */
  idempotencyKey: string;
}

/**
 * `POST transactions/{id}/return-debit`: the bank returned an offline payment. Refreshes everything a
 * payment changes (the invoice is unpaid again, the recurring payment failed, the order maybe in dunning).
 */
function useReturnDebit(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: DebitReturnRequest) =>
      answer(
        await api.post<TransactionDetail>(paths.company(company, `transactions/${id}/return-debit`), body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: () => invalidateBilling(queryClient),
  });
}

/** Whether the payment can be recorded as returned (what the API accepts; it refuses the rest with 409). */
export const returnable = (t: Pick<TransactionDetail, 'kind' | 'gateway' | 'state'>) =>
  t.kind === 'charge' && t.gateway === 'offlinegateway' && (t.state === 'succeeded' || t.state === 'pending');

// The domain's rule with its message, written here: the domain's `payments` schemas would load its zod
// chunk on this page (as invoice-actions.tsx explains). The API checks with the domain's.
const schema = z.object({
  reason: z.enum(DEBIT_RETURN_CODES as [string, ...string[]], { message: MESSAGES.debitReturnReasonInvalid }),
  message: z.string().trim().max(2000),
});
type Values = z.input<typeof schema>;

const retried = { soft: 'dunning retries', hard: 'not retried' } as const;

export function useReturnDebitDialog() {
  const openReturnDebit = useActionDialog((t: TransactionDetail) => {
    const idempotencyKey = newKey();
    return {
      title: 'Record a returned direct debit',
      intro: `The bank gave ${formatAmount(t.amount, t.currency)} back to ${t.customer_name}. The invoice becomes unpaid again. A recurring payment goes into dunning as after a declined card: a soft reason is retried on the recurring payments schedule with the reminder mails, a hard one is not.`,
      schema,
      defaults: { reason: '', message: '' } as Values,
      useAction: useReturnDebit,
      id: t.id,
      payload: (v: z.output<typeof schema>): DebitReturnRequest => ({
        idempotencyKey,
        reason: v.reason as DebitReturnRequest['reason'],
        ...(v.message ? { message: v.message } : {}),
      }),
      confirmLabel: 'Record return',
      color: 'error' as const,
      confirmDisabled: (v: Values) => !v.reason,
      saved: MESSAGES.debitReturned,
      failed: MESSAGES.debitReturnFailed,
      maxWidth: 'sm' as const,
      testIds: { dialog: transactionsIds.returnDialog, confirm: transactionsIds.returnConfirm },
      fields: (control) => (
        <>
          <FormTextField
            control={control}
            name="reason"
            select
            label="Return reason"
            helperText="The SEPA reason code on the bank statement."
            slotProps={{ htmlInput: { 'data-testid': transactionsIds.returnReason } }}
          >
            {DEBIT_RETURN_CODES.map((code) => (
              <MenuItem key={code} value={code} data-value={code}>
                {code} · {DEBIT_RETURN_REASONS[code].text} ({retried[DEBIT_RETURN_REASONS[code].class]})
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="message"
            label="Note (optional)"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': transactionsIds.returnMessage, maxLength: 2000 } }}
          />
        </>
      ),
    };
  });
  return { openReturnDebit };
}
