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

/** Long emails and names break rather than widen the table or card (with WrapText's break points). */
export const wrapSx = { overflowWrap: 'anywhere', wordBreak: 'normal' } as const;
