/**
 * The order page's confirmation mail (`POST email/send-order`) through the one record-mail hook: held back
 * by the customer's state it offers "Send anyway?"; after a 409/404 the order is read again. A file of
 * its own so the lists that import `hooks.ts` do not load the mail dialogs.
 */
import { useSendRecordMail } from '../email-history/use-send-record-mail.ts';
import { refetchIfStale, useOrderChanged } from './hooks.ts';

export function useSendOrderConfirmation(id: number) {
  const changed = useOrderChanged(id);
  return useSendRecordMail('send-order', { onRefused: (error) => refetchIfStale(error, changed) });
}
