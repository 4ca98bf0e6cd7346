/** The question `UnsavedChangesProvider` asks before unsaved changes are lost. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { discardDialogIds } from './testids.ts';

export function DiscardDialog({ onStay, onDiscard }: { onStay: () => void; onDiscard: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onStay}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid={discardDialogIds.dialog}
    >
      <DialogTitle id={titleId}>Discard unsaved changes?</DialogTitle>
      <DialogContent>
        <DialogContentText>The changes you made in this form have not been saved.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* Keep editing is the safe choice, so it has the focus. */}
        <Button onClick={onStay} autoFocus variant="contained" data-testid={discardDialogIds.stay}>
          Keep editing
        </Button>
        <Button onClick={onDiscard} color="error" data-testid={discardDialogIds.discard}>
          Discard changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
