/**
 * `/super/events` (Event List, operators): what happened to the objects of the current company and
 * of the platform (users), newest first, filtered by type, object and object id.
 */
import FilterListOff from '@mui/icons-material/FilterListOff';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EVENT_OBJECTS, EVENT_TYPES, type Event } from '@rentloop/domain/events';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { type ListStateControls, useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../components/paging.ts';
import { formatDateTime } from '../../utils/dates.ts';
import { useCurrentCompany } from '../companies/current-company.tsx';
import { EventTypeChip } from './EventTypeChip.tsx';
import { eventSummary, objectLabel, objectName } from './event-text.ts';
import { useEvents } from './hooks.ts';
import { eventsIds } from './testids.ts';

const columns: Column<Event>[] = [
  {
    id: 'created_at',
    label: 'Date',
    sortKey: 'created_at',
    render: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Box>,
  },
  { id: 'type', label: 'Type', render: (e) => <EventTypeChip type={e.type} /> },
  {
    id: 'object',
    label: 'Object',
    render: (e) => (
      <Typography variant="body2" data-testid={eventsIds.object} data-object={e.object} component="span">
        {objectLabel(e)}
      </Typography>
    ),
  },
  {
    id: 'summary',
    label: 'What',
    hideOnMobile: true,
    render: (e) => (
      <Typography variant="body2" color="text.secondary">
        {eventSummary(e)}
      </Typography>
    ),
  },
  {
    id: 'actor',
    label: 'By',
    render: (e) =>
      e.actor_id ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{e.actor_name ?? `User #${e.actor_id}`}</Typography>
          {e.actor_email && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {e.actor_email}
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
    id: 'company',
    label: 'Scope',
    hideOnMobile: true,
    render: (e) => (
      <Typography variant="body2" color="text.secondary">
        {e.company_id === null ? 'Platform' : 'Company'}
      </Typography>
    ),
  },
];

/** The object id filter: updates the URL after typing stops (like the search box). */
function ObjectIdFilter({ state }: { state: ListStateControls }) {
  const value = state.filters.object_id ?? '';
  const [text, setText] = useState(value);
  const { setFilter } = state;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => setFilter('object_id', text.trim() || null), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, setFilter]);
  return (
    <TextField
      label="Object id"
      type="number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width: 120 }}
      slotProps={{ htmlInput: { 'data-testid': eventsIds.filter('object_id'), min: 1 } }}
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
        options={[...EVENT_TYPES]}
        value={filters.type ?? null}
        onChange={(_event, next) => setFilter('type', next?.trim() || null)}
        sx={{ width: 230 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Type"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': eventsIds.filter('type') },
            }}
          />
        )}
      />
      <TextField
        select
        label="Object"
        value={filters.object ?? ''}
        onChange={(event) => setFilter('object', event.target.value || null)}
        sx={{ width: 150 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': eventsIds.filter('object') },
        }}
      >
        <MenuItem value="" data-testid={eventsIds.objectOption('all')}>
          All objects
        </MenuItem>
        {EVENT_OBJECTS.map((object) => (
          <MenuItem key={object} value={object} data-testid={eventsIds.objectOption(object)}>
            {objectName(object)}
          </MenuItem>
        ))}
      </TextField>
      <ObjectIdFilter state={state} />
      {any && (
        <Button startIcon={<FilterListOff />} onClick={clear} data-testid={eventsIds.clearFilters}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}

export function EventsPage() {
  const state = useListState();
  const events = useEvents(state);
  const navigate = useNavigate();
  const { company } = useCurrentCompany();

  return (
    <Box data-testid={eventsIds.listPage}>
      <PageHeader
        title="Event List"
        subtitle={
          company
            ? `What happened in ${company.name}, and to accounts on the platform, newest first`
            : undefined
        }
      />
      <DataList
        label="Events"
        columns={columns}
        query={events}
        state={state}
        getRowId={(e) => e.id}
        onRowClick={(e) => navigate(`/super/events/${e.id}`)}
        toolbar={<Filters state={state} />}
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No events match.' : 'Nothing has happened yet.'
        }
      />
    </Box>
  );
}
