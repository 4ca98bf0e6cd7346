/** The order's Cancel dialog (`POST orders/{id}/cancel`) and "Swap missing product" (`POST orders/swap`). */
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OrderDetail } from '@rentloop/domain/order-details';
import { type ReactNode, useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../utils/notify.ts';
import { useCancelOrder, useSwapItem } from './hooks.ts';
import { CANCEL_REASONS, SWAP_REASONS } from './order-format.ts';
import { ordersIds } from './testids.ts';

type Errors = Record<string, string>;
const errorsOf = (error: Error): Errors =>
  error instanceof ApiError && error.errors
    ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? '']))
    : {};

function ActionDialog(props: {
  title: string;
  testId: string;
  confirmLabel: string;
  confirmTestId: string;
  busy: boolean;
  disabled?: boolean;
  /** `error` for a destructive confirmation (cancelling an order). */
  color?: 'primary' | 'error';
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={() => !props.busy && props.onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy} data-testid={ordersIds.dialogCancel}>
          Back
        </Button>
        <Button
          variant="contained"
          color={props.color ?? 'primary'}
          onClick={props.onConfirm}
          disabled={props.busy || props.disabled}
          data-testid={props.confirmTestId}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CancelOrderDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [reason, setReason] = useState<string>('None');
  const [message, setMessage] = useState('');
  const [refunded, setRefunded] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const cancel = useCancelOrder(order.id);
  const confirm = () => {
    setErrors({});
    cancel.mutate(
      { reason, cancellation_message: message.trim() || undefined, refunded },
      {
        onSuccess: ({ message: text }) => {
          notify.success(text);
          onClose();
        },
        onError: (error) => {
          notify.error(error.message);
          setErrors(errorsOf(error));
        },
      },
    );
  };
  return (
    <ActionDialog
      title={`Cancel order ${order.number ?? order.id}`}
      testId={ordersIds.cancelDialog}
      confirmLabel="Cancel order"
      confirmTestId={ordersIds.cancelConfirm}
      color="error"
      busy={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        select
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(errors.reason)}
        helperText={errors.reason}
        slotProps={{ htmlInput: { 'data-testid': ordersIds.cancelReason } }}
      >
        {CANCEL_REASONS.map((r) => (
          <MenuItem key={r} value={r} data-value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        multiline
        minRows={2}
        error={Boolean(errors.cancellation_message)}
        helperText={errors.cancellation_message}
        slotProps={{ htmlInput: { 'data-testid': ordersIds.cancelMessage, maxLength: 2000 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={refunded}
            onChange={(e) => setRefunded(e.target.checked)}
            slotProps={{ input: { 'data-testid': ordersIds.cancelRefunded } as object }}
          />
        }
        label="Refunded"
      />
    </ActionDialog>
  );
}

export function SwapItemDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const rentals = order.items.filter((i) => i.kind === 'rental');
  const [item, setItem] = useState<string>(rentals[0] ? String(rentals[0].id) : '');
  const [reason, setReason] = useState<string>('None');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const swap = useSwapItem(order.id);
  const confirm = () => {
    setErrors({});
    swap.mutate(
      { missing_product: Number(item), reason, note },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onClose();
        },
        onError: (error) => {
          notify.error(error.message);
          setErrors(errorsOf(error));
        },
      },
    );
  };
  return (
    <ActionDialog
      title="Swap missing product"
      testId={ordersIds.swapDialog}
      confirmLabel="Swap"
      confirmTestId={ordersIds.swapConfirm}
      busy={swap.isPending}
      disabled={!item}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        select
        label="Missing product"
        value={item}
        onChange={(e) => setItem(e.target.value)}
        error={Boolean(errors.missing_product)}
        helperText={errors.missing_product ?? (rentals.length ? undefined : 'The order has no rented items.')}
        slotProps={{ htmlInput: { 'data-testid': ordersIds.swapItem } }}
      >
        {rentals.map((i) => (
          <MenuItem key={i.id} value={String(i.id)}>
            {i.product_name}
            {i.variant_name ? ` – ${i.variant_name}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(errors.reason)}
        helperText={errors.reason}
        slotProps={{ htmlInput: { 'data-testid': ordersIds.swapReason } }}
      >
        {SWAP_REASONS.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        error={Boolean(errors.note)}
        helperText={errors.note}
        slotProps={{ htmlInput: { 'data-testid': ordersIds.swapNote, maxLength: 2000 } }}
      />
    </ActionDialog>
  );
}
