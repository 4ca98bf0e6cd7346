/**
 * "Change tag / status" for the selected orders: `PUT orders {ids, tag?, status?}`, then each order's
 * outcome (updated, or the server's refusal: a cancelled order cannot be fulfilled) in a small table.
 * Loaded when the action opens (`useBulkOrdersDialog`), not with the list.
 */
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { OrderStatus, OrderSubStatus } from '@rentloop/domain/enums';
import type { BulkAnswer } from '@rentloop/domain/order-details';
import type { OrderListRow, OrdersBulkUpdate } from '@rentloop/domain/orders';
import { z } from 'zod';
import type { ActionDialogSpec } from '../../components/ActionDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useBulkUpdateOrders } from './hooks.ts';
import { bulkResultRows, ORDER_STATUS_OPTIONS, TAG_OPTIONS } from './order-format.ts';
import { ordersIds } from './testids.ts';

const schema = z.object({ tag: z.string(), status: z.string() });
type Values = z.infer<typeof schema>;

export function bulkOrdersSpec(
  rows: OrderListRow[],
  onClosed: (saved: boolean) => void,
): ActionDialogSpec<Values, Values, OrdersBulkUpdate, { data: BulkAnswer; message: string }> {
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  return {
    title: 'Change tag / status',
    intro: `${rows.length === 1 ? '1 order selected.' : `${rows.length} orders selected.`} Leave a field empty to keep it as it is.`,
    schema,
    defaults: { tag: '', status: '' },
    useAction: useBulkUpdateOrders,
    payload: ({ tag, status }) => ({
      ids: rows.map((r) => r.id),
      ...(tag ? { tag: tag as OrderSubStatus } : {}),
      ...(status ? { status: status as OrderStatus } : {}),
    }),
    confirmLabel: 'Apply',
    confirmDisabled: (values) => !values.tag && !values.status,
    onClosed,
    testIds: {
      dialog: ordersIds.bulkDialog,
      confirm: ordersIds.bulkSave,
      cancel: ordersIds.dialogCancel,
      done: ordersIds.dialogCancel,
    },
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="tag"
          select
          label="Tag"
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
        </FormTextField>
        <FormTextField
          control={control}
          name="status"
          select
          label="Status"
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
        </FormTextField>
      </>
    ),
    outcome: ({ data }) => (
      <Table size="small" data-testid={ordersIds.bulkResult} aria-label="Result per order">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bulkResultRows(data.results, numbers).map((r) => (
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
    ),
  };
}
