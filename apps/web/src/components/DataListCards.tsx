/**
 * DataList on a phone (below 600 px): each row a card with its title and the columns that matter
 * (`card` on a column, list-columns.ts), labelled, instead of a table scrolling sideways. The card
 * is a link to the record like a table row; its checkbox sits beside the link, not inside it.
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Column, cardRole, wrapSx } from './list-columns.ts';
import type { SelectionControls } from './list-selection.ts';
import { PLACEHOLDER_ROWS } from './paging.ts';
import { RowCheckbox } from './RowCheckbox.tsx';
import { dataListIds } from './testids.ts';

export interface DataListCardsProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  getRowId: (row: T) => string | number;
  rowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowLabel: (row: T) => string;
  selection?: SelectionControls<T>;
  showPlaceholder: boolean;
  dimmed: boolean;
  emptyText: string;
}

const cardSx = { px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' } as const;

/**
 * A card's title and labelled fields; without a row (loading), the same labels with a skeleton for each
 * value, so a card keeps its height when its row comes (two skeleton lines moved the pager and the footer
 * down as the rows came: layout shift, docs/performance.md).
 */
function CardBody<T>({ columns, row }: { columns: Column<T>[]; row?: T }) {
  const title = columns.filter((c, i) => cardRole(c, i) === 'title');
  const fields = columns.filter((c, i) => cardRole(c, i) === 'field');
  const value = (c: Column<T>) => (row === undefined ? <Skeleton width="70%" /> : c.render(row));
  return (
    <Box sx={wrapSx}>
      {title.map((c) => (
        <Box key={c.id} sx={{ fontWeight: 600, mb: 0.5 }}>
          {row === undefined ? <Skeleton width="50%" /> : c.render(row)}
        </Box>
      ))}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(80px, auto) 1fr',
          columnGap: 1.5,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {fields.map((c) => (
          <Field key={c.id} label={c.label}>
            {value(c)}
          </Field>
        ))}
      </Box>
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

export function DataListCards<T>(props: DataListCardsProps<T>) {
  const { columns, rows, selection, rowHref, onRowClick } = props;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Results">
      {props.showPlaceholder &&
        Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have nothing else to key by
          <Box component="li" key={i} sx={cardSx} data-testid={dataListIds.placeholderRow}>
            <CardBody columns={columns} />
          </Box>
        ))}
      {rows?.map((row) => {
        const id = props.getRowId(row);
        const href = rowHref?.(row);
        const body = <CardBody columns={columns} row={row} />;
        return (
          <Box
            component="li"
            key={id}
            data-testid={dataListIds.card}
            data-row-id={id}
            sx={{
              ...cardSx,
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1,
              opacity: props.dimmed ? 0.65 : 1,
              bgcolor: selection?.isSelected(id) ? 'action.selected' : undefined,
              '&:focus-within': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: -2 },
            }}
          >
            {selection && (
              <RowCheckbox
                checked={selection.isSelected(id)}
                onChange={() => selection.toggle(id, row)}
                label={`Select ${props.rowLabel(row)}`}
                testId={dataListIds.selectRow}
              />
            )}
            {href ? (
              <Box
                component={Link}
                to={href}
                sx={{ flex: 1, minWidth: 0, outline: 'none', color: 'inherit', textDecoration: 'none' }}
                data-testid={dataListIds.rowLink}
              >
                {body}
              </Box>
            ) : (
              <Box
                sx={{ flex: 1, minWidth: 0, cursor: onRowClick ? 'pointer' : undefined }}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {body}
              </Box>
            )}
          </Box>
        );
      })}
      {rows && rows.length === 0 && (
        <Box component="li">
          <Typography
            color="text.secondary"
            sx={{ py: 6, textAlign: 'center' }}
            data-testid={dataListIds.empty}
          >
            {props.emptyText}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
