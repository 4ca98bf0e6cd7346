/**
 * An order's (or a quote's) items and totals. On a placed order each item takes a tracking number
 * ("Add tracking number": `PUT order_items/{id} {action: 'add_tracking_number', tracking_number}`).
 */
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderDetail } from '@rentloop/domain/order-details';
import type { OrderItem } from '@rentloop/domain/orders';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { humanize } from '../../utils/humanize.ts';
import { notify } from '../../utils/notify.ts';
import { AmountsGrid, type AmountsRow } from './AmountsGrid.tsx';
import { useAddTrackingNumber } from './hooks.ts';
import { formatOrderAmount, formatPercent, rentalTerms } from './order-format.ts';
import { ordersIds } from './testids.ts';

function TrackingDialog({
  orderId,
  item,
  onClose,
}: {
  orderId: number;
  item: OrderItem;
  onClose: () => void;
}) {
  const titleId = useId();
  const [value, setValue] = useState(item.tracking_number ?? '');
  const [error, setError] = useState('');
  const add = useAddTrackingNumber(orderId);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    add.mutate(
      { itemId: item.id, tracking_number: value },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onClose();
        },
        onError: (e) => {
          notify.error(e.message);
          setError((e instanceof ApiError && e.errors?.tracking_number?.[0]) || e.message);
        },
      },
    );
  };
  return (
    <Dialog
      open
      onClose={() => !add.isPending && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid={ordersIds.trackingDialog}
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Add tracking number</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {item.product_name}
            {item.variant_name ? ` – ${item.variant_name}` : ''}
          </Typography>
          <TextField
            label="Tracking number"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { 'data-testid': ordersIds.trackingInput, maxLength: 100 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending} data-testid={ordersIds.dialogCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={add.isPending}
            data-testid={ordersIds.trackingSave}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

export function OrderItemsCard({ order, tracking }: { order: OrderDetail; tracking: boolean }) {
  const [editing, setEditing] = useState<OrderItem | null>(null);
  const money = (v: string) => formatOrderAmount(v, order.currency);
  // Most orders have no voucher: a column of zeros only pushes Tracking out of the card.
  const discounted = order.items.some((item) => /[1-9]/.test(item.discount));
  return (
    <Card sx={{ gridColumn: { lg: 'span 2' } }}>
      <CardHeader title="Items" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <TableContainer>
        <Table size="small" aria-label="Order items">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell>SKU</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Tax %</TableCell>
              {discounted && <TableCell align="right">Discount</TableCell>}
              <TableCell align="right">Net</TableCell>
              <TableCell align="right">Tax</TableCell>
              <TableCell align="right">Gross</TableCell>
              {tracking && <TableCell>Tracking</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.items.map((item) => (
              <TableRow key={item.id} data-testid={ordersIds.item(item.id)}>
                <TableCell sx={{ minWidth: 160 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.product_name}
                  </Typography>
                  {item.variant_name && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {item.variant_name}
                    </Typography>
                  )}
                  {item.billing_interval && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {rentalTerms(item)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={nowrap}>{item.sku ?? '—'}</TableCell>
                <TableCell>{humanize(item.kind)}</TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell align="right" sx={nowrap}>
                  {money(item.unit_price)}
                </TableCell>
                <TableCell align="right">{formatPercent(item.tax_percent)}</TableCell>
                {discounted && (
                  <TableCell align="right" sx={nowrap}>
                    {money(item.discount)}
                  </TableCell>
                )}
                <TableCell align="right" sx={nowrap}>
                  {money(item.net)}
                </TableCell>
                <TableCell align="right" sx={nowrap}>
                  {money(item.tax)}
                </TableCell>
                <TableCell align="right" sx={nowrap}>
                  {money(item.gross)}
                </TableCell>
                {tracking && (
                  <TableCell sx={{ minWidth: 150 }}>
                    {item.tracking_number && (
                      <Typography variant="body2" data-testid={ordersIds.itemTracking(item.id)}>
                        {item.tracking_number}
                      </Typography>
                    )}
                    <Button
                      size="small"
                      startIcon={<LocalShipping />}
                      onClick={() => setEditing(item)}
                      data-testid={ordersIds.addTracking(item.id)}
                      sx={{ textAlign: 'left', lineHeight: 1.3 }}
                    >
                      {item.tracking_number ? 'Change' : 'Add tracking number'}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CardContent>
        <Totals order={order} />
      </CardContent>
      {editing && <TrackingDialog orderId={order.id} item={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** What the voucher took off, in the unit prices' basis: already in the amounts above. */
const discountNote = (order: OrderDetail) =>
  [
    /[1-9]/.test(order.discount) ? `${formatOrderAmount(order.discount, order.currency)} off the items` : '',
    /[1-9]/.test(order.shipping_discount)
      ? `${formatOrderAmount(order.shipping_discount, order.currency)} off shipping`
      : '',
  ]
    .filter(Boolean)
    .join(' and ');

function Totals({ order }: { order: OrderDetail }) {
  const shipping: AmountsRow = {
    key: 'shipping',
    label: `Shipping (${order.shipping_method_name})`,
    net: order.shipping_net,
    tax: order.shipping_tax,
    gross: order.shipping_gross,
  };
  const rows: AmountsRow[] = [
    { key: 'items', label: 'Items', net: order.items_net, tax: order.items_tax, gross: order.items_gross },
    ...(order.shipping_method_name === null ? [] : [shipping]),
    { key: 'total', label: 'Total', net: order.net, tax: order.tax, gross: order.total, total: true },
  ];
  const discount = discountNote(order);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
      <Box sx={{ maxWidth: '100%' }}>
        <AmountsGrid
          rows={rows}
          label="Order totals"
          format={(v) => formatOrderAmount(v, order.currency)}
          cellTestId={(row, column) => ordersIds.total(`${row}-${column}`)}
        />
      </Box>
      {discount && (
        <Typography variant="body2" color="text.secondary" data-testid={ordersIds.total('discount')}>
          Voucher {order.voucher_code}: {discount}, included above.
        </Typography>
      )}
    </Box>
  );
}
