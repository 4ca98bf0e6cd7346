/** The columns of the order lists (orders, consumables, quotes). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { shownPaymentStatus } from '@rentloop/domain/order-payment';
import type { OrderListRow } from '@rentloop/domain/orders';
import type { Column } from '../../components/DataList.tsx';
import { formatAmount } from '../../components/money.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { formatDate } from '../../utils/dates.ts';

const number: Column<OrderListRow> = {
  id: 'number',
  label: 'Number',
  sortKey: 'number',
  render: (o) => (
    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {o.number ?? `Quote #${o.id}`}
    </Typography>
  ),
};

const customer: Column<OrderListRow> = {
  id: 'customer',
  label: 'Customer',
  render: (o) => (
    <Box>
      <Typography variant="body2">{o.customer_name}</Typography>
      <Typography variant="caption" color="text.secondary">
        <WrapText text={o.customer_email} />
      </Typography>
    </Box>
  ),
};

const tail: Column<OrderListRow>[] = [
  { id: 'items', label: 'Items', hideOnMobile: true, render: (o) => o.items_count },
  {
    id: 'total',
    label: 'Total',
    sortKey: 'total',
    align: 'right',
    render: (o) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatAmount(o.total, o.currency)}</Box>,
  },
  {
    id: 'created_at',
    label: 'Created',
    sortKey: 'created_at',
    hideOnMobile: true,
    render: (o) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(o.created_at)}</Box>,
  },
];

export const orderColumns: Column<OrderListRow>[] = [
  number,
  customer,
  { id: 'status', label: 'Status', sortKey: 'status', render: (o) => <StatusChip status={o.status} /> },
  {
    id: 'payment_status',
    label: 'Payment',
    hideOnMobile: true,
    // No chip for an order that owes nothing, and then no element: an empty one would be a row link
    // with no name (axe link-name).
    render: (o) => {
      const shown = shownPaymentStatus(o);
      return shown ? <StatusChip status={shown} /> : null;
    },
  },
  {
    id: 'tag',
    label: 'Tag',
    hideOnMobile: true,
    render: (o) =>
      o.tag ? (
        <Box>
          <StatusChip status={o.tag} />
          {o.tag_date && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {formatDate(o.tag_date)}
            </Typography>
          )}
        </Box>
      ) : null,
  },
  ...tail,
];

export const draftColumns: Column<OrderListRow>[] = [
  { ...number, sortKey: 'id', label: 'Quote', render: (o) => <strong>Quote #{o.id}</strong> },
  customer,
  ...tail,
];
