/**
 * Mailing a record's template mail to its customer from the record's screen: `POST
 * /api/{company}/email/send-order` (the confirmation), `send-subscription` (the subscription summary)
 * or `send-transaction` (a payment's receipt). The API answers "Email sent." only when the SMTP server
 * took the mail; refused, unreachable or not configured is an error saying so, shown as it is. A mail
 * the customer's state holds back (archived, opted out of record mails: a 409 saying so) is offered to
 * be sent anyway (`override=true`) once staff confirm it. Email History (and the customer's mails card)
 * is read again either way.
 */
import type { EmailSendResult } from '@rentloop/domain/email';
import { MESSAGES } from '@rentloop/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrapAnswer } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { notify } from '../../utils/notify.ts';
import { emailEntriesKeys } from './hooks.ts';
import { sendEmailIds } from './testids.ts';

export type RecordMailRoute = 'send-order' | 'send-subscription' | 'send-transaction';

/** Why the customer's state held a mail back, by the 409's words; only these may be sent anyway. */
export const HELD_BACK_REASONS: Readonly<Record<string, string>> = {
  [MESSAGES.mailHeldArchived]: 'The customer is archived, so mails to them are held back.',
  [MESSAGES.mailHeldOptedOut]: 'The customer opted out of record mails.',
};

/** The reason a send failed because the customer's state held it back, or null for any other failure. */
export const heldBackReason = (error: Error): string | null =>
  error instanceof ApiError && error.status === 409 ? (HELD_BACK_REASONS[error.message] ?? null) : null;

/** The mutation of one route: `{ id }`, and `override` to send what the customer's state holds back. */
export function useRecordMailMutation(route: RecordMailRoute) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: () => void queryClient.invalidateQueries({ queryKey: emailEntriesKeys.all }),
    mutationFn: async ({ id, override }: { id: number; override?: boolean }) =>
      unwrapAnswer(
        await api.post<EmailSendResult>(
          `/api/${company}/email/${route}`,
          { id },
          override ? { query: { override: 'true' } } : undefined,
        ),
      ),
  });
}

/** The mutation of each route as a hook of its own (the dialog calls its `useAction` by name). */
const useOrderMail = () => useRecordMailMutation('send-order');
const useSubscriptionMail = () => useRecordMailMutation('send-subscription');
const useTransactionMail = () => useRecordMailMutation('send-transaction');
const MAIL_MUTATIONS = {
  'send-order': useOrderMail,
  'send-subscription': useSubscriptionMail,
  'send-transaction': useTransactionMail,
} as const;

/** "Send anyway?": the held-back mail of record `id` sent once more with `override=true`. */
export function useSendAnywayDialog(route: RecordMailRoute) {
  const openSendAnyway = useActionDialog((id: number, reason: string) => ({
    title: 'Send anyway?',
    intro: `${reason} Send this mail to them anyway?`,
    useAction: MAIL_MUTATIONS[route],
    payload: () => ({ id, override: true }),
    confirmLabel: 'Send anyway',
    saved: MESSAGES.emailSent,
    failed: MESSAGES.emailSendFailed,
    maxWidth: 'xs' as const,
    testIds: { dialog: sendEmailIds.anywayDialog, confirm: sendEmailIds.anywayConfirm },
  }));
  return { openSendAnyway };
}

/**
 * `onRefused` runs after any failure other than a held-back one, e.g. the order page reads its order
 * again after a 409 or 404 (cancelled or deleted meanwhile), so the button that no longer applies goes.
 */
export function useSendRecordMail(route: RecordMailRoute, opts: { onRefused?: (error: Error) => void } = {}) {
  const mutation = useRecordMailMutation(route);
  const { openSendAnyway } = useSendAnywayDialog(route);
  /** Sends record `id`'s mail and says what happened; held back, asks whether to send it anyway. */
  const send = (id: number) =>
    mutation.mutate(
      { id },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (error) => {
          const reason = heldBackReason(error);
          if (reason) return openSendAnyway(id, reason);
          notify.error(error.message);
          opts.onRefused?.(error);
        },
      },
    );
  return { send, isPending: mutation.isPending };
}
