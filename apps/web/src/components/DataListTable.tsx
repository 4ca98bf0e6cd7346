/**
 * DataList's table (tablet and desktop): sortable headers marked before they are sorted, an optional
 * checkbox column, and rows that are real links (`rowHref`): every linked cell is an `<a>` to the
 * record, so opening in a new tab, middle-click and copying the link work, and a plain click still
 * navigates in the app. Only the first link of a row takes keyboard focus; the row shows it.
 * A first column marked `sticky` (and the checkbox column before it) stays in view while a table wider
 * than the screen scrolls sideways, so each row still says which record it is.
 */
import SwapVert from '@mui/icons-material/SwapVert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { alpha, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SystemStyleObject } from '@mui/system';
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

/** The checkbox column's width when it stays in view (MUI's 48 px and its 4 px padding), the first column's offset. */
const CHECKBOX_WIDTH = 52;
const checkboxSx = {
  width: CHECKBOX_WIDTH,
  minWidth: CHECKBOX_WIDTH,
  maxWidth: CHECKBOX_WIDTH,
  boxSizing: 'border-box',
};
const tint = (color: string) => `linear-gradient(${color}, ${color})`;

/**
 * A cell that stays in view: its own background (the cells scrolling under it must not show through),
 * with the row's hover and selection tints laid over it, a line at the edge of the sticky part, and the
 * focused body row's outline drawn again on it (it covers the row's own).
 */
function stickySx(
  left: number,
  { first, edge }: { first: boolean; edge: boolean },
  extra: SystemStyleObject<Theme> = {},
): (theme: Theme) => SystemStyleObject<Theme> {
  return (theme) => {
    const { action, primary, divider } = theme.palette;
    const line = edge ? [`inset -1px 0 0 ${divider}`] : [];
    const ring = [
      `inset 0 2px 0 ${primary.dark}`,
      `inset 0 -2px 0 ${primary.dark}`,
      ...(first ? [`inset 2px 0 0 ${primary.dark}`] : []),
    ];
    return {
      ...extra,
      position: 'sticky',
      left,
      zIndex: 1,
      bgcolor: 'background.paper',
      boxShadow: line.join(', ') || undefined,
      '.MuiTableRow-hover:hover > &': { backgroundImage: tint(action.hover) },
      '.Mui-selected > &': { backgroundImage: tint(alpha(primary.main, action.selectedOpacity)) },
      '.Mui-selected.MuiTableRow-hover:hover > &': {
        backgroundImage: tint(alpha(primary.main, action.selectedOpacity + action.hoverOpacity)),
      },
      'tbody tr:focus-within > &, tbody tr:focus-visible > &': { boxShadow: [...line, ...ring].join(', ') },
    };
  };
}

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
  const sticky = columns[0]?.sticky === true;
  // The checkbox cell and the first column's, when the first column stays in view; nothing otherwise.
  const boxSticky = sticky ? stickySx(0, { first: true, edge: false }, checkboxSx) : undefined;
  const firstSticky = (index: number) =>
    sticky && index === 0 && stickySx(selection ? CHECKBOX_WIDTH : 0, { first: !selection, edge: true });

  return (
    <TableContainer>
      <Table size="medium" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox" sx={boxSticky}>
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
            {columns.map((column, index) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={[
                  { width: column.width, ...(column.hideOnMobile ? hideOnMobile : {}) },
                  firstSticky(index),
                ]}
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
                {selection && <TableCell padding="checkbox" sx={boxSticky} />}
                {columns.map((column, index) => (
                  <TableCell
                    key={column.id}
                    sx={[column.hideOnMobile ? hideOnMobile : {}, firstSticky(index)]}
                  >
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
                  <TableCell padding="checkbox" sx={boxSticky}>
                    <RowCheckbox
                      checked={selection.isSelected(id)}
                      onChange={() => selection.toggle(id, row)}
                      label={`Select ${props.rowLabel(row)}`}
                      testId={dataListIds.selectRow}
                    />
                  </TableCell>
                )}
                {columns.map((column, index) => {
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
                      sx={[
                        {
                          ...tableWrapSx,
                          ...(column.hideOnMobile ? hideOnMobile : {}),
                          ...(linked ? { p: 0, height: '1px' } : {}),
                        },
                        firstSticky(index),
                      ]}
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
