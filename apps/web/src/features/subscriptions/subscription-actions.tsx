/**
 * The subscription page's actions that take input, each a hook returning its opener (`ActionDialog`,
 * docs/web.md "Action dialogs"): **End** asks for a reason (`POST subscriptions/{id}/end {reason}`).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useEndSubscription } from './hooks.ts';
import { subscriptionsIds } from './testids.ts';

const endSchema = z.object({ reason: z.string().trim().min(1, MESSAGES.required).max(500) });

export function useEndSubscriptionDialog() {
  const openEndSubscription = useActionDialog((id: number) => ({
    title: 'End subscription',
    intro: 'Nothing more is billed once it has ended.',
    schema: endSchema,
    defaults: { reason: '' },
    useAction: useEndSubscription,
    id,
    payload: ({ reason }: z.output<typeof endSchema>) => reason,
    confirmLabel: 'End subscription',
    color: 'error',
    saved: MESSAGES.subscriptionEnded,
    failed: MESSAGES.subscriptionEndFailed,
    maxWidth: 'xs',
    testIds: { dialog: subscriptionsIds.endDialog, confirm: subscriptionsIds.endConfirm },
    fields: (control) => (
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        autoFocus
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': subscriptionsIds.endReason } }}
      />
    ),
  }));
  return { openEndSubscription };
}
