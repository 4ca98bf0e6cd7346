/**
 * The loading dialog and the error dialog (spec 01 §2, beside the notifications' dialog): what a dialog
 * shows while its record is still being read, and when it cannot be read, "No data available" unless
 * given another message, with a Close button. A dialog that reads a record shows one of these in its
 * place (the notification dialog: a notification deleted meanwhile).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@rentloop/domain/messages';
import { type ReactNode, useId } from 'react';
import { statusDialogIds } from './testids.ts';

/** What the two dialogs pass on to MUI's Dialog (a test renders them in place: `disablePortal`). */
type Passed = Pick<DialogProps, 'disablePortal'>;

export function LoadingDialog({
  open = true,
  title = 'Loading',
  onClose,
  ...passed
}: { open?: boolean; title?: ReactNode; onClose: () => void } & Passed) {
  const titleId = useId();
  return (
    <Dialog
      {...passed}
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-busy="true"
      data-testid={statusDialogIds.loading}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid={statusDialogIds.close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ErrorDialog({
  open = true,
  title = MESSAGES.anErrorOccurred,
  message = MESSAGES.noDataAvailable,
  onClose,
  ...passed
}: { open?: boolean; title?: ReactNode; message?: ReactNode; onClose: () => void } & Passed) {
  const titleId = useId();
  return (
    <Dialog
      {...passed}
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid={statusDialogIds.error}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid={statusDialogIds.errorMessage}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid={statusDialogIds.close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
