/**
 * The order page's billing: "Charge" while the order's payment status is `payment_required`
 * (`POST orders/{id}/charge {message}`), "Generate offline invoice"
 * (`POST /api/{company}/order/generate-offline-invoice {order_id}`: "Invoice created." / "Failed to
 * generate invoice."), each a hook returning its opener (`ActionDialog`), and the card of the order's
 * invoices (`GET invoices?order_id=`). Apart from OrderDetailPage.tsx so that page changes by three lines.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderDetail } from '@rentloop/domain/order-details';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useChargeOrder, useGenerateOfflineInvoice, useInvoicesOf } from '../invoices/hooks.ts';
import { invoiceTitle } from '../invoices/invoice-format.ts';
import { ordersIds } from './testids.ts';

type OrderRef = Pick<OrderDetail, 'id' | 'number'>;
const orderName = (o: OrderRef) => `order ${o.number ?? o.id}`;

const chargeSchema = z.object({ message: z.string().trim().max(2000) });

export function useChargeOrderDialog() {
  const openChargeOrder = useActionDialog((order: OrderRef) => ({
    title: `Charge ${orderName(order)}`,
    intro: "The order's first payment is invoiced and charged now through its gateway.",
    schema: chargeSchema,
    defaults: { message: '' },
    useAction: useChargeOrder,
    id: order.id,
    payload: ({ message }: z.output<typeof chargeSchema>) => (message ? { message } : {}),
    confirmLabel: 'Charge',
    maxWidth: 'xs' as const,
    testIds: { dialog: ordersIds.billingDialog, confirm: ordersIds.billingConfirm },
    fields: (control) => (
      <FormTextField
        control={control}
        name="message"
        label="Message (optional)"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': ordersIds.chargeMessage, maxLength: 2000 } }}
      />
    ),
  }));
  return { openChargeOrder };
}

export function useGenerateInvoiceDialog() {
  const openGenerateInvoice = useActionDialog((order: OrderRef) => ({
    title: 'Generate offline invoice',
    intro: `An invoice for ${orderName(order)} is issued on the offline gateway: the customer pays it by transfer and staff settle it when the money arrives.`,
    useAction: useGenerateOfflineInvoice,
    id: order.id,
    payload: () => undefined,
    confirmLabel: 'Generate invoice',
    saved: MESSAGES.invoiceCreated,
    failed: MESSAGES.invoiceCreateFailed,
    maxWidth: 'xs' as const,
    testIds: { dialog: ordersIds.billingDialog, confirm: ordersIds.billingConfirm },
  }));
  return { openGenerateInvoice };
}

/** The header's billing buttons: Charge only while the order awaits its first payment. */
/** Charge, while the order's payment is required (generating an offline invoice is under "More actions"). */
export function OrderChargeButton({ order }: { order: OrderDetail }) {
  const { openChargeOrder } = useChargeOrderDialog();
  if (order.status === 'cancelled' || order.payment_status !== 'payment_required') return null;
  return (
    <Button
      variant="contained"
      onClick={() => openChargeOrder(order)}
      data-testid={ordersIds.action('charge')}
    >
      Charge
    </Button>
  );
}

export function OrderInvoicesCard({ orderId }: { orderId: number }) {
  const invoices = useInvoicesOf('order_id', orderId);
  const rows = invoices.data ?? [];
  return (
    <Card data-testid={ordersIds.invoices}>
      <CardHeader title="Invoices" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {invoices.isPending ? (
          <Skeleton height={48} />
        ) : invoices.isError ? (
          <Typography color="error" variant="body2">
            {invoices.error.message}
          </Typography>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No invoices for this order yet.
          </Typography>
        ) : (
          <Stack spacing={1}>
            {rows.map((invoice) => (
              <Stack
                key={invoice.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Link
                  component={RouterLink}
                  to={`/cms/invoices/${invoice.id}`}
                  data-testid={ordersIds.invoice(invoice.id)}
                >
                  {invoiceTitle(invoice)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {invoice.issue_date ? formatDate(invoice.issue_date) : 'Draft'} ·{' '}
                  {formatAmount(invoice.gross, invoice.currency)}
                </Typography>
                <StatusChip status={invoice.payment_status} />
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
