/**
 * `/cms/subscriptions/{id}`: one subscription, where its payments stand in dunning, its auto-renew
 * switch, the actions the server allows now (`GET .../actions`), the buyout offer and where the rented
 * unit is.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Subscription, SubscriptionDetail } from '@rentloop/domain/subscriptions';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { MoreActionsMenu } from '../../components/MoreActionsMenu.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatPercent } from '../../components/percent-text.ts';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDate } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { DunningNotice } from '../dunning/DunningNotice.tsx';
import { sendEmailIds } from '../email-history/testids.ts';
import { useSendEmailDialog } from '../email-history/use-send-email-dialog.ts';
import { useSendRecordMail } from '../email-history/use-send-record-mail.ts';
import { NotesCard } from '../notes/NotesCard.tsx';
import { SubscriptionReturn } from '../returns/AssetReturns.tsx';
import { AssignUnitButton } from './assign-unit.tsx';
import { useBuyoutDialog } from './buyout-action.tsx';
import { actionLabel, periodLabel, pricePerPeriod } from './format.ts';
import {
  type BuyoutOffer,
  type ProductTracking,
  type SubscriptionActions,
  useBulkUpdateSubscriptions,
  useSubscription,
  useSubscriptionPart,
  useUpdateSubscription,
} from './hooks.ts';
import { useOneTimePaymentDialog } from './one-time-action.tsx';
import { useEndSubscriptionDialog } from './subscription-actions.tsx';
import { reasonText, ScheduledEndNotice, TimelineCard } from './subscription-timeline.tsx';
import { assignUnitIds, oneTimeIds, subscriptionsIds } from './testids.ts';

/** The actions shown as buttons; the others (return, lost, replacement...) are under "More actions". */
const MAIN_ACTIONS = ['end', 'reactivate', 'pause', 'resume', 'activate', 'bought_out'];

