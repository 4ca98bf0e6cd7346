/**
 * A webhook's actions in the one action dialog: fire a record's current state (`POST webhooks/{id}/model/
 * {item_id}?object=`), and rotate the signing secret (the new one shown once as the dialog's outcome).
 */
import MenuItem from '@mui/material/MenuItem';
import { MESSAGES } from '@rentloop/domain/messages';
import { WEBHOOK_MODELS, type Webhook, type WebhookModel } from '@rentloop/domain/webhooks';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { humanize } from '../../utils/humanize.ts';
import { type SavedWebhook, useFireWebhook, useRotateWebhookSecret } from './hooks.ts';
import { SecretNotice } from './SecretNotice.tsx';
import { webhooksIds } from './testids.ts';

const MODEL_LABELS: Record<WebhookModel, string> = {
  customer: 'Customer',
  order: 'Order',
  subscription: 'Subscription',
  invoice: 'Invoice',
  transaction: 'Payment',
  recurring_payment: 'Recurring payment',
  product_tracking: 'Asset',
  voucher: 'Voucher',
};

const fireSchema = z.object({
  object: z.enum(WEBHOOK_MODELS),
  item_id: z.string().transform((v, ctx) => {
    const n = Number(v.trim());
    if (v.trim() === '' || !Number.isInteger(n) || n <= 0) {
      ctx.addIssue({
        code: 'custom',
        message: v.trim() === '' ? MESSAGES.required : 'A record ID, like 42.',
      });
      return z.NEVER;
    }
    return n;
  }),
});

const ids = {
  dialog: webhooksIds.actionDialog,
  confirm: webhooksIds.actionConfirm,
};

export function useWebhookActions() {
  const openFire = useActionDialog((webhook: Webhook) => ({
    title: 'Fire for a record',
    intro: `Sends the record's current state to ${webhook.url} now, as type <object>.current. A failed send is logged, not retried.`,
    schema: fireSchema,
    defaults: { object: 'order' as WebhookModel, item_id: '' },
    useAction: useFireWebhook,
    id: webhook.id,
    confirmLabel: 'Fire',
    saved: MESSAGES.webhookFired,
    failed: MESSAGES.webhookFireFailed,
    maxWidth: 'xs' as const,
    testIds: ids,
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="object"
          label="Record type"
          select
          slotProps={{ htmlInput: { 'data-testid': webhooksIds.field('object') } }}
        >
          {WEBHOOK_MODELS.map((m) => (
            <MenuItem key={m} value={m}>
              {MODEL_LABELS[m] ?? humanize(m)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="item_id"
          label="Record ID"
          required
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': webhooksIds.field('item_id'), inputMode: 'numeric' } }}
        />
      </>
    ),
  }));

  const openRotate = useActionDialog((webhook: Webhook) => ({
    title: 'Rotate signing secret',
    intro:
      'A new secret signs from now on; the current one keeps signing too (a second signature) for 24 hours, so your endpoint can switch without losing a delivery.',
    useAction: useRotateWebhookSecret,
    id: webhook.id,
    payload: () => ({ rotate_secret: true }),
    confirmLabel: 'Rotate secret',
    saved: MESSAGES.webhookUpdated,
    failed: MESSAGES.webhookUpdateFailed,
    testIds: { ...ids, done: webhooksIds.secretDone },
    outcome: (result: SavedWebhook) =>
      result.webhook.secret ? <SecretNotice secret={result.webhook.secret} /> : null,
  }));

  return { openFire, openRotate };
}
