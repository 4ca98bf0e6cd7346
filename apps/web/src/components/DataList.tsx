/**
 * The list of every screen (spec 01 §2 "Lists"): a search box, optional filters and actions,
 * a table with sortable headers, 5 placeholder rows while loading, a spinner shown at least 200 ms,
 * and a pager that wraps around. The state lives in the URL (see `useListState`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ListMeta } from '@rentloop/domain/api';
import { type ReactNode, useEffect } from 'react';
import { notify } from '../utils/notify.ts';
import type { ListStateControls } from './list-state.ts';
import { Pager } from './Pager.tsx';
import { MIN_SPINNER_MS, PLACEHOLDER_ROWS } from './paging.ts';
import { SearchField } from './SearchField.tsx';
import { dataListIds } from './testids.ts';
import { useMinimumDuration } from './use-minimum-duration.ts';

export interface Column<T> {
  id: string;
  label: string;
  /** The API's sort key when the column is sortable. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  /** Hide on small screens. */
  hideOnMobile?: boolean;
  align?: 'left' | 'right';
  width?: number | string;
}

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
  onRowClick?: (row: T) => void;
  /** Filters and actions beside the search box. */
  toolbar?: ReactNode;
  emptyText?: string;
  label: string;
}

const hideOnMobile = { display: { xs: 'none', md: 'table-cell' } } as const;

export function DataList<T>(props: DataListProps<T>) {
  const { columns, query, state, onRowClick } = props;
  const rows = query.data?.data;
  const meta = query.data?.meta;
  const isLoading = query.isPending;
  const isFetching = query.isFetching;
  const error = query.error ? (props.failed ?? query.error.message) : null;
  const spinning = useMinimumDuration(isFetching, MIN_SPINNER_MS);
  const showPlaceholder = isLoading && !rows;

  // Spec 01 §8: a failed list fetch shows the server message as a warning (toast), and inline here.
  useEffect(() => {
    if (error) notify.warning(error);
  }, [error]);

  return (
    <Paper variant="outlined" data-testid={dataListIds.root} sx={{ overflow: 'hidden' }}>
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
        <SearchField
          value={state.search}
          onSearch={state.setSearch}
          testId={dataListIds.search}
          clearTestId={dataListIds.searchClear}
        />
        <Box sx={{ width: 24, display: 'flex', alignItems: 'center' }}>
          {spinning && <CircularProgress size={20} aria-label="Loading" data-testid={dataListIds.spinner} />}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {props.toolbar}
      </Box>
      {error && (
        <Alert severity="warning" sx={{ borderRadius: 0 }} data-testid={dataListIds.error}>
          {error}
        </Alert>
      )}
      <TableContainer>
        <Table size="medium" aria-label={props.label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, ...(column.hideOnMobile ? hideOnMobile : {}) }}
                  sortDirection={
                    column.sortKey && state.sort === column.sortKey ? (state.desc ? 'desc' : 'asc') : false
                  }
                >
                  {column.sortKey ? (
                    <TableSortLabel
                      active={state.sort === column.sortKey}
                      direction={state.sort === column.sortKey && state.desc ? 'desc' : 'asc'}
                      onClick={() => column.sortKey && state.toggleSort(column.sortKey)}
                      data-testid={dataListIds.sort(column.sortKey)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {showPlaceholder &&
              Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
                <TableRow key={i} data-testid={dataListIds.placeholderRow}>
                  {columns.map((column) => (
                    <TableCell key={column.id} sx={column.hideOnMobile ? hideOnMobile : undefined}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {rows?.map((row) => (
              <TableRow
                key={props.getRowId(row)}
                hover={Boolean(onRowClick)}
                data-testid={dataListIds.row}
                data-row-id={props.getRowId(row)}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (event.key === 'Enter') onRowClick(row);
                      }
                    : undefined
                }
                sx={{
                  cursor: onRowClick ? 'pointer' : undefined,
                  opacity: isFetching && !isLoading ? 0.65 : 1,
                  transition: 'opacity 120ms',
                  '&:last-child td': { borderBottom: 0 },
                }}
              >
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={column.hideOnMobile ? hideOnMobile : undefined}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ borderBottom: 0 }}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 6, textAlign: 'center' }}
                    data-testid={dataListIds.empty}
                  >
                    {props.emptyText ?? 'No results.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
        <Pager
          meta={meta}
          onPage={state.setPage}
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
