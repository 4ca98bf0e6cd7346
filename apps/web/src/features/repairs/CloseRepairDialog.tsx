/**
 * Closing a repair: where the asset goes (back in stock, or broken), unless the answers remove it from
 * stock (an ACTION REMOVE_STOCK answered yes), which the dialog says instead; the total it records.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { REPAIR_TEXTS, type RepairDetail } from '@rentloop/domain/repairs';
import { useState } from 'react';
import { notify } from '../../utils/notify.ts';
import { useCloseRepair } from './hooks.ts';
import { repairsIds } from './testids.ts';

interface Props {
  repair: RepairDetail;
  total: string;
  open: boolean;
  onClose: () => void;
}

export function CloseRepairDialog({ repair, total, open, onClose }: Props) {
  const [status, setStatus] = useState<'in stock' | 'broken'>('in stock');
  const close = useCloseRepair(repair.id);
  const removes = repair.summary.removes_from_stock;
  const confirm = () =>
    close.mutate(
      { asset_status: status },
      {
        onSuccess: ({ message }) => {
          notify.success(message || REPAIR_TEXTS.closed);
          onClose();
        },
        onError: (e) => {
          notify.error(e.message || REPAIR_TEXTS.closeFailed);
          onClose();
        },
      },
    );
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid={repairsIds.closeDialog}>
      <DialogTitle>Close repair</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {repair.serial_number}: the repair's cost of {total} is recorded.
        </Typography>
        {removes ? (
          <Typography variant="body2" color="error">
            The answers remove the asset from stock: it is marked removed.
          </Typography>
        ) : (
          <RadioGroup value={status} onChange={(_, v) => setStatus(v as 'in stock' | 'broken')}>
            <FormControlLabel
              value="in stock"
              control={
                <Radio
                  slotProps={{ input: { 'data-testid': repairsIds.closeOutcome('in stock') } as object }}
                />
              }
              label="Back in stock, ready to rent"
            />
            <FormControlLabel
              value="broken"
              control={
                <Radio
                  slotProps={{ input: { 'data-testid': repairsIds.closeOutcome('broken') } as object }}
                />
              }
              label="Broken (not rentable)"
            />
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={repairsIds.closeCancel}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          loading={close.isPending}
          data-testid={repairsIds.closeConfirm}
        >
          Close repair
        </Button>
      </DialogActions>
    </Dialog>
  );
}