export function SubscriptionDetailPage() {
  const id = Number(useParams().id);
  const subscription = useSubscription(id);
  const actions = useSubscriptionPart<SubscriptionActions>(id, 'actions');
  const update = useUpdateSubscription(id);
  const bulk = useBulkUpdateSubscriptions();
  const { openEndSubscription } = useEndSubscriptionDialog();
  const offer = useSubscriptionPart<BuyoutOffer>(id, 'buyout');
  const { openBuyout } = useBuyoutDialog();
  const { openOneTimePayment } = useOneTimePaymentDialog();
  const currency = useCompanyCurrency();
  const summary = useSendRecordMail('send-subscription');
  const { openSendEmail } = useSendEmailDialog();
  const busy = update.isPending || bulk.isPending || summary.isPending;

  const reactivate = () =>
    update.mutate(
      { action: 'reactivate' },
      {
        onSuccess: ({ message }) => notify.success(message || MESSAGES.subscriptionReactivated),
        onError: (error) =>
          notify.error(
            error instanceof ApiError && error.status === 409
              ? error.message || MESSAGES.subscriptionAlreadyActive
              : error.message || MESSAGES.subscriptionReactivateFailed,
          ),
      },
    );
  const runAction = (to: string) =>
    bulk.mutate(
      { ids: [id], status: to as Subscription['status'] },
      {
        onSuccess: ({ answer, message }) => {
          const result = answer.results[0];
          if (result?.ok) notify.success(message || MESSAGES.subscriptionsUpdated);
          else notify.error(result?.message ?? MESSAGES.subscriptionsUpdateFailed);
          void subscription.refetch();
          void actions.refetch();
        },
        onError: (error) => notify.error(error.message || MESSAGES.subscriptionsUpdateFailed),
      },
    );

  const run = (action: string, to: string) => {
    if (action === 'end') {
      if (subscription.data) openEndSubscription(subscription.data);
    } else if (action === 'bought_out') {
      if (offer.data) openBuyout(id, offer.data);
    } else if (action === 'reactivate') reactivate();
    else runAction(to);
  };
  const allowed = actions.data?.actions ?? [];
  const buttons = (
    <>
      {allowed
        .filter(({ action }) => MAIN_ACTIONS.includes(action))
        .map(({ action, to }) => (
          <Button
            key={action}
            variant={action === 'end' || action === 'reactivate' ? 'contained' : 'outlined'}
            disabled={busy || (action === 'bought_out' && !offer.data)}
            color={action === 'end' ? 'error' : 'primary'}
            data-testid={subscriptionsIds.action(action)}
            onClick={() => run(action, to)}
          >
            {actionLabel(action)}
          </Button>
        ))}
      {subscription.data && (
        <Button
          variant="outlined"
          disabled={busy}
          data-testid={oneTimeIds.open}
          onClick={() =>
            subscription.data &&
            openOneTimePayment(
              {
                order_id: subscription.data.order_id,
                order_number: subscription.data.order_number,
                subscription: subscription.data,
              },
              currency,
            )
          }
        >
          One-time payment
        </Button>
      )}
      <MoreActionsMenu
        actions={[
          ...allowed
            .filter(({ action }) => !MAIN_ACTIONS.includes(action))
            .map(({ action, to }) => ({
              key: action,
              label: actionLabel(action),
              testId: subscriptionsIds.action(action),
              onClick: () => run(action, to),
            })),
          {
            key: 'summary',
            label: 'Send summary',
            testId: sendEmailIds.record,
            onClick: () => summary.send(id),
          },
          ...(subscription.data
            ? [
                {
                  key: 'email',
                  label: 'Send email',
                  testId: sendEmailIds.open,
                  onClick: () =>
                    subscription.data &&
                    openSendEmail({
                      to: subscription.data.customer_email,
                      name: subscription.data.customer_name,
                      subject: `Your subscription ${subscription.data.number ?? `#${subscription.data.id}`}`,
                    }),
                },
              ]
            : []),
        ]}
        disabled={busy}
        testId={subscriptionsIds.moreActions}
      />
    </>
  );

  return (
    <DetailPage
      query={subscription}
      list={{ to: '/cms/subscriptions', label: 'Subscriptions', all: 'All subscriptions' }}
      crumb={(s) => s.number ?? `Subscription ${s.id}`}
      notFound="This subscription does not exist in the current company."
      testId={subscriptionsIds.detailPage}
      errorTestId={subscriptionsIds.detailError}
      header={(s) => (
        <PageHeader
          title={s ? `Subscription ${s.number ?? `#${s.id}`}` : <Skeleton width={260} />}
          subtitle={s ? <StatusChip status={s.status} /> : <Skeleton width={120} />}
          actions={buttons}
        />
      )}
    >
      {(s) => <Body subscription={s} />}
    </DetailPage>
  );
}

function Body({ subscription: s }: { subscription: SubscriptionDetail }) {
  const currency = useCompanyCurrency();
  const update = useUpdateSubscription(s.id);
  const buyout = useSubscriptionPart<BuyoutOffer>(s.id, 'buyout');
  const tracking = useSubscriptionPart<ProductTracking>(s.id, 'product-tracking');
  const field = (name: string) => `subscription-field-${name}`;
  return (
    <CardGrid alignStart>
      <DunningNotice dunning={s.dunning} />
      <ScheduledEndNotice subscription={s} />
      <Card variant="outlined">
        <CardHeader title="Subscription" />
        <CardContent>
          <Stack spacing={1.5}>
            <DetailField label="Order" testId={field('order')}>
              <Link
                component={RouterLink}
                to={`/cms/orders/${s.order_id}`}
                data-testid={subscriptionsIds.orderLink}
              >
                {s.order_number ?? `Order ${s.order_id}`}
              </Link>
            </DetailField>
            <DetailField label="Customer" testId={field('customer')}>
              <Link
                component={RouterLink}
                to={`/cms/customers/${s.customer_id}`}
                data-testid={subscriptionsIds.customerLink}
              >
                {s.customer_name}
              </Link>
              {` (${s.customer_email})`}
            </DetailField>
            <DetailField
              label="Product"
              value={s.variant_name ? `${s.product_name} – ${s.variant_name}` : s.product_name}
              testId={field('product')}
            />
            <DetailField label="Quantity" value={String(s.quantity)} testId={field('quantity')} />
            <DetailField
              label="Price"
              value={pricePerPeriod(s.price, currency, s.frequency, s.interval)}
              testId={field('price')}
            />
            <DetailField label="Tax" value={formatPercent(s.tax_percent)} testId={field('tax')} />
            <DetailField
              label="Billed every"
              value={periodLabel(s.frequency, s.interval)}
              testId={field('period')}
            />
            <DetailField label="Start" value={formatDate(s.start_date)} testId={field('start')} />
            <DetailField
              label="Minimum term"
              value={`${s.minimum_term_months} months, until ${formatDate(s.minimum_term_end)}`}
              testId={field('minimum-term')}
            />
            <DetailField
              label="Next billing"
              value={formatDate(s.next_billing_date)}
              testId={field('next-billing')}
            />
            {s.bought_out_at && (
              <DetailField
                label="Bought out"
                value={formatDate(s.bought_out_at)}
                testId={field('bought-out')}
              />
            )}
            {s.ended_at && (
              <DetailField
                label="Ended"
                value={[formatDate(s.ended_at), reasonText(s.end_reason_code, s.end_reason)]
                  .filter(Boolean)
                  .join(' – ')}
                testId={field('ended')}
              />
            )}
            <FormControlLabel
              label="Auto-renew"
              control={
                <Switch
                  checked={s.auto_renew}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate(
                      { action: 'auto_renew', auto_renew: event.target.checked },
                      {
                        onSuccess: ({ message }) => notify.success(message || MESSAGES.autoRenewUpdated),
                        onError: (error) => notify.error(error.message || MESSAGES.autoRenewToggleFailed),
                      },
                    )
                  }
                  slotProps={{ input: { 'aria-label': 'Auto-renew' } }}
                  data-testid={subscriptionsIds.autoRenew}
                />
              }
            />
          </Stack>
        </CardContent>
      </Card>
      <Stack spacing={2}>
        <Card variant="outlined" data-testid={subscriptionsIds.buyout}>
          <CardHeader title="Buyout offer" />
          <CardContent>
            {buyout.error ? (
              buyout.error.message
            ) : !buyout.data ? (
              <Skeleton />
            ) : (
              <Stack spacing={1.5}>
                <DetailField
                  label="Buyout price"
                  value={formatAmount(buyout.data.buyout_price, buyout.data.currency)}
                  testId={field('buyout-price')}
                />
                <DetailField
                  label="Paid so far"
                  value={formatAmount(buyout.data.paid_so_far, buyout.data.currency)}
                  testId={field('paid-so-far')}
                />
                <DetailField
                  label="Due to buy out"
                  value={formatAmount(buyout.data.amount_due, buyout.data.currency)}
                  testId={field('amount-due')}
                />
              </Stack>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined" data-testid={subscriptionsIds.tracking}>
          <CardHeader title="Product tracking" />
          <CardContent>
            {tracking.error ? (
              tracking.error.message
            ) : !tracking.data ? (
              <Skeleton />
            ) : (
              <Stack spacing={1.5}>
                <DetailField
                  label="Status"
                  value={statusLabel(tracking.data.status)}
                  testId={field('unit-status')}
                />
                <DetailField
                  label="Tracking number"
                  value={tracking.data.tracking_number}
                  testId={field('tracking')}
                />
                <DetailField
                  label="Serial number"
                  value={tracking.data.serial_number}
                  testId={field('serial')}
                />
                {tracking.data.asset && (
                  <DetailField label="Asset" testId={assignUnitIds.asset}>
                    <Link component={RouterLink} to={`/cms/assets/${tracking.data.asset.id}`}>
                      {tracking.data.asset.serial_number}
                    </Link>{' '}
                    <StatusChip status={tracking.data.asset.status} />
                  </DetailField>
                )}
                <SubscriptionReturn subscriptionId={s.id} />
                <AssignUnitButton subscription={s} holdsUnit={tracking.data.asset?.status === 'rented out'} />
              </Stack>
            )}
          </CardContent>
        </Card>
        <TimelineCard id={s.id} currency={currency} />
        <NotesCard entity="subscription" entityId={s.id} />
      </Stack>
    </CardGrid>
  );
}
