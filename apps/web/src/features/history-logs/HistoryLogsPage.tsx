/**
 * `/super/history-logs`: the audit trail of the current company (and, for operators, of the platform:
 * users, sign-ins), newest first: each entry's record by name, linked to its screen; filtered by kind
 * of record, record id, user, action and date range.
 */

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HISTORY_ACTIONS, type HistoryLog } from '@rentloop/domain/history-logs';
import { useCompanyId, useCurrentCompany } from '../../app/current-company.tsx';
import { ActorCell } from '../../components/ActorCell.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar, SelectFilter, TextFilter } from '../../components/ListFilters.tsx';
import { type ListStateControls, useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { changedFields } from './diff.ts';
import { ENTITY_OPTIONS } from './entities.ts';
import { useHistoryLogs } from './hooks.ts';
import { RecordName } from './RecordName.tsx';
import { historyLogsIds } from './testids.ts';
import { UserFilter } from './UserFilter.tsx';

const columns: Column<HistoryLog>[] = [
  {
    id: 'created_at',
    label: 'Date',
    sortKey: 'created_at',
    render: (l) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.created_at)}</Box>,
  },
  {
    id: 'action',
    label: 'Action',
    render: (l) => <StatusChip status={l.action} testId={historyLogsIds.actionChip} />,
  },
  // Its own link to the record: not inside the row's link to the entry.
  { id: 'entity', label: 'Record', link: false, render: (l) => <RecordName log={l} /> },
  {
    id: 'user',
    label: 'By',
    render: (l) => <ActorCell id={l.user_id} name={l.user_name} email={l.user_email} />,
  },
  {
    id: 'changes',
    label: 'Changes',
    hideOnMobile: true,
    // Nothing when nothing changed (a sign-in): an empty cell is no link (DataListTable).
    render: (l) => {
      const fields = changedFields(l);
      return fields ? (
        <Typography variant="body2" color="text.secondary">
          {fields}
        </Typography>
      ) : null;
    },
  },
  { id: 'ip', label: 'IP address', hideOnMobile: true, render: (l) => l.ip ?? '' },
];

const ACTION_OPTIONS = HISTORY_ACTIONS.map((action) => ({ value: action, label: statusLabel(action) }));

function Filters({ state }: { state: ListStateControls }) {
  return (
    <FilterBar state={state} clearTestId={historyLogsIds.clearFilters}>
      <SelectFilter
        state={state}
        name="entity"
        label="Record"
        allLabel="All records"
        options={ENTITY_OPTIONS}
        width={200}
        testId={historyLogsIds.filter('entity')}
        optionTestId={historyLogsIds.entityOption}
      />
      <TextFilter
        state={state}
        name="entity_id"
        label="Record id"
        width={110}
        testId={historyLogsIds.filter('entity_id')}
      />
      <UserFilter state={state} />
      <SelectFilter
        state={state}
        name="action"
        label="Action"
        allLabel="All actions"
        options={ACTION_OPTIONS}
        width={160}
        testId={historyLogsIds.filter('action')}
        optionTestId={historyLogsIds.actionOption}
      />
      <DateRangeFilter
        state={state}
        name="date"
        labels={['From', 'To']}
        width={185}
        testIds={[historyLogsIds.filter('date_from'), historyLogsIds.filter('date_to')]}
      />
    </FilterBar>
  );
}

export function HistoryLogsPage() {
  const state = useListState();
  const logs = useHistoryLogs(state);
  const { company } = useCurrentCompany();
  const companyId = useCompanyId();

  return (
    <Box data-testid={historyLogsIds.listPage}>
      <PageHeader
        title="History logs"
        subtitle={
          company ? `Every change in ${company.name}, and to accounts and sign-ins, newest first` : undefined
        }
      />
      <DataList
        label="History logs"
        columns={columns}
        query={logs}
        state={state}
        getRowId={(l) => l.id}
        rowHref={(l) => `/super/history-logs/${l.id}`}
        rowLabel={(l) => `entry #${l.id}`}
        exportPath={`/api/${companyId}/utils/history-logs/export`}
        toolbar={<Filters state={state} />}
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No entries match.' : 'Nothing recorded yet.'
        }
      />
    </Box>
  );
}
