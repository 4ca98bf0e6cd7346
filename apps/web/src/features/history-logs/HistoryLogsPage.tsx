/**
 * `/super/history-logs`: the audit trail of the current company (and, for operators, of the platform:
 * users, sign-ins), newest first, filtered by entity, entity id, user, action and date range.
 */

import FilterListOff from '@mui/icons-material/FilterListOff';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HISTORY_ACTIONS, type HistoryLog } from '@rentloop/domain/history-logs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { type ListStateControls, useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../components/paging.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { useCurrentCompany } from '../companies/current-company.tsx';
import { changedFields, humanize } from './diff.ts';
import { useHistoryLogs } from './hooks.ts';
import { historyLogsIds } from './testids.ts';

/** The audited tables (and `auth` for sign-ins); any other entity name may be typed. */
export const KNOWN_ENTITIES = [
  'auth',
  'availability_settings',
  'bundles',
  'companies',
  'company_settings',
  'company_users',
  'customers',
  'email_entries',
  'platform_settings',
  'product_collections',
  'products',
  'product_variants',
  'tax_rules',
  'users',
  'user_tokens',
];

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
  {
    id: 'entity',
    label: 'Entity',
    render: (l) => (
      <Box data-testid={historyLogsIds.entity} data-entity={l.entity_type}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} component="span">
          {humanize(l.entity_type)}
        </Typography>
        {l.entity_id && (
          <Typography variant="body2" color="text.secondary" component="span">
            {' '}
            #{l.entity_id}
          </Typography>
        )}
      </Box>
    ),
  },
  {
    id: 'user',
    label: 'By',
    render: (l) =>
      l.user_id ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{l.user_name ?? `User #${l.user_id}`}</Typography>
          {l.user_email && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {l.user_email}
            </Typography>
          )}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          System
        </Typography>
      ),
  },
  {
    id: 'changes',
    label: 'Changes',
    hideOnMobile: true,
    render: (l) => (
      <Typography variant="body2" color="text.secondary">
        {changedFields(l)}
      </Typography>
    ),
  },
  { id: 'ip', label: 'IP address', hideOnMobile: true, render: (l) => l.ip ?? '' },
];

/** A text filter that updates the URL after typing stops (like the search box). */
function TextFilter(props: {
  state: ListStateControls;
  name: string;
  label: string;
  type?: 'text' | 'number';
  width: number;
}) {
  const { state, name } = props;
  const value = state.filters[name] ?? '';
  const [text, setText] = useState(value);
  const { setFilter } = state;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => setFilter(name, text.trim() || null), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, name, setFilter]);
  return (
    <TextField
      label={props.label}
      type={props.type}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width: props.width }}
      slotProps={{ htmlInput: { 'data-testid': historyLogsIds.filter(name), min: 1 } }}
    />
  );
}

function Filters({ state }: { state: ListStateControls }) {
  const { filters, setFilter } = state;
  const [, setParams] = useSearchParams();
  const any = Object.keys(filters).length > 0;
  const clear = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('filters');
      next.delete('page');
      return next;
    });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Autocomplete
        freeSolo
        autoSelect
        options={KNOWN_ENTITIES}
        getOptionLabel={(option) => option}
        value={filters.entity ?? null}
        onChange={(_event, next) => setFilter('entity', next?.trim() || null)}
        sx={{ width: 200 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Entity"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': historyLogsIds.filter('entity') },
            }}
          />
        )}
      />
      <TextFilter state={state} name="entity_id" label="Entity id" width={110} />
      <TextFilter state={state} name="user" label="User id" type="number" width={110} />
      <TextField
        select
        label="Action"
        value={filters.action ?? ''}
        onChange={(event) => setFilter('action', event.target.value || null)}
        sx={{ width: 150 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': historyLogsIds.filter('action') },
        }}
      >
        <MenuItem value="" data-testid={historyLogsIds.actionOption('all')}>
          All actions
        </MenuItem>
        {HISTORY_ACTIONS.map((action) => (
          <MenuItem key={action} value={action} data-testid={historyLogsIds.actionOption(action)}>
            {humanize(action)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="From"
        type="date"
        value={filters.date_from ?? ''}
        onChange={(event) => setFilter('date_from', event.target.value || null)}
        sx={{ width: 160 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': historyLogsIds.filter('date_from'), max: filters.date_to },
        }}
      />
      <TextField
        label="To"
        type="date"
        value={filters.date_to ?? ''}
        onChange={(event) => setFilter('date_to', event.target.value || null)}
        sx={{ width: 160 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': historyLogsIds.filter('date_to'), min: filters.date_from },
        }}
      />
      {any && (
        <Button startIcon={<FilterListOff />} onClick={clear} data-testid={historyLogsIds.clearFilters}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}

export function HistoryLogsPage() {
  const state = useListState();
  const logs = useHistoryLogs(state);
  const navigate = useNavigate();
  const { company } = useCurrentCompany();

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
        onRowClick={(l) => navigate(`/super/history-logs/${l.id}`)}
        toolbar={<Filters state={state} />}
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No entries match.' : 'Nothing recorded yet.'
        }
      />
    </Box>
  );
}
