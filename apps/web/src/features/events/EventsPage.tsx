/**
 * `/super/events` (Event List, operators): what happened to the objects of the current company and
 * of the platform (users), newest first, filtered by type, object and object id.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EVENT_OBJECTS, EVENT_TYPES, type Event } from '@rentloop/domain/events';
import { paths } from '../../api/client.ts';
import { useCompanyId, useCurrentCompany } from '../../app/current-company.tsx';
import { ActorCell } from '../../components/ActorCell.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { FilterBar, SelectFilter, TextFilter } from '../../components/ListFilters.tsx';
import { type ListStateControls, useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../utils/dates.ts';
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
    render: (e) => {
      const summary = eventSummary(e);
      // Nothing to say is an empty cell (not an empty link: the table links non-empty cells only).
      return summary ? (
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
      ) : null;
    },
  },
  {
    id: 'actor',
    label: 'By',
    render: (e) => <ActorCell id={e.actor_id} name={e.actor_name} email={e.actor_email} />,
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

const OBJECT_OPTIONS = EVENT_OBJECTS.map((object) => ({ value: object, label: objectName(object) }));

function Filters({ state }: { state: ListStateControls }) {
  const { filters, setFilter } = state;
  return (
    <FilterBar state={state} clearTestId={eventsIds.clearFilters}>
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
      <SelectFilter
        state={state}
        name="object"
        label="Object"
        allLabel="All objects"
        options={OBJECT_OPTIONS}
        width={150}
        testId={eventsIds.filter('object')}
        optionTestId={eventsIds.objectOption}
      />
      <TextFilter
        state={state}
        name="object_id"
        label="Object id"
        type="number"
        width={120}
        testId={eventsIds.filter('object_id')}
      />
    </FilterBar>
  );
}

export function EventsPage() {
  const state = useListState();
  const events = useEvents(state);
  const { company } = useCurrentCompany();
  const companyId = useCompanyId();

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
        rowHref={(e) => `/super/events/${e.id}`}
        rowLabel={(e) => `${e.type} #${e.id}`}
        exportPath={`${paths.replica(companyId, 'events')}/export`}
        toolbar={<Filters state={state} />}
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No events match.' : 'Nothing has happened yet.'
        }
      />
    </Box>
  );
}
