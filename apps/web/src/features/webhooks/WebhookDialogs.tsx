/**
 * `/admin/webhooks/create` and `/admin/webhooks/{id}/edit`: URL, event types (the API's list), description
 * and enabled. After a create the dialog shows the signing secret once, then opens the webhook's page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@rentloop/domain/messages';
import { WEBHOOK_EVENT_TYPES, type Webhook } from '@rentloop/domain/webhooks';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useSaveWebhook, useWebhook } from './hooks.ts';
import { SecretNotice } from './SecretNotice.tsx';
import { webhookFormIds, webhooksIds } from './testids.ts';
import {
  eventTypeLabel,
  toWebhookValues,
  type WebhookFormOutput,
  type WebhookFormValues,
  webhookFormSchema,
} from './webhook-form.ts';

const resolver = zodResolver(webhookFormSchema);

function EventTypesField({ control }: { control: Control<WebhookFormValues, unknown, WebhookFormOutput> }) {
  const { field, fieldState } = useController({ control, name: 'event_types' });
  const value = field.value ?? [];
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={WEBHOOK_EVENT_TYPES.filter((t) => !value.includes(t))}
      getOptionLabel={eventTypeLabel}
      value={value}
      onChange={(_event, next) => field.onChange(next)}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={eventTypeLabel(option)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Event types"
          required
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ?? 'What the endpoint hears; "All events" includes types added later.'
          }
          inputRef={field.ref}
          onBlur={field.onBlur}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': webhooksIds.field('event_types') },
          }}
        />
      )}
    />
  );
}

function WebhookForm({ webhook, onCreated }: { webhook?: Webhook; onCreated?: (w: Webhook) => void }) {
  const { close } = useRouteDialog();
  const form = useAppForm<WebhookFormValues, unknown, WebhookFormOutput>({
    resolver,
    defaultValues: toWebhookValues(webhook),
  });
  const submit = useSubmit(form, useSaveWebhook(webhook?.id ?? null), {
    saved: webhook ? MESSAGES.webhookUpdated : MESSAGES.webhookCreated,
    failed: webhook ? MESSAGES.webhookUpdateFailed : MESSAGES.webhookCreateFailed,
    onSaved: (result) => (webhook ? close() : onCreated?.(result.webhook)),
  });
  return (
    <DialogForm {...submit} saveLabel={webhook ? 'Save changes' : 'Create webhook'} testIds={webhookFormIds}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={form.control}
          name="url"
          label="Endpoint URL"
          required
          autoFocus
          placeholder="https://example.com/webhooks/rentloop"
          helperText="Where the deliveries are POSTed (https:// recommended)."
          slotProps={{ htmlInput: { 'data-testid': webhooksIds.field('url'), inputMode: 'url' } }}
        />
        <EventTypesField control={form.control} />
        <FormTextField
          control={form.control}
          name="description"
          label="Description"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': webhooksIds.field('description') } }}
        />
        <FormSwitchField
          control={form.control}
          name="enabled"
          label="Enabled"
          helperText="Off: events are not sent to it."
          testId={webhooksIds.field('enabled')}
        />
      </Stack>
    </DialogForm>
  );
}

/** Closes the dialog to the new webhook's page (its `closeTo` once created). */
function SecretDone() {
  const { close } = useRouteDialog();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button variant="contained" onClick={() => close()} data-testid={webhooksIds.secretDone}>
        Done
      </Button>
    </DialogActions>
  );
}

export function WebhookCreateDialog() {
  const { search } = useLocation();
  const [created, setCreated] = useState<Webhook | null>(null);
  return (
    <RouteDialog
      title={created ? 'Webhook created' : 'New webhook'}
      closeTo={created ? `/admin/webhooks/${created.id}` : `/admin/webhooks${search}`}
      maxWidth="sm"
      testId={webhooksIds.createDialog}
    >
      {created?.secret ? (
        <>
          <DialogContent dividers>
            <SecretNotice secret={created.secret} />
          </DialogContent>
          <SecretDone />
        </>
      ) : (
        <WebhookForm onCreated={setCreated} />
      )}
    </RouteDialog>
  );
}

export function WebhookEditDialog() {
  const id = Number(useParams().id);
  const webhook = useWebhook(id);
  return (
    <RouteDialog
      title="Edit webhook"
      closeTo={`/admin/webhooks/${id}`}
      maxWidth="sm"
      testId={webhooksIds.editDialog}
    >
      <DialogRecord query={webhook}>{(w) => <WebhookForm webhook={w} />}</DialogRecord>
    </RouteDialog>
  );
}
