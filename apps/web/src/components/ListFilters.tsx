/**
 * A list's filters beside its search box, every value kept in the URL's `filters` (useListState):
 * `FilterBar` (the row, with "Clear filters" while any is set), `SelectFilter` (one of a few values),
 * `TextFilter` (typed, applied when typing stops, like the search box), `DateFilter` (a day in the app's
 * one `DateField`) and `DateRangeFilter` (a from/to pair of them).
 */
import FilterListOff from '@mui/icons-material/FilterListOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from './DateField.tsx';
import type { ListStateControls } from './list-state.ts';
import { SEARCH_DEBOUNCE_MS } from './paging.ts';

export function FilterBar({
  state,
  clearTestId,
  children,
}: {
  state: ListStateControls;
  clearTestId: string;
  children: ReactNode;
}) {
  const [, setParams] = useSearchParams();
  const any = Object.keys(state.filters).length > 0;
  const clear = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('filters');
      next.delete('page');
      return next;
    });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      {children}
      {any && (
        <Button startIcon={<FilterListOff />} onClick={clear} data-testid={clearTestId} sx={{ mt: 1 }}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}

export interface FilterProps {
  state: ListStateControls;
  /** The key in `filters`. */
  name: string;
  label: string;
  width: number;
  testId: string;
}

/** One of a few values, or all ("All …", the empty value). */
export function SelectFilter({
  state,
  name,
  label,
  width,
  testId,
  allLabel,
  options,
  optionTestId,
}: FilterProps & {
  allLabel: string;
  options: readonly { value: string; label: string }[];
  optionTestId: (value: string) => string;
}) {
  const value = state.filters[name] ?? '';
  // A value from the URL that is not an option still shows (and can be cleared).
  const shown =
    value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => state.setFilter(name, event.target.value || null)}
      sx={{ width }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <MenuItem value="" data-testid={optionTestId('all')}>
        {allLabel}
      </MenuItem>
      {shown.map((option) => (
        <MenuItem key={option.value} value={option.value} data-testid={optionTestId(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Typed text (an id), set in the URL once typing stops. */
export function TextFilter({ state, name, label, width, testId, type }: FilterProps & { type?: 'number' }) {
  const value = state.filters[name] ?? '';
  const [text, setText] = useState(value);
  const { setFilter } = state;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => setFilter(name, text.trim() || null), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, name, setFilter]);
  return (
    <TextField
      label={label}
      type={type}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width }}
      slotProps={{ htmlInput: { 'data-testid': testId, min: type === 'number' ? 1 : undefined } }}
    />
  );
}

/** A date filter (one day, or one side of a range): the app's one date field, empty meaning "Any date". */
export function DateFilter({
  state,
  name,
  label,
  width,
  testId,
  min,
  max,
}: FilterProps & { min?: string; max?: string }) {
  return (
    <DateField
      label={label}
      value={state.filters[name] ?? ''}
      onChange={(iso) => state.setFilter(name, iso)}
      placeholder="Any date"
      width={width}
      testId={testId}
      min={min}
      max={max}
    />
  );
}

/**
 * A from/to pair of date filters, `<name>_from` and `<name>_to` in `filters` (both days included, as
 * the API reads them). Each side's picker is bounded by the other's value, so a range cannot be picked
 * backwards. Two flex items, so the filter bar wraps them as it does any other filter.
 */
export function DateRangeFilter({
  state,
  name,
  labels,
  width,
  testIds,
}: Omit<FilterProps, 'label' | 'testId'> & {
  /** The from and the to field's labels ("Issued from", "Issued to"). */
  labels: readonly [string, string];
  testIds: readonly [string, string];
}) {
  const from = `${name}_from`;
  const to = `${name}_to`;
  return (
    <>
      <DateFilter
        state={state}
        name={from}
        label={labels[0]}
        width={width}
        testId={testIds[0]}
        max={state.filters[to]}
      />
      <DateFilter
        state={state}
        name={to}
        label={labels[1]}
        width={width}
        testId={testIds[1]}
        min={state.filters[from]}
      />
    </>
  );
}
