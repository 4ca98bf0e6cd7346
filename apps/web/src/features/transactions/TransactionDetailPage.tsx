/**
 * `/cms/transactions/{id}`: one payment attempt: its state (with what it means), amounts, the provider's
 * reference and status, the decline (code, class, reason, message), its invoice, order and customer, and
 * the provider's raw answer folded away for support. An offline payment the bank returned is recorded
 * here (debit-return-action.tsx).
 */

import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TransactionDetail } from '@rentloop/domain/payments';
import { Link as RouterLink, useParams } from 'react-router';
import { CodeBlock, DetailGrid } from '../../components/DetailGrid.tsx';
import { DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';
import { useCustomer } from '../customers/hooks.ts';
import { sendEmailIds } from '../email-history/testids.ts';
import { useSendEmailDialog } from '../email-history/use-send-email-dialog.ts';
import { useSendRecordMail } from '../email-history/use-send-record-mail.ts';
import { gatewayLabel } from '../invoices/invoice-format.ts';
import { NotesCard } from '../notes/NotesCard.tsx';
import { returnable, useReturnDebitDialog } from './debit-return-action.tsx';
import { useTransaction } from './hooks.ts';
import { transactionsIds } from './testids.ts';
import { rawAnswerText, STATE_HELP, transactionTitle } from './transaction-format.ts';

/**
 * "Record returned debit" (an offline payment the bank gave back), "Send receipt" (`POST
 * email/send-transaction`, a succeeded charge only) and the shared "Send email" dialog to the payment's
 * customer (their address read from the customer).
 */
function Actions({ transaction: t }: { transaction: TransactionDetail }) {
  const receipt = useSendRecordMail('send-transaction');
  const customer = useCustomer(t.customer_id);
  const { openSendEmail } = useSendEmailDialog();
  const { openReturnDebit } = useReturnDebitDialog();
  return (
    <>
      {returnable(t) && (
        <Button
          variant="outlined"
          color="error"
          data-testid={transactionsIds.returnDebit}
          onClick={() => openReturnDebit(t)}
        >
          Record returned debit
        </Button>
      )}
      {t.kind === 'charge' && t.state === 'succeeded' && (
        <Button
          variant="outlined"
          disabled={receipt.isPending}
          data-testid={sendEmailIds.record}
          onClick={() => receipt.send(t.id)}
        >
          Send receipt
        </Button>
      )}
      <Button
        variant="outlined"
        disabled={!customer.data}
        data-testid={sendEmailIds.open}
        onClick={() =>
          customer.data &&
          openSendEmail({
            to: customer.data.email,
            name: customer.data.name,
            subject: t.invoice_number ? `Your payment for invoice ${t.invoice_number}` : 'Your payment',
          })
        }
      >
        Send email
      </Button>
    </>
  );
}

export function TransactionDetailPage() {
  const id = Number(useParams().id);
  const transaction = useTransaction(id);
  return (
    <DetailPage
      query={transaction}
      list={{ to: '/cms/transactions', label: 'Payments', all: 'All payments' }}
      crumb={(t) => transactionTitle(t)}
      notFound="This payment does not exist in the current company."
      testId={transactionsIds.detailPage}
      errorTestId={transactionsIds.detailError}
      header={(t) => (
        <PageHeader
          title={t ? transactionTitle(t) : <Skeleton width={220} />}
          titleTestId={transactionsIds.detailTitle}
          subtitle={
            t ? (
              `${formatAmount(t.amount, t.currency)} · ${t.customer_name} · ${formatDateTime(t.created_at)}`
            ) : (
              <Skeleton width={200} />
            )
          }
          actions={t ? <Actions transaction={t} /> : undefined}
        />
      )}
    >
      {(t) => {
        const raw = rawAnswerText(t.raw);
        const field = (name: string) => transactionsIds.field(name);
        return (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: -1.5 }}>
              <StatusChip status={t.state} testId={transactionsIds.state} />
              <StatusChip status={t.settlement} />
              <Typography variant="body2" color="text.secondary">
                {STATE_HELP[t.state]}
              </Typography>
            </Stack>
            <DetailGrid>
              <DetailField
                label="Amount"
                value={formatAmount(t.amount, t.currency)}
                testId={field('amount')}
              />
              <DetailField label="Kind" value={humanize(t.kind)} testId={field('kind')} />
              <DetailField label="Attempt" value={String(t.attempt_no)} testId={field('attempt_no')} />
              <DetailField label="Gateway" value={gatewayLabel(t.gateway)} testId={field('gateway')} />
              <DetailField
                label="Provider status"
                value={t.provider_status ? humanize(t.provider_status) : null}
                testId={field('provider_status')}
              />
              <DetailField
                label="Provider reference"
                value={t.provider_reference}
                testId={field('provider_reference')}
              />
              <DetailField label="Idempotency key" value={t.provider_key} testId={field('provider_key')} />
              <DetailField
                label="Updated"
                value={formatDateTime(t.updated_at)}
                testId={field('updated_at')}
              />
              <DetailField label="Decline code" value={t.decline_code} testId={field('decline_code')} />
              <DetailField
                label="Decline class"
                value={t.decline_class ? humanize(t.decline_class) : null}
                testId={field('decline_class')}
              />
              <DetailField
                label="Decline reason"
                value={t.decline_reason ? humanize(t.decline_reason) : null}
                testId={field('decline_reason')}
              />
              <DetailField
                label="Decline message"
                value={t.decline_message}
                testId={field('decline_message')}
              />
              <DetailField label="Invoice" testId={field('invoice')}>
                {t.invoice_id ? (
                  <Link component={RouterLink} to={`/cms/invoices/${t.invoice_id}`}>
                    {t.invoice_number ?? `Invoice #${t.invoice_id}`}
                  </Link>
                ) : null}
              </DetailField>
              <DetailField label="Order" testId={field('order')}>
                {t.order_id ? (
                  <Link component={RouterLink} to={`/cms/orders/${t.order_id}`}>
                    Order #{t.order_id}
                  </Link>
                ) : null}
              </DetailField>
              <DetailField label="Customer" testId={field('customer')}>
                <Link component={RouterLink} to={`/cms/customers/${t.customer_id}`}>
                  {t.customer_name}
                </Link>
              </DetailField>
            </DetailGrid>
            <Accordion disableGutters>
              <AccordionSummary expandIcon={<ExpandMore />} data-testid={transactionsIds.rawToggle}>
                <Box>
                  <Typography variant="subtitle1" component="h2">
                    Provider's answer
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    As the gateway sent it, for support.
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails>
                {raw === null ? (
                  <Typography variant="body2" color="text.secondary" data-testid={transactionsIds.raw}>
                    The gateway has not answered this attempt.
                  </Typography>
                ) : (
                  <CodeBlock testId={transactionsIds.raw} maxHeight={480}>
                    {raw}
                  </CodeBlock>
                )}
              </AccordionDetails>
            </Accordion>
            <NotesCard entity="transaction" entityId={t.id} />
          </Stack>
        );
      }}
    </DetailPage>
  );
}
