/** Deleting a webhook after a confirmation: from the list and from its page (which then opens the list). */
import { MESSAGES } from '@rentloop/domain/messages';
import type { Webhook } from '@rentloop/domain/webhooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notify } from '../../utils/notify.ts';
import { useDeleteWebhook } from './hooks.ts';

export function useDeleteWebhookConfirm(onDeleted?: () => void) {
  const remove = useDeleteWebhook();
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const confirm = (
    <ConfirmDialog
      open={deleting !== null}
      title="Delete webhook"
      confirmLabel="Delete"
      busy={remove.isPending}
      onClose={() => setDeleting(null)}
      onConfirm={() => {
        if (!deleting) return;
        remove.mutate(deleting.id, {
          onSuccess: ({ message }) => {
            notify.success(message || MESSAGES.webhookDeleted);
            setDeleting(null);
            onDeleted?.();
          },
          onError: (error) => notify.error(error.message || MESSAGES.webhookDeleteFailed),
        });
      }}
    >
      Delete the webhook to {deleting?.url}? Its deliveries are deleted with it and nothing more is sent
      there.
    </ConfirmDialog>
  );
  return { askDelete: setDeleting, confirm };
}
