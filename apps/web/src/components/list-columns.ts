/** A list's column (DataList): how it shows in the table and on a phone's card. */
import type { ReactNode } from 'react';

export interface Column<T> {
  id: string;
  /** The header's text; with `hideLabel` only screen readers get it (a column of row buttons). */
  label: string;
  hideLabel?: boolean;
  /** The API's sort key when the column is sortable. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  /** Hide in the table on small screens (below md); also left off the phone's card unless `card` says. */
  hideOnMobile?: boolean;
  /**
   * The first column only: it (and the checkbox column before it) stays in view while a table wider than
   * the screen scrolls sideways, so a row still shows which record it is (the assets' serial number).
   */
  sticky?: boolean;
  align?: 'left' | 'right';
  width?: number | string;
  /**
   * Its place on a phone's card: `title` (the card's heading), `field` (a labelled line) or `hidden`.
   * By default the first column is the title, `hideOnMobile` columns are hidden, the rest are fields.
   */
  card?: 'title' | 'field' | 'hidden';
  /**
   * The cell is part of the row's link (default). `false` for a cell with its own link or button,
   * which cannot sit inside another link.
   */
  link?: boolean;
}

export function cardRole<T>(column: Column<T>, index: number): 'title' | 'field' | 'hidden' {
  if (column.card) return column.card;
  if (index === 0) return 'title';
  return column.hideOnMobile ? 'hidden' : 'field';
}

/**
 * A phone's card: long emails and names break at WrapText's points (after "@" and dots) and spaces;
 * only a word still wider than the card breaks inside, rather than pushing the page sideways.
 */
export const wrapSx = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

/**
 * A table's cell: breaks only at spaces and WrapText's points, never inside a word, so an order or
 * invoice number or an email stays readable (issue 25 item 6); a table too wide scrolls sideways in
 * its container instead.
 */
export const tableWrapSx = { overflowWrap: 'normal', wordBreak: 'normal' } as const;
