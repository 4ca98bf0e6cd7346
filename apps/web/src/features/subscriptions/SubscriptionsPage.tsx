/**
 * `/cms/subscriptions`: every subscription (search, filter by status and next billing date, sort,
 * paging in the URL), a bulk "Change status" on the selected rows.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SUBSCRIPTION_STATUSES } from '@rentloop/domain/enums';
import type { Subscription } from '@rentloop/domain/subscriptions';
import { lazy, Suspense, useState } from 'react';
import { paths } from '../../api/client.ts';
import { useCompanyId, useCurrentCompany } from '../../app/current-company.tsx';
import { mayOpen } from '../../app/route-meta.ts';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateFilter, DateRangeFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDate } from '../../utils/dates.ts';
import { pricePerPeriod } from './format.ts';
import { useSubscriptions } from './hooks.ts';
import { useBulkStatusDialog } from './subscription-list-actions.ts';
import { subscriptionsIds } from './testids.ts';

/** The import dialog loads when it is opened: not part of the list's first load. */
const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

// Nothing for no text: an empty box would still be a row link, one with no name (an ended
// subscription has no next billing date; axe link-name).
const nowrap = (text: string) => (text ? <Box sx={{ whiteSpace: 'nowrap' }}>{text}</Box> : null);

function columns(currency: string): Column<Subscription>[] {
  return [
    {
      id: 'number',
      label: 'Number',
      sortKey: 'id',
      render: (s) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {s.number ?? `#${s.id}`}
        </Typography>
      ),
    },
    { id: 'customer', label: 'Customer', render: (s) => s.customer_name },
    {
      id: 'product',
      label: 'Product',
      render: (s) => (s.variant_name ? `${s.product_name} – ${s.variant_name}` : s.product_name),
    },
    { id: 'status', label: 'Status', render: (s) => <StatusChip status={s.status} /> },
    {
      id: 'price',
      label: 'Price',
      render: (s) => nowrap(pricePerPeriod(s.price, currency, s.frequency, s.interval)),
    },
    {
      id: 'next_billing_date',
      label: 'Next billing',
      sortKey: 'next_billing_date',
      render: (s) => nowrap(formatDate(s.next_billing_date)),
    },
    {
      id: 'auto_renew',
      label: 'Auto-renew',
      hideOnMobile: true,
      render: (s) => (s.auto_renew ? 'Yes' : 'No'),
    },
    {
      id: 'start_date',
      label: 'Start',
      sortKey: 'start_date',
      hideOnMobile: true,
      render: (s) => nowrap(formatDate(s.start_date)),
    },
  ];
}

export function SubscriptionsPage() {
  const state = useListState();
  const company = useCompanyId();
  const currency = useCompanyCurrency();
  const subscriptions = useSubscriptions(state);
  const { openBulkStatus } = useBulkStatusDialog();
  const [importing, setImporting] = useState(false);
  // Importing writes orders and subscriptions in bulk: admins only, as the API has it.
  const mayImport = mayOpen('admin', useCurrentCompany().flags);
  const filtered = Boolean(state.search || Object.keys(state.filters).length);

  return (
    <Box data-testid={subscriptionsIds.listPage}>
      <PageHeader
        title="Subscriptions"
        subtitle="Every rented unit, billed by period"
        actions={
          mayImport && (
            <Button
              variant="outlined"
              onClick={() => setImporting(true)}
              data-testid={subscriptionsIds.importOpen}
            >
              Import
            </Button>
          )
        }
      />
      <DataList
        label="Subscriptions"
        columns={columns(currency)}
        query={subscriptions}
        state={state}
        getRowId={(s) => s.id}
        rowHref={(s) => `/cms/subscriptions/${s.id}`}
        rowLabel={(s) => `${s.number ?? `#${s.id}`} ${s.customer_name}`}
        exportPath={`${paths.replica(company, 'subscriptions')}/export`}
        bulkActions={(rows, clear) => (
          <Button
            variant="outlined"
            onClick={() => openBulkStatus(rows, clear)}
            data-testid={subscriptionsIds.bulkStatus}
          >
            Change status
          </Button>
        )}
        toolbar={
          <>
            <TextField
              select
              label="Status"
              value={state.filters.status ?? ''}
              onChange={(event) => state.setFilter('status', event.target.value || null)}
              sx={{ minWidth: 200 }}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': subscriptionsIds.statusFilter },
              }}
            >
              <MenuItem value="">All statuses</MenuItem>
              {SUBSCRIPTION_STATUSES.map((status) => (
                <MenuItem key={status} value={status} data-testid={subscriptionsIds.statusOption(status)}>
                  {statusLabel(status)}
                </MenuItem>
              ))}
            </TextField>
            <DateRangeFilter
              state={state}
              name="next_billing"
              labels={['Next billing from', 'Next billing to']}
              width={200}
              testIds={[subscriptionsIds.billingFrom, subscriptionsIds.billingTo]}
            />
            {/* Insights' active-subscriptions bars lead here with this set (running on a month's last day). */}
            <DateFilter
              state={state}
              name="running_on"
              label="Running on"
              width={200}
              testId={subscriptionsIds.runningOn}
            />
            {/* Insights' churn bars lead here with these set (the subscriptions that ended in a month). */}
            <DateRangeFilter
              state={state}
              name="ended"
              labels={['Ended from', 'Ended to']}
              width={200}
              testIds={[subscriptionsIds.endedFrom, subscriptionsIds.endedTo]}
            />
          </>
        }
        emptyText={filtered ? 'No subscriptions match.' : 'No subscriptions yet.'}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Box>
  );
}
