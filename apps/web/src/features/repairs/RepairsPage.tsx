/**
 * `/cms/repairs`: the repair cases, newest first: search by serial number or product, filter by status
 * and by the day they were opened, sort by header, paging in the URL.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REPAIR_STATUSES, type Repair } from '@rentloop/domain/repairs';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useRepairs } from './hooks.ts';
import { repairsIds } from './testids.ts';

const STATUS_OPTIONS = REPAIR_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

export function RepairsPage() {
  const state = useListState();
  const repairs = useRepairs(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;

  const columns: Column<Repair>[] = [
    { id: 'id', label: 'Repair', sortKey: 'id', render: (r) => `#${r.id}` },
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
    { id: 'status', label: 'Status', sortKey: 'status', render: (r) => <StatusChip status={r.status} /> },
    {
      id: 'created_at',
      label: 'Opened',
      sortKey: 'created_at',
      hideOnMobile: true,
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.created_at)}</Box>,
    },
    {
      id: 'total_cost',
      label: 'Total cost',
      sortKey: 'total_cost',
      align: 'right',
      render: (r) => formatAmount(r.total_cost, r.currency, ''),
    },
  ];

  return (
    <Box data-testid={repairsIds.listPage}>
      <PageHeader
        title="Repairs"
        subtitle="Every asset sent to repair: the inspection, the work, its cost and where the unit went"
      />
      <DataList
        label="Repairs"
        columns={columns}
        query={repairs}
        state={state}
        getRowId={(r) => r.id}
        rowHref={(r) => `/cms/repairs/${r.id}`}
        rowLabel={(r) => `Repair ${r.id} ${r.serial_number}`}
        toolbar={
          <FilterBar state={state} clearTestId={repairsIds.clearFilters}>
            <SelectFilter
              state={state}
              name="status"
              label="Status"
              width={160}
              allLabel="All statuses"
              options={STATUS_OPTIONS}
              testId={repairsIds.filter('status')}
              optionTestId={(v) => repairsIds.filterOption('status', v)}
            />
            <DateRangeFilter
              state={state}
              name="created"
              labels={['Opened from', 'Opened to']}
              width={170}
              testIds={[repairsIds.filter('created_from'), repairsIds.filter('created_to')]}
            />
          </FilterBar>
        }
        emptyText={filtered ? 'No repairs match.' : 'No repairs yet: an asset sent to repair opens one.'}
      />
    </Box>
  );
}
