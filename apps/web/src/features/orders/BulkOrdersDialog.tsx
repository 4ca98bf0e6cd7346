/**
 * "Change tag / status" for the selected orders: `PUT orders {ids, tag?, status?}`, then each order's
 * outcome (updated, or the server's refusal: a cancelled order cannot be fulfilled) in a small table.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { OrderStatus, OrderSubStatus } from '@rentloop/domain/enums';
import type { OrderListRow } from '@rentloop/domain/orders';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { notify } from '../../utils/notify.ts';
import { useBulkUpdateOrders } from './hooks.ts';
import { type BulkResultRow, bulkResultRows, ORDER_STATUS_OPTIONS, TAG_OPTIONS } from './order-format.ts';
import { ordersIds } from './testids.ts';

export function BulkOrdersDialog({
  rows,
  onClose,
}: {
  rows: OrderListRow[];
  /** `done`: the update ran (the selection is cleared). */
  onClose: (done: boolean) => void;
}) {
  const titleId = useId();
  const [tag, setTag] = useState('');
  const [status, setStatus] = useState('');
  const [results, setResults] = useState<BulkResultRow[] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const update = useBulkUpdateOrders();

  const save = () => {
    setFieldErrors({});
    update.mutate(
      {
        ids: rows.map((r) => r.id),
        ...(tag ? { tag: tag as OrderSubStatus } : {}),
        ...(status ? { status: status as OrderStatus } : {}),
      },
      {
        onSuccess: ({ data, message }) => {
          notify.success(message);
          setResults(bulkResultRows(data.results, new Map(rows.map((r) => [r.id, r.number]))));
        },
        onError: (error) => {
          notify.error(error.message);
          if (error instanceof ApiError && error.errors) {
            setFieldErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
          }
        },
      },
    );
  };

  const close = () => {
    if (!update.isPending) onClose(results !== null);
  };

  return (
    <Dialog
      open
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid={ordersIds.bulkDialog}
    >
      <DialogTitle id={titleId}>Change tag / status</DialogTitle>
      <DialogContent>
        {results ? (
          <Table size="small" data-testid={ordersIds.bulkResult} aria-label="Result per order">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((r) => (
                <TableRow key={r.id} data-testid={ordersIds.bulkResultRow(r.id)} data-ok={r.ok}>
                  <TableCell sx={{ fontWeight: 600 }}>{r.label}</TableCell>
                  <TableCell>
                    {r.ok ? (
                      <StatusChip status="updated" label="Updated" />
                    ) : (
                      <Alert severity="error" sx={{ py: 0 }}>
                        {r.message}
                      </Alert>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {rows.length === 1 ? '1 order selected.' : `${rows.length} orders selected.`} Leave a field
              empty to keep it as it is.
            </DialogContentText>
            <TextField
              select
              label="Tag"
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              error={Boolean(fieldErrors.tag)}
              helperText={fieldErrors.tag}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': ordersIds.bulkTag },
              }}
            >
              <MenuItem value="">Keep the tag</MenuItem>
              {TAG_OPTIONS.map((o) => (
                <MenuItem key={o.value} value={o.value} data-value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              error={Boolean(fieldErrors.status)}
              helperText={fieldErrors.status}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': ordersIds.bulkStatus },
              }}
            >
              <MenuItem value="">Keep the status</MenuItem>
              {ORDER_STATUS_OPTIONS.map((o) => (
                <MenuItem key={o.value} value={o.value} data-value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {results ? (
          <Button variant="contained" onClick={close} data-testid={ordersIds.dialogCancel}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={update.isPending} data-testid={ordersIds.dialogCancel}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={save}
              disabled={update.isPending || (!tag && !status)}
              data-testid={ordersIds.bulkSave}
            >
              Apply
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
