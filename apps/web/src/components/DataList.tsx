/**
 * The list of every screen (spec 01 §2 "Lists"): a search box, optional filters and actions, an
 * "Export CSV" of the whole filtered list, a table with sortable headers (cards on a phone, with the filters and the sort behind a "Filters" button), rows that
 * are links to their records, an optional checkbox column whose selection gets the screen's bulk
 * actions (and "Export selected"), 5 placeholder rows while loading, a spinner shown at least 200 ms,
 * a page-size choice and a pager that wraps around. The state lives in the URL (see `useListState`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ListMeta } from '@rentloop/domain/api';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { notify } from '../utils/notify.ts';
import type { DataListCards as DataListCardsType } from './DataListCards.tsx';
import { DataListTable } from './DataListTable.tsx';
import { ExportButton } from './ExportButton.tsx';
import type { Column } from './list-columns.ts';
import { countActiveFilters } from './list-filters-count.ts';
import { selectionKey, useListSelection } from './list-selection.ts';
import { type ListStateControls, listQuery } from './list-state.ts';
import { Pager } from './Pager.tsx';
import { MIN_SPINNER_MS } from './paging.ts';
import { SearchField } from './SearchField.tsx';
import { dataListIds } from './testids.ts';
import { useMinimumDuration } from './use-minimum-duration.ts';

export type { Column } from './list-columns.ts';

// Phones only: desktops never load the cards, nor the Filters button and its panel.
const FiltersButton = lazy(() => import('./FiltersButton.tsx').then((m) => ({ default: m.FiltersButton })));
const FiltersPanel = lazy(() => import('./FiltersButton.tsx').then((m) => ({ default: m.FiltersPanel })));
const DataListCards = lazy(() =>
  import('./DataListCards.tsx').then((m) => ({ default: m.DataListCards })),
) as unknown as typeof DataListCardsType;

/** What a list needs of its TanStack query (`use<Thing>s(state)`). */
export interface ListQuery<T> {
  data?: { data: T[]; meta: ListMeta };
  /** First load (no rows to show yet). */
  isPending: boolean;
  /** Any fetch, including a page change while the previous rows stay visible. */
  isFetching: boolean;
  error: Error | null;
}

export interface DataListProps<T> {
  columns: Column<T>[];
  query: ListQuery<T>;
  /** A failed fetch's message instead of the server's. */
  failed?: string;
  state: ListStateControls;
  getRowId: (row: T) => string | number;
  /** The record's URL: rows (and cards) become links to it. */
  rowHref?: (row: T) => string;
  /** For rows without a URL of their own (prefer `rowHref`). */
  onRowClick?: (row: T) => void;
  /** A row's name for its checkbox ("Select Jane Doe"); the first column's text by default. */
  rowLabel?: (row: T) => string;
  /** Filters and actions beside the search box. */
  toolbar?: ReactNode;
  emptyText?: string;
  label: string;
  /** The list's export route (`<list path>/export`): "Export CSV", and "Export selected" for a selection. */
  exportPath?: string;
  /** Actions on the selected rows, shown in the selection bar; turns the checkbox column on. */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  /** The checkbox column (default: on when there are bulk actions or an export). */
  selectable?: boolean;
  /** The search box (default on; off for a list whose API has no search: a webhook's deliveries). */
  searchable?: boolean;
  /** Offer the page-size choice (default on; off for a list whose size is fixed by its screen). */
  pageSizeChoice?: boolean;
}

function MobileSort<T>({ columns, state }: { columns: Column<T>[]; state: ListStateControls }) {
  const sortable = columns.filter((c) => c.sortKey);
  if (sortable.length === 0) return null;
  const value = state.sort ? `${state.sort}:${state.desc ? 'desc' : 'asc'}` : '';
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={value}
      onChange={(event) => {
        const [sort, direction] = event.target.value.split(':');
        if (sort) state.setSort(sort, direction === 'desc');
      }}
      sx={{ minWidth: 180 }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': dataListIds.mobileSort },
      }}
    >
      <MenuItem value="">Default order</MenuItem>
      {sortable.flatMap((c) => [
        <MenuItem key={`${c.sortKey}:asc`} value={`${c.sortKey}:asc`}>
          {c.label} ↑
        </MenuItem>,
        <MenuItem key={`${c.sortKey}:desc`} value={`${c.sortKey}:desc`}>
          {c.label} ↓
        </MenuItem>,
      ])}
    </TextField>
  );
}

