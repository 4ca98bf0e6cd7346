/** The opener of the "Send email" dialog; the dialog itself loads when it first opens. */
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import type { SendEmailPrefill } from './send-email-action.tsx';

export function useSendEmailDialog() {
  const openSendEmail = useActionDialog((prefill: SendEmailPrefill) =>
    import('./send-email-action.tsx').then((m) => m.sendEmailSpec(prefill)),
  );
  return { openSendEmail };
}
