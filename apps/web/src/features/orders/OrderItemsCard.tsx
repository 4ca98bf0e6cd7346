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
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderDetail } from '@rentloop/domain/order-details';
import { Link as RouterLink } from 'react-router';
import { formatAmount } from '../../components/money.ts';
import { humanize } from '../../utils/humanize.ts';
import { AmountsGrid, type AmountsRow } from './AmountsGrid.tsx';
import { useTrackingNumberDialog } from './order-actions.tsx';
import { formatPercent, rentalTerms } from './order-format.ts';
import { ordersIds } from './testids.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** `tracking`: the column is shown; `trackingEditable` (default true): its button too (not on a cancelled order). */
export function OrderItemsCard({
  order,
  tracking,
  trackingEditable = true,
}: {
  order: OrderDetail;
  tracking: boolean;
  trackingEditable?: boolean;
}) {
  const { openTrackingNumber } = useTrackingNumberDialog(order.id);
  const money = (v: string) => formatAmount(v, order.currency);
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
                  <ItemUnits order={order} itemId={item.id} />
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
                    {trackingEditable && (
                      <Button
                        size="small"
                        startIcon={<LocalShipping />}
                        onClick={() => openTrackingNumber(item)}
                        data-testid={ordersIds.addTracking(item.id)}
                        sx={{ textAlign: 'left', lineHeight: 1.3 }}
                      >
                        {item.tracking_number ? 'Change' : 'Add tracking number'}
                      </Button>
                    )}
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
    </Card>
  );
}

/**
 * The units (assets) the item's subscriptions hold, by serial number, each a link to its asset page:
 * what the warehouse looks for when the customer calls about a rented unit.
 */
function ItemUnits({ order, itemId }: { order: OrderDetail; itemId: number }) {
  const units = order.subscriptions.flatMap(({ id, order_item_id, asset }) =>
    order_item_id === itemId && asset ? [{ id, asset }] : [],
  );
  if (!units.length) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      data-testid={ordersIds.itemUnits(itemId)}
    >
      {units.map(({ id, asset }, i) => (
        <span key={id}>
          {i > 0 && ', '}
          Serial{' '}
          <Link component={RouterLink} to={`/cms/assets/${asset.id}`}>
            {asset.serial_number}
          </Link>
          {asset.status !== 'rented out' && ` (${asset.status})`}
        </span>
      ))}
    </Typography>
  );
}

/** What the voucher took off, in the unit prices' basis: already in the amounts above. */
const discountNote = (order: OrderDetail) =>
  [
    /[1-9]/.test(order.discount) ? `${formatAmount(order.discount, order.currency)} off the items` : '',
    /[1-9]/.test(order.shipping_discount)
      ? `${formatAmount(order.shipping_discount, order.currency)} off shipping`
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
          format={(v) => formatAmount(v, order.currency)}
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