const textOf = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number' ? String(node) : '';

export function DataList<T>(props: DataListProps<T>) {
  const { columns, query, state } = props;
  const rows = query.data?.data;
  const meta = query.data?.meta;
  const isLoading = query.isPending;
  const isFetching = query.isFetching;
  const error = query.error ? (props.failed ?? query.error.message) : null;
  const spinning = useMinimumDuration(isFetching, MIN_SPINNER_MS);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const selectable = props.selectable ?? Boolean(props.bulkActions || props.exportPath);
  const selection = useListSelection<T>(selectionKey(state), props.getRowId);
  const selected = selection.selected;
  const rowLabel =
    props.rowLabel ?? ((row: T) => textOf(columns[0]?.render(row)) || `row ${props.getRowId(row)}`);
  const params = listQuery(state);
  const sortable = columns.some((c) => c.sortKey);
  // A phone keeps the search inline and puts the filters (and the sort) behind one button.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = countActiveFilters(state.filters);

  // Spec 01 §8: a failed list fetch shows the server message as a warning (toast), and inline here.
  useEffect(() => {
    if (error) notify.warning(error);
  }, [error]);

  const body = {
    columns,
    rows,
    getRowId: props.getRowId,
    rowHref: props.rowHref,
    onRowClick: props.onRowClick,
    rowLabel,
    selection: selectable ? selection : undefined,
    showPlaceholder: isLoading && !rows,
    dimmed: isFetching && !isLoading,
    emptyText: props.emptyText ?? 'No results.',
  };

  return (
    <Paper
      variant="outlined"
      data-testid={dataListIds.root}
      // Busy while rows are fetched (the old rows stay, dimmed); the state's URL query, for the tests.
      aria-busy={isFetching}
      data-source={state.source}
      sx={{ overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {props.searchable !== false && (
          <SearchField
            value={state.search}
            onSearch={state.setSearch}
            testId={dataListIds.search}
            clearTestId={dataListIds.searchClear}
          />
        )}
        <Box sx={{ width: 24, display: 'flex', alignItems: 'center' }}>
          {spinning && <CircularProgress size={20} aria-label="Loading" data-testid={dataListIds.spinner} />}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {!phone && props.toolbar}
        {phone && (props.toolbar || sortable) && (
          <FiltersButton
            open={filtersOpen}
            onToggle={() => setFiltersOpen((o) => !o)}
            active={activeFilters}
          />
        )}
        {props.exportPath && <ExportButton path={props.exportPath} query={params} total={meta?.total} />}
      </Box>
      {phone && (
        <Suspense fallback={null}>
          <FiltersPanel open={filtersOpen}>
            {props.toolbar}
            <MobileSort columns={columns} state={state} />
          </FiltersPanel>
        </Suspense>
      )}
      {selectable && selected.length > 0 && (
        <Box
          data-testid={dataListIds.selectionBar}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            py: 1,
            bgcolor: 'action.selected',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={dataListIds.selectionCount}>
            {selected.length} selected
          </Typography>
          {props.exportPath && (
            <ExportButton
              path={props.exportPath}
              query={params}
              ids={selected.map(props.getRowId)}
              total={selected.length}
              label="Export selected"
              testId={dataListIds.exportSelected}
            />
          )}
          {props.bulkActions?.(selected, selection.clear)}
          <Button onClick={selection.clear} data-testid={dataListIds.selectionClear}>
            Clear selection
          </Button>
        </Box>
      )}
      {error && (
        <Alert severity="warning" sx={{ borderRadius: 0 }} data-testid={dataListIds.error}>
          {error}
        </Alert>
      )}
      {phone ? (
        <Suspense fallback={<Box sx={{ minHeight: 240 }} />}>
          <DataListCards {...body} />
        </Suspense>
      ) : (
        <DataListTable {...body} label={props.label} state={state} />
      )}
      <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
        <Pager
          meta={meta}
          onPage={state.setPage}
          pageSize={props.pageSizeChoice === false ? undefined : params.per_page}
          onPageSize={props.pageSizeChoice === false ? undefined : state.setPerPage}
          pageSizeTestId={dataListIds.pageSize}
          ids={{
            range: dataListIds.pagerRange,
            page: dataListIds.pagerPage,
            previous: dataListIds.pagerPrevious,
            next: dataListIds.pagerNext,
          }}
        />
      </Box>
    </Paper>
  );
}
