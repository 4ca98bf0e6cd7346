/**
 * The support desk of the customer page: the customer's figures, and one card per kind of record
 * (orders, quotes, subscriptions, invoices, payments, mails) with its count, the newest few and
 * "Show all" to the list screen filtered by this customer (`filters={"customer_id":…}`, which every
 * one of those lists takes).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { shownPaymentStatus } from '@rentloop/domain/order-payment';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Page } from '../../api/client.ts';
import type { ListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { formatDate } from '../../utils/dates.ts';
import { useEmailEntries } from '../email-history/hooks.ts';
import { useInvoices } from '../invoices/hooks.ts';
import { invoiceTitle } from '../invoices/invoice-format.ts';
import { useDraftOrders, useOrders } from '../orders/hooks.ts';
import { useSubscriptions } from '../subscriptions/hooks.ts';
import { useTransactions } from '../transactions/hooks.ts';
import { useCustomerFigures } from './support-hooks.ts';
import { supportIds } from './testids.ts';

/** How many of the newest records a card shows. */
const NEWEST = 5;

const newestOf = (customerId: number): ListState => ({
  page: 1,
  perPage: NEWEST,
  search: '',
  sort: null,
  desc: false,
  filters: { customer_id: String(customerId) },
});

const filteredList = (path: string, customerId: number) =>
  `${path}?filters=${encodeURIComponent(JSON.stringify({ customer_id: String(customerId) }))}`;

interface Row {
  id: number;
  href: string;
  title: string;
  detail: string;
  chips: ReactNode;
  amount?: string;
}

