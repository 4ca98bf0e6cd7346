/**
 * Mailing a record's template mail to its customer from the record's screen: `POST
 * /api/{company}/email/send-subscription` (the subscription summary) or `send-transaction` (a payment's
 * receipt). The API answers "Email sent." only when the SMTP server took the mail; refused, unreachable,
 * not configured or an archived customer is an error saying so, shown as it is. Email History (and the
 * customer's mails card) is read again either way. (The order screen's confirmation and the quote's mail
 * go through orders/hooks.ts `useSendOrderMail`, which also reads the order again.)
 */
import type { EmailSendResult } from '@rentloop/domain/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapAnswer } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { notify } from '../../utils/notify.ts';
import { emailEntriesKeys } from './hooks.ts';

export type RecordMailRoute = 'send-subscription' | 'send-transaction';

export function useSendRecordMail(route: RecordMailRoute) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    onSettled: () => void queryClient.invalidateQueries({ queryKey: emailEntriesKeys.all }),
    mutationFn: async (id: number) =>
      unwrapAnswer(await api.post<EmailSendResult>(`/api/${company}/email/${route}`, { id })),
  });
  /** Sends record `id`'s mail and says what happened. */
  const send = (id: number) =>
    mutation.mutate(id, {
      onSuccess: ({ message }) => notify.success(message),
      onError: (error) => notify.error(error.message),
    });
  return { send, isPending: mutation.isPending };
}
