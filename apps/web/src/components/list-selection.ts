/**
 * A list's selected rows (DataList's checkbox column and bulk actions). The selection belongs to what
 * the list shows: a new page, page size, search, sort or filter clears it, so a bulk action never
 * reaches rows the user no longer sees. Rows are kept (not only ids) so an action gets them whole.
 */
import { useCallback, useMemo, useState } from 'react';

export type RowId = string | number;

export interface Selection<T> {
  /** The list state it belongs to (`selectionKey`). */
  key: string;
  rows: Map<RowId, T>;
}

export const emptySelection = <T>(key: string): Selection<T> => ({ key, rows: new Map() });

/** What the selection is for: every part of the list state but nothing else. */
export function selectionKey(state: {
  page: number;
  perPage?: number;
  search: string;
  sort: string | null;
  desc: boolean;
  filters: Record<string, string>;
}): string {
  const { page, perPage, search, sort, desc, filters } = state;
  return JSON.stringify([page, perPage, search, sort, desc, filters]);
}

/** The selection as it stands under `key`: empty when the list state changed since it was made. */
export const current = <T>(s: Selection<T>, key: string): Selection<T> =>
  s.key === key ? s : emptySelection<T>(key);

export function toggleRow<T>(s: Selection<T>, id: RowId, row: T): Selection<T> {
  const rows = new Map(s.rows);
  if (rows.has(id)) rows.delete(id);
  else rows.set(id, row);
  return { key: s.key, rows };
}

/** The header checkbox: selects every row of the page, or clears them when all are selected. */
export function togglePage<T>(s: Selection<T>, page: T[], idOf: (row: T) => RowId): Selection<T> {
  const rows = new Map(s.rows);
  if (pageState(s, page, idOf) === 'all') for (const row of page) rows.delete(idOf(row));
  else for (const row of page) rows.set(idOf(row), row);
  return { key: s.key, rows };
}

export function pageState<T>(s: Selection<T>, page: T[], idOf: (row: T) => RowId): 'none' | 'some' | 'all' {
  const selected = page.filter((row) => s.rows.has(idOf(row))).length;
  if (selected === 0) return 'none';
  return selected === page.length ? 'all' : 'some';
}

export interface SelectionControls<T> {
  selected: T[];
  isSelected: (id: RowId) => boolean;
  toggle: (id: RowId, row: T) => void;
  togglePage: (page: T[]) => void;
  pageState: (page: T[]) => 'none' | 'some' | 'all';
  clear: () => void;
}

export function useListSelection<T>(key: string, idOf: (row: T) => RowId): SelectionControls<T> {
  const [stored, setStored] = useState<Selection<T>>(() => emptySelection<T>(key));
  const selection = current(stored, key);
  const update = useCallback(
    (change: (s: Selection<T>) => Selection<T>) => setStored((s) => change(current(s, key))),
    [key],
  );
  return useMemo(
    () => ({
      selected: [...selection.rows.values()],
      isSelected: (id) => selection.rows.has(id),
      toggle: (id, row) => update((s) => toggleRow(s, id, row)),
      togglePage: (page) => update((s) => togglePage(s, page, idOf)),
      pageState: (page) => pageState(selection, page, idOf),
      clear: () => update(() => emptySelection<T>(key)),
    }),
    [selection, update, idOf, key],
  );
}
