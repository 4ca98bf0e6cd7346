import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDate } from '../../utils/dates.ts';
import { DUNNING_STATUS_OPTIONS, DUNNING_STEP_OPTIONS, dunningText } from '../dunning/dunning-format.ts';
import { useChargeRecurringPaymentsDialog } from './charge-action.tsx';
import { useRecurringPayments } from './hooks.ts';
import {
  CHARGE_LIMIT,
  chargeLabel,
  periodText,
  RECURRING_STATUS_OPTIONS,
  type RecurringPaymentRow,
} from './recurring-format.ts';
import { recurringPaymentsIds } from './testids.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: Column<RecurringPaymentRow>[] = [
  {
    id: 'subscription',
    label: 'Subscription',
    link: false,
    card: 'title',
    render: (r) => (
      <Link
        component={RouterLink}
        to={`/cms/subscriptions/${r.subscription_id}`}
        sx={{ fontWeight: 600, ...nowrap }}
      >
        Subscription #{r.subscription_id}
      </Link>
    ),
  },
  {
    id: 'customer',
    label: 'Customer',
    link: false,
    render: (r) => (
      <Link component={RouterLink} to={`/cms/customers/${r.customer_id}`}>
        {r.customer_name}
      </Link>
    ),
  },
  {
    id: 'period',
    label: 'Period',
    sortKey: 'period_start',
    hideOnMobile: true,
    render: (r) => periodText(r),
  },
  {
    id: 'due_date',
    label: 'Due',
    sortKey: 'due_date',
    render: (r) => <Box sx={nowrap}>{formatDate(r.due_date)}</Box>,
  },
  {
    id: 'amount',
    label: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (r) => <Box sx={nowrap}>{formatAmount(r.amount, r.currency)}</Box>,
  },
  {
    id: 'status',
    label: 'Status',
    sortKey: 'status',
    link: false,
    render: (r) => (
      <Box>
        <StatusChip status={r.status} />
        {r.invoice_id && (
          <Link
            component={RouterLink}
            to={`/cms/invoices/${r.invoice_id}`}
            variant="caption"
            sx={{ display: 'block', mt: 0.5 }}
          >
            Invoice #{r.invoice_id}
          </Link>
        )}
      </Box>
    ),
  },
  {
    id: 'dunning',
    label: 'Dunning',
    render: (r) => {
      const text = dunningText(r.dunning) || (r.status === 'parked' && r.park_reason) || '';
      return text ? (
        <Typography variant="body2" color="text.secondary" data-testid={recurringPaymentsIds.dunning(r.id)}>
          {text}
        </Typography>
      ) : null;
    },
  },
];

export function RecurringPaymentsPage() {
  const state = useListState();
  const company = useCompanyId();
  const payments = useRecurringPayments(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  const { openChargeRecurring } = useChargeRecurringPaymentsDialog();

  return (
    <Box data-testid={recurringPaymentsIds.listPage}>
      <PageHeader
        title="Recurring Payments"
        subtitle="Each billing period of every subscription, charged when due."
      />
      <DataList
        label="Recurring payments"
        columns={columns}
        query={payments}
        state={state}
        getRowId={(r) => r.id}
        rowLabel={(r) => `Recurring payment #${r.id}`}
        exportPath={`${paths.replica(company, 'recurring-payments')}/export`}
        bulkActions={(rows, clear) => (
          <Button
            variant="contained"
            disabled={rows.length > CHARGE_LIMIT}
            title={
              rows.length > CHARGE_LIMIT ? `Select at most ${CHARGE_LIMIT} payments to charge.` : undefined
            }
            onClick={() => openChargeRecurring(rows, clear)}
            data-testid={recurringPaymentsIds.charge}
          >
            {chargeLabel(rows.length)}
          </Button>
        )}
        toolbar={
          <FilterBar state={state} clearTestId={recurringPaymentsIds.clearFilters}>
            <SelectFilter
              state={state}
              name="status"
              label="Status"
              width={170}
              allLabel="All statuses"
              options={RECURRING_STATUS_OPTIONS}
              testId={recurringPaymentsIds.filter('status')}
              optionTestId={(v) => recurringPaymentsIds.filterOption('status', v)}
            />
            <SelectFilter
              state={state}
              name="dunning_status"
              label="Dunning"
              width={160}
              allLabel="Any"
              options={DUNNING_STATUS_OPTIONS}
              testId={recurringPaymentsIds.filter('dunning_status')}
              optionTestId={(v) => recurringPaymentsIds.filterOption('dunning_status', v)}
            />
            <SelectFilter
              state={state}
              name="dunning_step"
              label="Dunning step"
              width={150}
              allLabel="Any step"
              options={DUNNING_STEP_OPTIONS}
              testId={recurringPaymentsIds.filter('dunning_step')}
              optionTestId={(v) => recurringPaymentsIds.filterOption('dunning_step', v)}
            />
            <DateRangeFilter
              state={state}
              name="due"
              labels={['Due from', 'Due to']}
              width={180}
              testIds={[recurringPaymentsIds.filter('due_from'), recurringPaymentsIds.filter('due_to')]}
            />
          </FilterBar>
        }
        emptyText={filtered ? 'No recurring payments match.' : 'No recurring payments yet.'}
      />
    </Box>
  );
}
