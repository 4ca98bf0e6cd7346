/** The list's bulk "Change status": `PUT subscriptions {ids, status, reason?}`, then each one's outcome. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SubscriptionStatus } from '@rentloop/domain/enums';
import { SUBSCRIPTION_STATUSES } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import type { BulkAnswer } from '@rentloop/domain/order-details';
import type { Subscription } from '@rentloop/domain/subscriptions';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { statusLabel } from '../../components/StatusChip.tsx';
import { notify } from '../../utils/notify.ts';
import { useBulkUpdateSubscriptions } from './hooks.ts';
import { subscriptionsIds } from './testids.ts';

export function BulkStatusDialog({
  selected,
  onClose,
}: {
  selected: Subscription[];
  onClose: (done: boolean) => void;
}) {
  const titleId = useId();
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const update = useBulkUpdateSubscriptions();
  const byId = new Map(selected.map((s) => [s.id, s]));

  const apply = () => {
    if (!status) return;
    setErrors(null);
    update.mutate(
      { ids: selected.map((s) => s.id), status, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: ({ answer: result, message }) => {
          setAnswer(result);
          if (result.updated > 0) notify.success(message || MESSAGES.subscriptionsUpdated);
          else notify.error(MESSAGES.subscriptionsUpdateFailed);
        },
        onError: (error) => {
          setErrors(error instanceof ApiError ? error.errors : null);
          notify.error(error.message || MESSAGES.subscriptionsUpdateFailed);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={() => onClose(answer !== null)}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid={subscriptionsIds.bulkDialog}
    >
      <DialogTitle id={titleId}>Change status of {selected.length} subscriptions</DialogTitle>
      <DialogContent>
        {answer ? (
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
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label="New status"
              value={status}
              onChange={(event) => setStatus(event.target.value as SubscriptionStatus)}
              error={Boolean(errors?.status)}
              helperText={errors?.status?.[0]}
              slotProps={{ htmlInput: { 'data-testid': subscriptionsIds.bulkStatusField } }}
            >
              {SUBSCRIPTION_STATUSES.map((s) => (
                <MenuItem key={s} value={s} data-testid={subscriptionsIds.statusOption(s)}>
                  {statusLabel(s)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={status === 'ended' ? 'Reason (required)' : 'Reason'}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              error={Boolean(errors?.reason)}
              helperText={errors?.reason?.[0]}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': subscriptionsIds.bulkReason } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(answer !== null)} data-testid={subscriptionsIds.bulkClose}>
          {answer ? 'Close' : 'Cancel'}
        </Button>
        {!answer && (
          <Button
            variant="contained"
            onClick={apply}
            disabled={!status || update.isPending}
            data-testid={subscriptionsIds.bulkApply}
          >
            Change status
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
