/**
 * The list's bulk "Change status": `PUT subscriptions {ids, status, reason?}`, then each one's outcome.
 * Loaded when the action opens (`useBulkStatusDialog`), not with the list.
 */
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SubscriptionStatus } from '@rentloop/domain/enums';
import { SUBSCRIPTION_STATUSES } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import type { BulkAnswer } from '@rentloop/domain/order-details';
import type { Subscription, SubscriptionsBulkUpdate } from '@rentloop/domain/subscriptions';
import { type Control, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ActionDialogSpec } from '../../components/ActionDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { statusLabel } from '../../components/StatusChip.tsx';
import { notify } from '../../utils/notify.ts';
import { useBulkUpdateSubscriptions } from './hooks.ts';
import { subscriptionsIds } from './testids.ts';

const schema = z.object({ status: z.string(), reason: z.string().max(500) });
type Values = z.infer<typeof schema>;

/** The reason's label says when it is required (ending). */
function ReasonField({ control }: { control: Control<Values, unknown, Values> }) {
  const status = useWatch({ control, name: 'status' });
  return (
    <FormTextField
      control={control}
      name="reason"
      label={status === 'ended' ? 'Reason (required)' : 'Reason'}
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: 500, 'data-testid': subscriptionsIds.bulkReason } }}
    />
  );
}

export function bulkStatusSpec(
  selected: Subscription[],
  onClosed: (saved: boolean) => void,
): ActionDialogSpec<Values, Values, SubscriptionsBulkUpdate, { answer: BulkAnswer; message: string }> {
  const byId = new Map(selected.map((s) => [s.id, s]));
  return {
    title: `Change status of ${selected.length} subscriptions`,
    schema,
    defaults: { status: '', reason: '' },
    useAction: useBulkUpdateSubscriptions,
    payload: ({ status, reason }) => ({
      ids: selected.map((s) => s.id),
      status: status as SubscriptionStatus,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }),
    confirmLabel: 'Change status',
    confirmDisabled: (values) => !values.status,
    // The toast depends on the outcome: none updated is a failure even though the call succeeded.
    saved: false,
    failed: MESSAGES.subscriptionsUpdateFailed,
    onSaved: ({ answer, message }) => {
      if (answer.updated > 0) notify.success(message || MESSAGES.subscriptionsUpdated);
      else notify.error(MESSAGES.subscriptionsUpdateFailed);
    },
    doneLabel: 'Close',
    onClosed,
    testIds: {
      dialog: subscriptionsIds.bulkDialog,
      confirm: subscriptionsIds.bulkApply,
      cancel: subscriptionsIds.bulkClose,
      done: subscriptionsIds.bulkClose,
    },
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="status"
          select
          label="New status"
          slotProps={{ htmlInput: { 'data-testid': subscriptionsIds.bulkStatusField } }}
        >
          {SUBSCRIPTION_STATUSES.map((s) => (
            <MenuItem key={s} value={s} data-testid={subscriptionsIds.statusOption(s)}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </FormTextField>
        <ReasonField control={control} />
      </>
    ),
    outcome: ({ answer }) => (
      <>
        <Alert severity={answer.updated === answer.results.length ? 'success' : 'warning'} sx={{ mb: 1 }}>
          {answer.updated} of {answer.results.length} updated.
        </Alert>
        <List dense>
          {answer.results.map((result) => (
            <ListItem key={result.id} data-testid={subscriptionsIds.bulkResult(result.id)} disableGutters>
              <ListItemText
                primary={`${byId.get(result.id)?.number ?? `#${result.id}`} – ${byId.get(result.id)?.customer_name ?? ''}`}
                secondary={result.ok ? 'Updated' : (result.message ?? MESSAGES.subscriptionsUpdateFailed)}
                slotProps={{ secondary: { color: result.ok ? 'success.main' : 'error' } }}
              />
            </ListItem>
          ))}
        </List>
      </>
    ),
  };
}
