/**
 * `/cms/returns`: rented units coming back: search by serial number, product, customer or tracking
 * number, filter by status, outcome and the day it was opened, sort by header, paging in the URL.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  RETURN_OUTCOMES,
  RETURN_SOURCE_LABELS,
  RETURN_STATUSES,
  type Return,
} from '@rentloop/domain/returns';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useReturns } from './hooks.ts';
import { returnsIds } from './testids.ts';

const STATUS_OPTIONS = RETURN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const OUTCOME_OPTIONS = RETURN_OUTCOMES.map((s) => ({ value: s, label: statusLabel(s) }));

export function ReturnsPage() {
  const state = useListState();
  const returns = useReturns(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;

  const columns: Column<Return>[] = [
    { id: 'id', label: 'Return', sortKey: 'id', render: (r) => `#${r.id}` },
    {
      id: 'serial_number',
      label: 'Serial number',
      sortKey: 'serial_number',
      render: (r) => (
        <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
          {r.serial_number}
        </Typography>
      ),
    },
    { id: 'product_name', label: 'Product', hideOnMobile: true, render: (r) => r.product_name },
    { id: 'customer_name', label: 'Customer', render: (r) => r.customer_name ?? '' },
    { id: 'status', label: 'Status', sortKey: 'status', render: (r) => <StatusChip status={r.status} /> },
    {
      id: 'outcome',
      label: 'Outcome',
      render: (r) => (r.outcome ? <StatusChip status={r.outcome} /> : ''),
    },
    {
      id: 'source',
      label: 'Opened because',
      hideOnMobile: true,
      render: (r) => RETURN_SOURCE_LABELS[r.source],
    },
    {
      id: 'tracking_number',
      label: 'Tracking',
      hideOnMobile: true,
      render: (r) => [r.carrier, r.tracking_number].filter(Boolean).join(' '),
    },
    {
      id: 'created_at',
      label: 'Opened',
      sortKey: 'created_at',
      hideOnMobile: true,
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.created_at)}</Box>,
    },
  ];

  return (
    <Box data-testid={returnsIds.listPage}>
      <PageHeader
        title="Returns"
        subtitle="Rented units coming back: receive, inspect, and send each to stock, repair or out of the fleet"
      />
      <DataList
        label="Returns"
        columns={columns}
        query={returns}
        state={state}
        getRowId={(r) => r.id}
        rowHref={(r) => `/cms/returns/${r.id}`}
        rowLabel={(r) => `Return ${r.id} ${r.serial_number}`}
        toolbar={
          <FilterBar state={state} clearTestId={returnsIds.clearFilters}>
            <SelectFilter
              state={state}
              name="status"
              label="Status"
              width={150}
              allLabel="All statuses"
              options={STATUS_OPTIONS}
              testId={returnsIds.filter('status')}
              optionTestId={(v) => returnsIds.filterOption('status', v)}
            />
            <SelectFilter
              state={state}
              name="outcome"
              label="Outcome"
              width={150}
              allLabel="All outcomes"
              options={OUTCOME_OPTIONS}
              testId={returnsIds.filter('outcome')}
              optionTestId={(v) => returnsIds.filterOption('outcome', v)}
            />
            <DateRangeFilter
              state={state}
              name="created"
              labels={['Opened from', 'Opened until']}
              width={170}
              testIds={[returnsIds.filter('created_from'), returnsIds.filter('created_to')]}
            />
          </FilterBar>
        }
        emptyText={
          filtered
            ? 'No returns match.'
            : 'No returns yet: one opens when a subscription holding a unit ends, or from a rented out asset’s page.'
        }
      />
    </Box>
  );
}
