/**
 * `/cms/orders/{id}` (and `/cms/orders/consumables/{id}`): one order: its chips, its dunning, customer, addresses,
 * shipping and voucher, items with tracking numbers, totals, subscriptions, tag and tag history, and
 * the actions the server allows now (`GET orders/{id}/actions`) beside Clone, Send confirmation and
 * Swap missing product (those only while they apply: `order-availability.ts`; after a 404 or 409 the
 * order is read again, hooks.ts).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderDetail } from '@rentloop/domain/order-details';
import { shownPaymentStatus } from '@rentloop/domain/order-payment';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import type { AddressLike } from '../../components/address-format.ts';
import { addressLines } from '../../components/address-format.ts';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { MoreActionsMenu } from '../../components/MoreActionsMenu.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDate, formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { DunningNotice } from '../dunning/DunningNotice.tsx';
import { sendEmailIds } from '../email-history/testids.ts';
import { useSendEmailDialog } from '../email-history/use-send-email-dialog.ts';
import { NotesCard } from '../notes/NotesCard.tsx';
import { useOneTimePaymentDialog } from '../subscriptions/one-time-action.tsx';
import { oneTimeIds } from '../subscriptions/testids.ts';
import { CreditCheckPanel } from './CreditCheckPanel.tsx';
import { useCloneOrder, useOrder, useOrderActions, useUpdateOrder } from './hooks.ts';
import { OrderItemsCard } from './OrderItemsCard.tsx';
import { OrderTagCard } from './OrderTagCard.tsx';
import { useCancelOrderDialog, useSwapItemDialog } from './order-actions.tsx';
import { orderOffers } from './order-availability.ts';
import { OrderChargeButton, OrderInvoicesCard, useGenerateInvoiceDialog } from './order-billing.tsx';
import { useSendOrderConfirmation } from './send-confirmation.ts';
import { ordersIds } from './testids.ts';

const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: 3,
  rowGap: 2,
} as const;

function AddressBlock({
  title,
  address,
  testId,
}: {
  title: string;
  address: AddressLike | null;
  testId: string;
}) {
  return (
    <DetailField label={title} testId={testId}>
      {address
        ? addressLines(address).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
            <Box key={index} component="span" sx={{ display: 'block' }}>
              {line}
            </Box>
          ))
        : null}
    </DetailField>
  );
}

export function OrderChips({
  order,
}: {
  order: Pick<OrderDetail, 'status' | 'payment_status' | 'tag' | 'total'>;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <StatusChip status={order.status} testId={ordersIds.chip('status')} />
      <StatusChip status={shownPaymentStatus(order)} testId={ordersIds.chip('payment')} />
      <StatusChip status={order.tag} testId={ordersIds.chip('tag')} />
    </Stack>
  );
}

/** The customer, address, shipping and voucher card of an order or a quote (an order's: with its credit check). */
export function OrderCustomerCard({
  order,
  creditCheck = false,
}: {
  order: OrderDetail;
  creditCheck?: boolean;
}) {
  return (
    <Card>
      <CardHeader title="Customer" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={fieldGrid}>
          <DetailField label="Name" testId={ordersIds.field('customer_name')}>
            <Link component={RouterLink} to={`/cms/customers/${order.customer_id}`}>
              {order.customer_name}
            </Link>
          </DetailField>
          <DetailField
            label="Email"
            value={order.customer_email}
            testId={ordersIds.field('customer_email')}
          />
          <AddressBlock
            title="Billing address"
            address={order.billing_address}
            testId={ordersIds.field('billing')}
          />
          <AddressBlock
            title="Shipping address"
            address={order.shipping_address}
            testId={ordersIds.field('shipping')}
          />
          <DetailField
            label="Shipping method"
            value={order.shipping_method_name}
            testId={ordersIds.field('shipping_method')}
          />
          <DetailField label="Voucher" value={order.voucher_code} testId={ordersIds.field('voucher')} />
          <DetailField
            label="Created"
            value={formatDateTime(order.created_at)}
            testId={ordersIds.field('created')}
          />
          {order.cancelled_at && (
            <DetailField
              label="Cancelled"
              value={`${formatDate(order.cancelled_at)}${order.cancellation_reason ? ` · ${order.cancellation_reason}` : ''}${order.cancellation_message ? ` · ${order.cancellation_message}` : ''}`}
              testId={ordersIds.field('cancelled')}
            />
          )}
        </Box>
        {creditCheck && (
          <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
            <CreditCheckPanel orderId={order.id} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function OrderActionButtons({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const { openCancelOrder } = useCancelOrderDialog();
  const { openSwapItem } = useSwapItemDialog();
  const { openOneTimePayment } = useOneTimePaymentDialog();
  const { openGenerateInvoice } = useGenerateInvoiceDialog();
  const currency = useCompanyCurrency();
  const actions = useOrderActions(order.id);
  const update = useUpdateOrder(order.id);
  const clone = useCloneOrder(order.id);
  const send = useSendOrderConfirmation(order.id);
  const { openSendEmail } = useSendEmailDialog();
  const allowed = actions.data?.actions ?? [];
  const offers = orderOffers(order);
  const busy = update.isPending || clone.isPending || send.isPending;
  const failed = (error: Error) => notify.error(error.message);
  const generateInvoice = {
    key: 'generate-invoice',
    label: 'Generate offline invoice',
    testId: ordersIds.action('generate-invoice'),
    onClick: () => openGenerateInvoice(order),
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <OrderChargeButton order={order} />
      {allowed.map(({ action, to }) =>
        action === 'cancel' ? (
          <Button
            key={action}
            color="error"
            variant="outlined"
            onClick={() => openCancelOrder(order)}
            data-testid={ordersIds.action(action)}
          >
            Cancel
          </Button>
        ) : action === 'fulfil' || action === 'reopen' ? (
          <Button
            key={action}
            variant="outlined"
            disabled={busy}
            data-testid={ordersIds.action(action)}
            onClick={() =>
              update.mutate(
                { status: to },
                { onSuccess: ({ message }) => notify.success(message), onError: failed },
              )
            }
          >
            {action === 'fulfil' ? 'Fulfil' : 'Reopen'}
          </Button>
        ) : null,
      )}
      {offers.confirmationMail && (
        <Button
          variant="outlined"
          disabled={busy}
          data-testid={ordersIds.action('send')}
          // Held back by the customer's state (archived, opted out), it asks whether to send it anyway.
          onClick={() => send.send(order.id)}
        >
          Send confirmation
        </Button>
      )}
      <MoreActionsMenu
        testId={ordersIds.moreActions}
        disabled={busy}
        actions={[
          ...(order.status === 'cancelled' ? [] : [generateInvoice]),
          ...(offers.oneTimePayment
            ? [
                {
                  key: 'one-time',
                  label: 'One-time payment',
                  testId: oneTimeIds.open,
                  onClick: () =>
                    openOneTimePayment({ order_id: order.id, order_number: order.number }, currency),
                },
              ]
            : []),
          ...(offers.swap
            ? [
                {
                  key: 'swap',
                  label: 'Swap missing product',
                  testId: ordersIds.action('swap'),
                  onClick: () => openSwapItem(order),
                },
              ]
            : []),
          {
            key: 'email',
            label: 'Send email',
            testId: sendEmailIds.open,
            onClick: () =>
              openSendEmail({
                to: order.customer_email,
                name: order.customer_name,
                subject: `Your order ${order.number ?? `#${order.id}`}`,
              }),
          },
          {
            key: 'clone',
            label: 'Clone',
            testId: ordersIds.action('clone'),
            onClick: () =>
              clone.mutate(undefined, {
                onSuccess: ({ data, message }) => {
                  notify.success(message);
                  navigate(`/cms/orders/${data.id}`);
                },
                onError: failed,
              }),
          },
        ]}
      />
    </Stack>
  );
}

export function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const consumables = useLocation().pathname.startsWith('/cms/orders/consumables');
  const list = consumables
    ? { to: '/cms/orders/consumables', label: 'Consumables', all: 'All consumable orders' }
    : { to: '/cms/orders', label: 'Orders', all: 'All orders' };

  return (
    <DetailPage
      query={order}
      list={list}
      crumb={(o) => o.number ?? `Order ${o.id}`}
      notFound="This order does not exist in the current company."
      testId={ordersIds.detailPage}
      errorTestId={ordersIds.detailError}
      header={(o) => (
        <PageHeader
          title={o ? `Order ${o.number ?? o.id}` : <Skeleton width={260} />}
          titleTestId={ordersIds.detailTitle}
          subtitle={o ? `Placed ${formatDateTime(o.finalised_at ?? o.created_at)}` : <Skeleton width={200} />}
          actions={o ? <OrderActionButtons order={o} /> : null}
        />
      )}
    >
      {(o) => (
        <CardGrid alignStart>
          <Box sx={{ gridColumn: { lg: 'span 2' }, mt: -1.5 }}>
            <OrderChips order={o} />
          </Box>
          <DunningNotice dunning={o.dunning} />
          <OrderCustomerCard order={o} creditCheck />
          <OrderTagCard order={o} />
          <OrderItemsCard order={o} tracking trackingEditable={orderOffers(o).tracking} />
          <Card>
            <CardHeader title="Subscriptions" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
            <CardContent sx={{ pt: 0 }}>
              {o.subscriptions.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No subscriptions from this order.
                </Typography>
              ) : (
                <Stack spacing={0.5}>
                  {o.subscriptions.map((sub) => (
                    <Stack key={sub.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Link
                        component={RouterLink}
                        to={`/cms/subscriptions/${sub.id}`}
                        data-testid={ordersIds.subscription(sub.id)}
                      >
                        {sub.number ?? `Subscription ${sub.id}`}
                      </Link>
                      <Typography variant="body2" color="text.secondary">
                        {sub.product_name} · {sub.status}
                      </Typography>
                    </Stack>
                  ))}
                </Stack>
              )}
            </CardContent>
          </Card>
          <OrderInvoicesCard orderId={o.id} />
          <NotesCard entity="order" entityId={o.id} />
        </CardGrid>
      )}
    </DetailPage>
  );
}
