/**
 * DataList's table (tablet and desktop): sortable headers marked before they are sorted, an optional
 * checkbox column, and rows that are real links (`rowHref`): every linked cell is an `<a>` to the
 * record, so opening in a new tab, middle-click and copying the link work, and a plain click still
 * navigates in the app. Only the first link of a row takes keyboard focus; the row shows it.
 */
import SwapVert from '@mui/icons-material/SwapVert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { type Column, tableWrapSx } from './list-columns.ts';
import type { SelectionControls } from './list-selection.ts';
import type { ListStateControls } from './list-state.ts';
import { PLACEHOLDER_ROWS } from './paging.ts';
import { RowCheckbox } from './RowCheckbox.tsx';
import { dataListIds } from './testids.ts';
import { visuallyHidden } from './visually-hidden.ts';

const hideOnMobile = { display: { xs: 'none', md: 'table-cell' } } as const;
const linkSx = {
  display: 'block',
  p: 2,
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  height: '100%',
  boxSizing: 'border-box',
} as const;

export interface DataListTableProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  state: ListStateControls;
  getRowId: (row: T) => string | number;
  rowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** A name for a row's checkbox ("Select Jane Doe"). */
  rowLabel: (row: T) => string;
  selection?: SelectionControls<T>;
  showPlaceholder: boolean;
  dimmed: boolean;
  emptyText: string;
}

function SortHeader<T>({
  column,
  state,
}: {
  column: Column<T> & { sortKey: string };
  state: ListStateControls;
}) {
  const active = state.sort === column.sortKey;
  return (
    <TableSortLabel
      active={active}
      direction={active && state.desc ? 'desc' : 'asc'}
      onClick={() => state.toggleSort(column.sortKey)}
      data-testid={dataListIds.sort(column.sortKey)}
      // Inactive: a faint two-way arrow, so a sortable column is visible before anyone sorts by it.
      IconComponent={active ? undefined : SwapVert}
      sx={active ? undefined : { '& .MuiTableSortLabel-icon': { opacity: 0.45 } }}
    >
      {column.label}
    </TableSortLabel>
  );
}

export function DataListTable<T>(props: DataListTableProps<T>) {
  const { columns, rows, state, selection, rowHref, onRowClick } = props;
  const span = columns.length + (selection ? 1 : 0);
  const pageState = selection && rows ? selection.pageState(rows) : 'none';

  return (
    <TableContainer>
      <Table size="medium" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <RowCheckbox
                  checked={pageState === 'all'}
                  indeterminate={pageState === 'some'}
                  disabled={!rows?.length}
                  onChange={() => rows && selection.togglePage(rows)}
                  label="Select this page"
                  testId={dataListIds.selectPage}
                />
              </TableCell>
            )}
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
                  <SortHeader column={column as Column<T> & { sortKey: string }} state={state} />
                ) : column.hideLabel ? (
                  // A header cell without text leaves the column unnamed for screen readers.
                  <Box component="span" sx={visuallyHidden}>
                    {column.label}
                  </Box>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.showPlaceholder &&
            Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
              <TableRow key={i} data-testid={dataListIds.placeholderRow}>
                {selection && <TableCell padding="checkbox" />}
                {columns.map((column) => (
                  <TableCell key={column.id} sx={column.hideOnMobile ? hideOnMobile : undefined}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {rows?.map((row) => {
            const id = props.getRowId(row);
            const href = rowHref?.(row);
            let focusable = true;
            return (
              <TableRow
                key={id}
                hover={Boolean(href || onRowClick)}
                selected={selection?.isSelected(id)}
                data-testid={dataListIds.row}
                data-row-id={id}
                tabIndex={!href && onRowClick ? 0 : undefined}
                onClick={!href && onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  !href && onRowClick
                    ? (event) => {
                        if (event.key === 'Enter') onRowClick(row);
                      }
                    : undefined
                }
                sx={{
                  cursor: href || onRowClick ? 'pointer' : undefined,
                  opacity: props.dimmed ? 0.65 : 1,
                  transition: 'opacity 120ms',
                  '&:last-child td': { borderBottom: 0 },
                  '&:focus-within, &:focus-visible': {
                    outline: '2px solid',
                    outlineColor: 'primary.dark',
                    outlineOffset: -2,
                  },
                }}
              >
                {selection && (
                  <TableCell padding="checkbox">
                    <RowCheckbox
                      checked={selection.isSelected(id)}
                      onChange={() => selection.toggle(id, row)}
                      label={`Select ${props.rowLabel(row)}`}
                      testId={dataListIds.selectRow}
                    />
                  </TableCell>
                )}
                {columns.map((column) => {
                  const content = column.render(row);
                  // An empty cell is no link: a link without text says nothing to a screen reader (axe
                  // `link-name`); the row's other cells still open it.
                  const empty =
                    content === null || content === undefined || content === '' || content === false;
                  const linked = href && column.link !== false && !empty;
                  const tabIndex = linked && focusable ? 0 : -1;
                  if (linked) focusable = false;
                  return (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={{
                        ...tableWrapSx,
                        ...(column.hideOnMobile ? hideOnMobile : {}),
                        ...(linked ? { p: 0, height: '1px' } : {}),
                      }}
                    >
                      {linked ? (
                        // Box over the router's Link, not MUI's Link: the list's first load stays smaller.
                        <Box
                          component={Link}
                          to={href}
                          tabIndex={tabIndex}
                          data-testid={tabIndex === 0 ? dataListIds.rowLink : undefined}
                          sx={linkSx}
                        >
                          {content}
                        </Box>
                      ) : (
                        content
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={span} sx={{ borderBottom: 0 }}>
                <Typography
                  color="text.secondary"
                  sx={{ py: 6, textAlign: 'center' }}
                  data-testid={dataListIds.empty}
                >
                  {props.emptyText}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
