/**
 * Asks before a destructive action. The confirm button shows progress while the action runs; the
 * dialog stays open on failure (the caller shows why) and closes on success. With `typeToConfirm`
 * the user must type that text first (deleting a company and all its data).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type ReactNode, useId, useState } from 'react';
import { confirmDialogIds } from './testids.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  typeToConfirm?: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const blocked = props.typeToConfirm !== undefined && typed.trim() !== props.typeToConfirm.trim();
  const close = () => {
    if (!props.busy) props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid={confirmDialogIds.dialog}
      slotProps={{ transition: { onExited: () => setTyped('') } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{props.children}</DialogContentText>
        {props.typeToConfirm !== undefined && (
          <TextField
            label={`Type “${props.typeToConfirm}” to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            fullWidth
            autoFocus
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { 'data-testid': confirmDialogIds.typed } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={props.busy} data-testid={confirmDialogIds.cancel}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={props.onConfirm}
          loading={props.busy}
          disabled={blocked}
          data-testid={confirmDialogIds.confirm}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
