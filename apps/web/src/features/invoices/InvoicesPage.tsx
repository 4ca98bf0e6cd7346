/**
 * `/cms/invoices`: the invoices (`GET paginated-invoices`): number, date, customer (its own link),
 * type, total, payment status, due date; search; filters by payment status, type, issue date and day of
 * recovery in the URL; selection and CSV export like the other lists; "Download PDFs" of the selected invoices (a ZIP,
 * mailed as a link: `zip-action.tsx`, loaded when opened).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { InvoiceListRow } from '@rentloop/domain/invoices';
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
import { humanize } from '../../utils/humanize.ts';
import { useInvoices } from './hooks.ts';
import {
  INVOICE_TYPE_OPTIONS,
  invoiceTitle,
  SETTLEMENT_OPTIONS,
  ZIP_LIMIT,
  zipLabel,
} from './invoice-format.ts';
import { useZipInvoicesDialog } from './invoice-list-actions.ts';
import { invoicesIds } from './testids.ts';

/** Unpaid: issued, owed (not settled, not cancelled) and with a positive total, as Insights counts it. */
const UNPAID_OPTIONS = [
  { value: 'true', label: 'Unpaid' },
  { value: 'false', label: 'Not owed' },
];
const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: Column<InvoiceListRow>[] = [
  {
    id: 'number',
    label: 'Number',
    sortKey: 'number',
    render: (i) => (
      <Typography variant="body2" sx={{ fontWeight: 600, ...nowrap }}>
        {i.number ?? invoiceTitle(i)}
      </Typography>
    ),
  },
  {
    id: 'issue_date',
    label: 'Date',
    sortKey: 'issue_date',
    render: (i) => <Box sx={nowrap}>{i.issue_date ? formatDate(i.issue_date) : 'Draft'}</Box>,
  },
  {
    id: 'customer',
    label: 'Customer',
    link: false,
    render: (i) => (
      <Link component={RouterLink} to={`/cms/customers/${i.customer_id}`}>
        {i.customer_name}
      </Link>
    ),
  },
  { id: 'type', label: 'Type', hideOnMobile: true, render: (i) => humanize(i.type) },
  {
    id: 'gross',
    label: 'Total',
    sortKey: 'gross',
    align: 'right',
    render: (i) => <Box sx={nowrap}>{formatAmount(i.gross, i.currency)}</Box>,
  },
  {
    id: 'payment_status',
    label: 'Payment',
    sortKey: 'payment_status',
    render: (i) => <StatusChip status={i.payment_status} />,
  },
  {
    id: 'due_date',
    label: 'Due',
    sortKey: 'due_date',
    hideOnMobile: true,
    render: (i) => <Box sx={nowrap}>{i.due_date ? formatDate(i.due_date) : ''}</Box>,
  },
];

export function InvoicesPage() {
  const state = useListState();
  const company = useCompanyId();
  const invoices = useInvoices(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  const { openZipInvoices } = useZipInvoicesDialog();

  const filters = (
    <FilterBar state={state} clearTestId={invoicesIds.clearFilters}>
      <SelectFilter
        state={state}
        name="payment_status"
        label="Payment status"
        width={180}
        allLabel="All payment states"
        options={SETTLEMENT_OPTIONS}
        testId={invoicesIds.filter('payment_status')}
        optionTestId={(v) => invoicesIds.filterOption('payment_status', v)}
      />
      <SelectFilter
        state={state}
        name="type"
        label="Type"
        width={180}
        allLabel="All types"
        options={INVOICE_TYPE_OPTIONS}
        testId={invoicesIds.filter('type')}
        optionTestId={(v) => invoicesIds.filterOption('type', v)}
      />
      <DateRangeFilter
        state={state}
        name="issued"
        labels={['Issued from', 'Issued to']}
        width={180}
        testIds={[invoicesIds.filter('issued_from'), invoicesIds.filter('issued_to')]}
      />
      {/* Insights' unpaid-invoices bars lead here with this and the issue days set. */}
      <SelectFilter
        state={state}
        name="unpaid"
        label="Unpaid"
        width={150}
        allLabel="All"
        options={UNPAID_OPTIONS}
        testId={invoicesIds.filter('unpaid')}
        optionTestId={(v) => invoicesIds.filterOption('unpaid', v)}
      />
      {/* Insights' recovered-invoices bars lead here with these set. */}
      <DateRangeFilter
        state={state}
        name="recovered"
        labels={['Recovered from', 'Recovered to']}
        width={180}
        testIds={[invoicesIds.filter('recovered_from'), invoicesIds.filter('recovered_to')]}
      />
    </FilterBar>
  );

  return (
    <Box data-testid={invoicesIds.listPage}>
      <PageHeader title="Invoices" subtitle="Issued invoices and whether they are paid" />
      <DataList
        label="Invoices"
        columns={columns}
        query={invoices}
        state={state}
        getRowId={(i) => i.id}
        rowHref={(i) => `/cms/invoices/${i.id}`}
        rowLabel={(i) => invoiceTitle(i)}
        exportPath={`${paths.replica(company, 'paginated-invoices')}/export`}
        bulkActions={(rows, clear) => (
          <Button
            variant="contained"
            disabled={rows.length > ZIP_LIMIT}
            onClick={() => openZipInvoices(rows, clear)}
            data-testid={invoicesIds.zip}
          >
            {zipLabel(rows.length)}
          </Button>
        )}
        toolbar={filters}
        emptyText={filtered ? 'No invoices match.' : 'No invoices yet.'}
      />
    </Box>
  );
}
