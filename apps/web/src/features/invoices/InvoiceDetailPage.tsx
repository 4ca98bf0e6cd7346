/**
 * `/cms/invoices/{id}`: the document as the customer sees it (`InvoiceDocument`), its payment status,
 * its payment attempts (linked to Payments), where it comes from (customer, order, subscription,
 * recurring payment, the invoice it corrects), its notes, and the actions `GET invoices/{id}/actions`
 * allows now (Charge, Settle; Cancel invoice, Edit and issue a replacement draft) beside Refund (a paid
 * invoice) and Download PDF; its refunds; when the dunning hands it to debt collection, on which day.
 */

import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { Link as RouterLink, useParams } from 'react-router';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDate, formatDateTime } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';
import { notify } from '../../utils/notify.ts';
import { HandOverButton } from '../debt-collection/HandOverButton.tsx';
import { HandoverNotice } from '../debt-collection/HandoverNotice.tsx';
import { NotesCard } from '../notes/NotesCard.tsx';
import { useInvoiceTransactions } from '../transactions/hooks.ts';
import { declineSummary } from '../transactions/transaction-format.ts';
import { useDownloadInvoicePdf, useInvoice, useInvoiceActions } from './hooks.ts';
import { InvoiceDocument } from './InvoiceDocument.tsx';
import { InvoiceRefundsCard } from './InvoiceRefundsCard.tsx';
import { useChargeInvoiceDialog, useSettleInvoiceDialog } from './invoice-actions.tsx';
import { gatewayLabel, invoiceTitle } from './invoice-format.ts';
import { refundable, useRefundInvoiceDialog } from './refund-action.tsx';
import { invoicesIds } from './testids.ts';

const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))' },
  columnGap: 3,
  rowGap: 2,
} as const;

function InvoiceActionButtons({ invoice }: { invoice: Invoice }) {
  const actions = useInvoiceActions(invoice.id);
  const { openCharge } = useChargeInvoiceDialog();
  const { openSettle } = useSettleInvoiceDialog();
  const { openRefund } = useRefundInvoiceDialog();
  const pdf = useDownloadInvoicePdf();
  const allowed = new Set((actions.data?.actions ?? []).map((a) => a.action));
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {allowed.has('charge') && (
        <Button
          variant="contained"
          onClick={() => openCharge(invoice)}
          data-testid={invoicesIds.action('charge')}
        >
          Charge
        </Button>
      )}
      {allowed.has('settle') && (
        <Button
          variant="outlined"
          onClick={() => openSettle(invoice)}
          data-testid={invoicesIds.action('settle')}
        >
          Settle
        </Button>
      )}
      {refundable(invoice) && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => openRefund(invoice)}
          data-testid={invoicesIds.action('refund')}
        >
          Refund
        </Button>
      )}
      <HandOverButton invoice={invoice} allowed={allowed.has('debt_collection')} />
      {allowed.has('edit') && (
        <Button
          variant="contained"
          component={RouterLink}
          to={`/cms/invoices/${invoice.id}/edit`}
          data-testid={invoicesIds.action('edit')}
        >
          Edit and issue
        </Button>
      )}
      {allowed.has('cancel') && (
        <Button
          variant="outlined"
          color="error"
          component={RouterLink}
          to={`/cms/invoices/${invoice.id}/cancel`}
          data-testid={invoicesIds.action('cancel')}
        >
          Cancel invoice
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<Download />}
        disabled={!invoice.has_pdf || pdf.isPending}
        title={invoice.has_pdf ? undefined : 'The PDF is being made.'}
        onClick={() =>
          pdf.mutate(invoice, { onError: () => notify.error(MESSAGES.invoicePdfDownloadFailed) })
        }
        data-testid={invoicesIds.action('pdf')}
      >
        Download PDF
      </Button>
    </Stack>
  );
}

function RecordLink({ to, label, testId }: { to: string | null; label: string; testId: string }) {
  return to ? (
    <Link component={RouterLink} to={to} data-testid={testId}>
      {label}
    </Link>
  ) : null;
}