function RecordsCard<T>({
  kind,
  title,
  query,
  listPath,
  customerId,
  empty,
  row,
}: {
  kind: string;
  title: string;
  query: UseQueryResult<Page<T>>;
  listPath: string;
  customerId: number;
  empty: string;
  row: (record: T) => Row;
}) {
  const total = query.data?.meta.total;
  const rows = (query.data?.data ?? []).map(row);
  return (
    <Card data-testid={supportIds.card(kind)} component="section" aria-label={title}>
      <CardHeader
        title={
          <>
            {title}{' '}
            <Typography component="span" color="text.secondary" data-testid={supportIds.count(kind)}>
              {total === undefined ? '' : `(${total})`}
            </Typography>
          </>
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          total ? (
            <Button
              component={RouterLink}
              to={filteredList(listPath, customerId)}
              size="small"
              data-testid={supportIds.showAll(kind)}
            >
              Show all<Box component="span" sx={visuallyHidden}>{` ${title.toLowerCase()}`}</Box>
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isPending ? (
          <Skeleton height={48} />
        ) : query.isError ? (
          <Typography color="error">{query.error.message}</Typography>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" data-testid={supportIds.empty(kind)}>
            {empty}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((r) => (
              <Box
                component="li"
                key={r.id}
                data-testid={supportIds.row(kind, r.id)}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  gap: 1,
                  alignItems: 'center',
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Link component={RouterLink} to={r.href} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {r.title}
                  </Link>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {r.detail}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>{r.chips}</Box>
                </Box>
                {r.amount ? (
                  <Typography variant="body2" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {r.amount}
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The customer's figures, computed by the server from their records. */
export function CustomerFiguresCard({ customerId }: { customerId: number }) {
  const figures = useCustomerFigures(customerId);
  const f = figures.data;
  return (
    <Card data-testid={supportIds.figures} sx={{ gridColumn: { lg: 'span 2' } }}>
      <CardHeader title="Insights" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {figures.isError ? (
          <Typography color="error" data-testid={supportIds.figuresError}>
            {MESSAGES.insightsFetchFailed}
          </Typography>
        ) : !f ? (
          <Skeleton height={56} />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            <Figure
              label="Paid"
              value={formatAmount(f.revenue_paid, f.currency)}
              testId={supportIds.figure('paid')}
            />
            <Figure
              label="Open"
              value={formatAmount(f.open_amount, f.currency)}
              testId={supportIds.figure('open')}
            />
            <Figure
              label="Orders (open)"
              value={`${f.orders} (${f.open_orders})`}
              testId={supportIds.figure('orders')}
            />
            <Figure
              label="Active subscriptions"
              value={`${f.active_subscriptions} of ${f.subscriptions}`}
              testId={supportIds.figure('subscriptions')}
            />
            <Figure
              label="Last order"
              value={f.last_order_at ? formatDate(f.last_order_at) : 'None yet'}
              testId={supportIds.figure('last-order')}
            />
            <Figure
              label="Overdue"
              value={formatAmount(f.overdue_amount, f.currency)}
              testId={supportIds.figure('overdue')}
            />
            <Figure label="MRR" value={formatAmount(f.mrr, f.currency)} testId={supportIds.figure('mrr')} />
            <Figure
              label="Failed payments (recovered)"
              value={`${f.failed_payments} (${f.recovered_invoices})`}
              testId={supportIds.figure('failed-payments')}
            />
            <Figure
              label="First order"
              value={f.first_order_at ? formatDate(f.first_order_at) : 'None yet'}
              testId={supportIds.figure('first-order')}
            />
            <Figure
              label="Customer for"
              value={
                f.lifetime_days === null
                  ? 'No orders yet'
                  : `${f.lifetime_days} ${f.lifetime_days === 1 ? 'day' : 'days'}`
              }
              testId={supportIds.figure('lifetime')}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function CustomerOrdersCard({ customerId }: { customerId: number }) {
  return (
    <RecordsCard
      kind="orders"
      title="Orders"
      query={useOrders(newestOf(customerId))}
      listPath="/cms/orders"
      customerId={customerId}
      empty="No orders yet."
      row={(o) => ({
        id: o.id,
        href: `/cms/orders/${o.id}`,
        title: `Order ${o.number ?? o.id}`,
        detail: formatDate(o.created_at),
        chips: (
          <>
            <StatusChip status={o.status} />
            <StatusChip status={shownPaymentStatus(o)} />
          </>
        ),
        amount: formatAmount(o.total, o.currency),
      })}
    />
  );
}

export function CustomerQuotesCard({ customerId }: { customerId: number }) {
  return (
    <RecordsCard
      kind="quotes"
      title="Quotes"
      query={useDraftOrders(newestOf(customerId))}
      listPath="/cms/orders/drafts"
      customerId={customerId}
      empty="No quotes."
      row={(o) => ({
        id: o.id,
        href: `/cms/orders/drafts/${o.id}`,
        title: `Quote ${o.id}`,
        detail: `Updated ${formatDate(o.updated_at)}`,
        chips: null,
        amount: formatAmount(o.total, o.currency),
      })}
    />
  );
}

export function CustomerSubscriptionsCard({ customerId }: { customerId: number }) {
  const currency = useCompanyCurrency();
  return (
    <RecordsCard
      kind="subscriptions"
      title="Subscriptions"
      query={useSubscriptions(newestOf(customerId))}
      listPath="/cms/subscriptions"
      customerId={customerId}
      empty="No subscriptions."
      row={(s) => ({
        id: s.id,
        href: `/cms/subscriptions/${s.id}`,
        title: `${s.product_name} · ${s.number}`,
        detail: s.next_billing_date
          ? `Next billing ${formatDate(s.next_billing_date)}`
          : `Since ${formatDate(s.start_date)}`,
        chips: <StatusChip status={s.status} />,
        amount: `${formatAmount(s.price, currency)} ${s.frequency}`,
      })}
    />
  );
}

export function CustomerInvoicesCard({ customerId }: { customerId: number }) {
  return (
    <RecordsCard
      kind="invoices"
      title="Invoices"
      query={useInvoices(newestOf(customerId))}
      listPath="/cms/invoices"
      customerId={customerId}
      empty="No invoices."
      row={(i) => ({
        id: i.id,
        href: `/cms/invoices/${i.id}`,
        title: invoiceTitle(i),
        detail: i.issue_date ? `Issued ${formatDate(i.issue_date)}` : 'Draft',
        chips: <StatusChip status={i.payment_status} />,
        amount: formatAmount(i.gross, i.currency),
      })}
    />
  );
}

export function CustomerPaymentsCard({ customerId }: { customerId: number }) {
  return (
    <RecordsCard
      kind="payments"
      title="Payments"
      query={useTransactions(newestOf(customerId))}
      listPath="/cms/transactions"
      customerId={customerId}
      empty="No payments."
      row={(t) => ({
        id: t.id,
        href: `/cms/transactions/${t.id}`,
        title: t.invoice_number ? `For invoice ${t.invoice_number}` : `Payment ${t.id}`,
        detail: formatDate(t.created_at, true),
        chips: <StatusChip status={t.settlement} />,
        amount: formatAmount(t.amount, t.currency),
      })}
    />
  );
}

/** The mails sent to the customer's address (the email history is for admins: shown to them only). */
export function CustomerMailsCard({ customerId }: { customerId: number }) {
  return (
    <RecordsCard
      kind="mails"
      title="Mails"
      query={useEmailEntries(newestOf(customerId))}
      listPath="/admin/email-history"
      customerId={customerId}
      empty="No mails sent to this customer."
      row={(m) => ({
        id: m.id,
        href: filteredList('/admin/email-history', customerId),
        title: m.subject,
        detail: formatDate(m.sent_at ?? m.created_at, true),
        chips: <StatusChip status={m.status} />,
      })}
    />
  );
}
