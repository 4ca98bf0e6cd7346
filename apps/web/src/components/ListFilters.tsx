/**
 * A list's filters beside its search box, every value kept in the URL's `filters` (useListState):
 * `FilterBar` (the row, with "Clear filters" while any is set), `SelectFilter` (one of a few values),
 * `TextFilter` (typed, applied when typing stops, like the search box) and `DateFilter` (a date in
 * the app's format, "24th Nov 2026", typed or picked from the browser's calendar).
 */
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import FilterListOff from '@mui/icons-material/FilterListOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '../utils/dates.ts';
import { DATE_HINT, parseDateInput } from './date-input.ts';
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

/**
 * A date in the app's format. What is typed is read on leaving the field or on Enter ("24 Nov 2026",
 * "24th November 2026", "2026-11-24"); the calendar button opens the browser's date picker, whose
 * own display follows the browser's locale, so it stays hidden and only its choice is shown here.
 */
export function DateFilter({
  state,
  name,
  label,
  width,
  testId,
  min,
  max,
}: FilterProps & { min?: string; max?: string }) {
  const value = state.filters[name] ?? '';
  const [text, setText] = useState(formatDate(value));
  const [error, setError] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const { setFilter } = state;
  useEffect(() => {
    setText(formatDate(value));
    setError(false);
  }, [value]);

  const apply = () => {
    const parsed = parseDateInput(text);
    if (parsed === undefined) return setError(true);
    setError(false);
    if ((parsed ?? '') === value) return setText(formatDate(value));
    setFilter(name, parsed);
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        label={label}
        value={text}
        placeholder="24th Nov 2026"
        error={error}
        helperText={error ? DATE_HINT : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        sx={{ width }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': testId },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Pick the ${label.toLowerCase()} date`}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        min={min}
        max={max}
        onChange={(event) => setFilter(name, event.target.value || null)}
        // Under the button, so the browser opens its calendar there; invisible and out of the tab order.
        style={{
          position: 'absolute',
          right: 12,
          bottom: 8,
          width: 1,
          height: 1,
          opacity: 0,
          border: 0,
          padding: 0,
        }}
      />
    </Box>
  );
}
