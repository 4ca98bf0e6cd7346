import { describe, expect, it } from 'vitest';
import { current, emptySelection, pageState, selectionKey, togglePage, toggleRow } from './list-selection.ts';

type Row = { id: number; name: string };
const page: Row[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Bo' },
  { id: 3, name: 'Cy' },
];
const idOf = (r: Row) => r.id;
const state = { page: 1, perPage: 10, search: '', sort: null, desc: false, filters: {} };

describe('the selection of a list', () => {
  it('toggles rows one by one and keeps the rows themselves', () => {
    let s = emptySelection<Row>('k');
    s = toggleRow(s, 2, page[1]!);
    s = toggleRow(s, 3, page[2]!);
    expect([...s.rows.values()].map((r) => r.name)).toEqual(['Bo', 'Cy']);
    expect(pageState(s, page, idOf)).toBe('some');
    s = toggleRow(s, 2, page[1]!);
    expect([...s.rows.keys()]).toEqual([3]);
  });

  it('selects the whole page from the header, and clears it when all are selected', () => {
    let s = toggleRow(emptySelection<Row>('k'), 1, page[0]!);
    s = togglePage(s, page, idOf);
    expect(pageState(s, page, idOf)).toBe('all');
    expect(s.rows.size).toBe(3);
    s = togglePage(s, page, idOf);
    expect(pageState(s, page, idOf)).toBe('none');
  });

  it('is cleared by any change of page, page size, search, sort or filter', () => {
    const key = selectionKey(state);
    const s = togglePage(emptySelection<Row>(key), page, idOf);
    expect(current(s, selectionKey({ ...state })).rows.size).toBe(3);
    for (const change of [
      { page: 2 },
      { perPage: 25 },
      { search: 'ada' },
      { sort: 'name' },
      { desc: true },
      { filters: { language: 'de' } },
    ]) {
      expect(current(s, selectionKey({ ...state, ...change })).rows.size, JSON.stringify(change)).toBe(0);
    }
  });
});