function OriginCard({ invoice }: { invoice: Invoice }) {
  return (
    <Card>
      <CardHeader title="Payment and origin" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={fieldGrid}>
          <DetailField label="Payment status" testId={invoicesIds.field('payment_status')}>
            <StatusChip status={invoice.payment_status} />
          </DetailField>
          <DetailField
            label="Gateway"
            value={gatewayLabel(invoice.gateway)}
            testId={invoicesIds.field('gateway')}
          />
          <DetailField label="Type" value={humanize(invoice.type)} testId={invoicesIds.field('type')} />
          <DetailField
            label="Recovered"
            value={invoice.recovered_at ? formatDate(invoice.recovered_at) : null}
            testId={invoicesIds.field('recovered_at')}
          />
          <DetailField label="Customer" testId={invoicesIds.field('customer')}>
            <RecordLink
              to={`/cms/customers/${invoice.customer_id}`}
              label={invoice.customer.name}
              testId={invoicesIds.link('customer')}
            />
          </DetailField>
          <DetailField label="Order" testId={invoicesIds.field('order')}>
            <RecordLink
              to={invoice.order_id ? `/cms/orders/${invoice.order_id}` : null}
              label={`Order #${invoice.order_id}`}
              testId={invoicesIds.link('order')}
            />
          </DetailField>
          <DetailField label="Subscription" testId={invoicesIds.field('subscription')}>
            <RecordLink
              to={invoice.subscription_id ? `/cms/subscriptions/${invoice.subscription_id}` : null}
              label={`Subscription #${invoice.subscription_id}`}
              testId={invoicesIds.link('subscription')}
            />
          </DetailField>
          <DetailField label="Recurring payment" testId={invoicesIds.field('recurring_payment')}>
            <RecordLink
              to={
                invoice.recurring_payment_id
                  ? `/cms/recurring-payments?filters=${encodeURIComponent(JSON.stringify({ subscription_id: String(invoice.subscription_id ?? '') }))}`
                  : null
              }
              label={`Recurring payment #${invoice.recurring_payment_id}`}
              testId={invoicesIds.link('recurring-payment')}
            />
          </DetailField>
          {invoice.cancellation_invoice !== null && (
            <DetailField label="Cancelled by" testId={invoicesIds.field('cancellation')}>
              <RecordLink
                to={`/cms/invoices/${invoice.cancellation_invoice}`}
                label={`Cancellation invoice #${invoice.cancellation_invoice}`}
                testId={invoicesIds.link('cancellation')}
              />
            </DetailField>
          )}
          {invoice.original_invoice !== null && (
            <DetailField label="Corrects" testId={invoicesIds.field('original')}>
              <RecordLink
                to={`/cms/invoices/${invoice.original_invoice}`}
                label={`Invoice #${invoice.original_invoice}`}
                testId={invoicesIds.link('original')}
              />
            </DetailField>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function AttemptsCard({ invoice }: { invoice: Invoice }) {
  const attempts = useInvoiceTransactions(invoice.id);
  const rows = attempts.data?.data ?? [];
  return (
    <Card data-testid={invoicesIds.attempts}>
      <CardHeader title="Payment attempts" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {attempts.isPending ? (
          <Skeleton height={64} />
        ) : attempts.isError ? (
          <Typography color="error">{attempts.error.message}</Typography>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid={invoicesIds.noAttempts}>
            No payment attempts yet.
          </Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1}>
            {rows.map((t) => (
              <Box
                key={t.id}
                data-testid={invoicesIds.attempt(t.id)}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
              >
                <Link component={RouterLink} to={`/cms/transactions/${t.id}`} sx={{ fontWeight: 600 }}>
                  {t.kind === 'refund' ? 'Refund' : 'Payment'} #{t.id}
                </Link>
                <StatusChip status={t.state} />
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(t.amount, t.currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(t.created_at)}
                </Typography>
                {(declineSummary(t) || t.provider_reference) && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}
                  >
                    {declineSummary(t) || t.provider_reference}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export function InvoiceDetailPage() {
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  return (
    <DetailPage
      query={invoice}
      list={{ to: '/cms/invoices', label: 'Invoices', all: 'All invoices' }}
      crumb={(i) => i.number ?? `Draft invoice #${i.id}`}
      notFound="This invoice does not exist in the current company."
      testId={invoicesIds.detailPage}
      errorTestId={invoicesIds.detailError}
      header={(i) => (
        <PageHeader
          title={i ? invoiceTitle(i) : <Skeleton width={260} />}
          titleTestId={invoicesIds.detailTitle}
          subtitle={
            i ? (
              `${i.customer.name} · ${formatAmount(i.gross, i.currency)}${i.due_date ? ` · due ${formatDate(i.due_date)}` : ''}`
            ) : (
              <Skeleton width={200} />
            )
          }
          actions={i ? <InvoiceActionButtons invoice={i} /> : null}
        />
      )}
    >
      {(i) => (
        <CardGrid alignStart>
          <Stack
            direction="row"
            spacing={1}
            sx={{ gridColumn: { lg: 'span 2' }, mt: -1.5, flexWrap: 'wrap' }}
          >
            <StatusChip status={i.payment_status} testId={invoicesIds.paymentStatus} />
            {i.status === 'draft' && <StatusChip status="draft" />}
            {i.cancellation_invoice !== null && <StatusChip status="cancelled" />}
          </Stack>
          <HandoverNotice invoice={i} />
          <InvoiceDocument invoice={i} />
          <OriginCard invoice={i} />
          <AttemptsCard invoice={i} />
          <InvoiceRefundsCard invoice={i} />
          <NotesCard entity="invoice" entityId={i.id} />
        </CardGrid>
      )}
    </DetailPage>
  );
}
