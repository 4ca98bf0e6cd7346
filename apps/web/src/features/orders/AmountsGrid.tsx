/**
 * An order's amounts with one basis per column: a row each for the items (after their discounts),
 * shipping and the total, and the columns Net, Tax and Gross, so every column adds up down and every
 * row across (docs/decisions.md, "Order amounts"). The order page and the order builder show it.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../components/visually-hidden.ts';

export const AMOUNT_COLUMNS = ['net', 'tax', 'gross'] as const;
export type AmountColumn = (typeof AMOUNT_COLUMNS)[number];
const COLUMN_LABELS: Record<AmountColumn, string> = { net: 'Net', tax: 'Tax', gross: 'Gross' };

export interface AmountsRow extends Record<AmountColumn, string> {
  key: string;
  label: ReactNode;
  /** The total's row: bold, with a line above. */
  total?: boolean;
}

// Tight, so the three columns fit beside the labels without scrolling on a phone and in the order
// builder's 380 px totals panel (its Gross column was cut at the edge); a figure's right edge lines up with
// its heading's, so the columns still read apart.
const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', px: 0.5 } as const;

export function AmountsGrid({
  rows,
  format,
  label,
  cellTestId,
}: {
  rows: readonly AmountsRow[];
  /** An amount (a decimal string) as shown. */
  format: (value: string) => string;
  /** The table's accessible name. */
  label: string;
  cellTestId: (row: string, column: AmountColumn) => string;
}) {
  return (
    <Table
      size="small"
      aria-label={label}
      sx={{ '& td, & th': { borderBottom: 'none', fontSize: { xs: '0.8125rem', sm: '0.875rem' } } }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ pl: 0, pr: 1 }}>
            <Box component="span" sx={visuallyHidden}>
              Line
            </Box>
          </TableCell>
          {AMOUNT_COLUMNS.map((c) => (
            <TableCell key={c} align="right" sx={{ ...figure, color: 'text.secondary' }}>
              {COLUMN_LABELS[c]}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const strong = row.total ? { fontWeight: 700, borderTop: 1, borderColor: 'divider' } : {};
          return (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ pl: 0, pr: 1, ...strong }}>
                {row.label}
              </TableCell>
              {AMOUNT_COLUMNS.map((c) => (
                <TableCell
                  key={c}
                  align="right"
                  sx={{ ...figure, ...strong }}
                  data-testid={cellTestId(row.key, c)}
                >
                  {format(row[c])}
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
