/**
 * `/cms/transactions`, "Payments" to merchants: every attempt at a gateway (`GET transactions`): date,
 * amount, gateway, provider status, settlement, decline reason, invoice (its own link), customer;
 * filters by gateway, kind, provider status, settlement, decline reason and date in the URL; CSV export.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@rentloop/domain/payments';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';
import { gatewayLabel } from '../invoices/invoice-format.ts';
import { useTransactions } from './hooks.ts';
import { transactionsIds } from './testids.ts';
import {
  DECLINE_REASON_OPTIONS,
  GATEWAY_OPTIONS,
  KIND_OPTIONS,
  PROVIDER_STATUS_OPTIONS,
  SETTLEMENT_OPTIONS,
  transactionTitle,
} from './transaction-format.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: Column<Transaction>[] = [
  {
    id: 'created_at',
    label: 'Date',
    sortKey: 'created_at',
    render: (t) => (
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600, ...nowrap }}>
          {formatDateTime(t.created_at)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {transactionTitle(t)}
        </Typography>
      </Box>
    ),
  },
  {
    id: 'amount',
    label: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (t) => <Box sx={nowrap}>{formatAmount(t.amount, t.currency)}</Box>,
  },
  {
    id: 'gateway',
    label: 'Gateway',
    sortKey: 'gateway',
    hideOnMobile: true,
    render: (t) => gatewayLabel(t.gateway),
  },
  {
    id: 'provider_status',
    label: 'Provider status',
    hideOnMobile: true,
    render: (t) => (t.provider_status ? humanize(t.provider_status) : ''),
  },
  {
    id: 'settlement',
    label: 'Settlement',
    sortKey: 'state',
    render: (t) => <StatusChip status={t.settlement} />,
  },
  {
    id: 'decline_reason',
    label: 'Decline reason',
    hideOnMobile: true,
    render: (t) => (t.decline_reason ? humanize(t.decline_reason) : ''),
  },
  {
    id: 'invoice',
    label: 'Invoice',
    link: false,
    render: (t) =>
      t.invoice_id ? (
        <Link component={RouterLink} to={`/cms/invoices/${t.invoice_id}`} sx={nowrap}>
          {t.invoice_number ?? `#${t.invoice_id}`}
        </Link>
      ) : null,
  },
  {
    id: 'customer',
    label: 'Customer',
    link: false,
    hideOnMobile: true,
    render: (t) => (
      <Link component={RouterLink} to={`/cms/customers/${t.customer_id}`}>
        {t.customer_name}
      </Link>
    ),
  },
];

export function TransactionsPage() {
  const state = useListState();
  const company = useCompanyId();
  const transactions = useTransactions(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  const select = (
    name: string,
    label: string,
    allLabel: string,
    options: { value: string; label: string }[],
  ) => (
    <SelectFilter
      state={state}
      name={name}
      label={label}
      width={180}
      allLabel={allLabel}
      options={options}
      testId={transactionsIds.filter(name)}
      optionTestId={(v) => transactionsIds.filterOption(name, v)}
    />
  );

  return (
    <Box data-testid={transactionsIds.listPage}>
      <PageHeader
        title="Payments"
        subtitle="Every attempt to collect or refund money, with the gateway's answer"
      />
      <DataList
        label="Payments"
        columns={columns}
        query={transactions}
        state={state}
        getRowId={(t) => t.id}
        rowHref={(t) => `/cms/transactions/${t.id}`}
        rowLabel={(t) => transactionTitle(t)}
        exportPath={`${paths.replica(company, 'transactions')}/export`}
        toolbar={
          <FilterBar state={state} clearTestId={transactionsIds.clearFilters}>
            {select('gateway', 'Gateway', 'All gateways', GATEWAY_OPTIONS)}
            {select('kind', 'Kind', 'All kinds', KIND_OPTIONS)}
            {select('provider_status', 'Provider status', 'All provider states', PROVIDER_STATUS_OPTIONS)}
            {select('settlement', 'Settlement', 'All settlements', SETTLEMENT_OPTIONS)}
            {select('decline_reason', 'Decline reason', 'All reasons', DECLINE_REASON_OPTIONS)}
            <DateRangeFilter
              state={state}
              name="created"
              labels={['From', 'To']}
              width={180}
              testIds={[transactionsIds.filter('created_from'), transactionsIds.filter('created_to')]}
            />
          </FilterBar>
        }
        emptyText={filtered ? 'No payments match.' : 'No payments yet.'}
      />
    </Box>
  );
}
