/** "End" a subscription: a reason is required (`POST subscriptions/{id}/end {reason}`). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@rentloop/domain/messages';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../utils/notify.ts';
import { useEndSubscription } from './hooks.ts';
import { subscriptionsIds } from './testids.ts';

export function EndDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useEndSubscription(id);
  const submit = () => {
    if (!reason.trim()) {
      setError(MESSAGES.required);
      return;
    }
    end.mutate(reason.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.subscriptionEnded);
        onClose();
      },
      onError: (failure) => {
        setError(failure instanceof ApiError ? (failure.errors?.reason?.[0] ?? null) : null);
        notify.error(failure.message || MESSAGES.subscriptionEndFailed);
      },
    });
  };
  return (
    <Dialog
      open
      onClose={() => !end.isPending && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid={subscriptionsIds.endDialog}
    >
      <DialogTitle id={titleId}>End subscription</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Nothing more is billed once it has ended.</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          required
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': subscriptionsIds.endReason } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={end.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={submit}
          disabled={end.isPending}
          data-testid={subscriptionsIds.endConfirm}
        >
          End subscription
        </Button>
      </DialogActions>
    </Dialog>
  );
}
