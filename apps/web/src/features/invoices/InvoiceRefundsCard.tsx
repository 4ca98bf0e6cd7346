/**
 * The documents that correct an invoice, on its page: its refund invoices (what went back so far; each
 * settled once the money went back, failed when the gateway refused), its cancellation and replacement.
 * Read from the order's invoices (`GET invoices?order_id=`), the ones whose `original_invoice` it is.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@rentloop/domain/invoices';
import { Link as RouterLink } from 'react-router';
import { formatAmount } from '../../components/money.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useInvoicesOf } from './hooks.ts';
import { invoiceTitle } from './invoice-format.ts';
import { invoicesIds } from './testids.ts';

const REFUND_TYPES = new Set<Invoice['type']>(['refund', 'partial_refund', 'full_refund']);

export function InvoiceRefundsCard({ invoice }: { invoice: Invoice }) {
  const ofOrder = useInvoicesOf('order_id', invoice.order_id ?? 0);
  const refunds = (ofOrder.data ?? []).filter((i) => i.original_invoice === invoice.id);
  if (invoice.order_id === null || refunds.length === 0) return null;
  const onlyRefunds = refunds.every((r) => REFUND_TYPES.has(r.type));
  return (
    <Card data-testid={invoicesIds.refunds}>
      <CardHeader
        title={onlyRefunds ? 'Refunds' : 'Corrections and refunds'}
        subheader={`${formatAmount(invoice.refunded_amount, invoice.currency)} refunded of ${formatAmount(invoice.gross, invoice.currency)}`}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack divider={<Divider flexItem />} spacing={1}>
          {refunds.map((r) => (
            <Box
              key={r.id}
              data-testid={invoicesIds.refund(r.id)}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
            >
              <Link component={RouterLink} to={`/cms/invoices/${r.id}`} sx={{ fontWeight: 600 }}>
                {invoiceTitle(r)}
              </Link>
              <StatusChip status={r.payment_status} />
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatAmount(r.gross, r.currency)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
