import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './paging.ts';

export interface SearchFieldProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called 500 ms after the user stops typing, or at once when cleared. */
  onSearch: (search: string) => void;
  testId?: string;
  clearTestId?: string;
  autoFocus?: boolean;
}

/** Spec 01 §2 "Lists": a "Search..." box with clear and magnify icons, at most 300 px wide. */
export function SearchField({ value, onSearch, testId, clearTestId, autoFocus }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === sent.current.trim()) return;
    const timer = window.setTimeout(() => {
      sent.current = next;
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  const clear = () => {
    setText('');
    sent.current = '';
    onSearch('');
  };

  return (
    <TextField
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder="Search..."
      autoFocus={autoFocus}
      sx={{ width: '100%', maxWidth: 300 }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search...', 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label="Clear search"
                onClick={clear}
                data-testid={clearTestId}
              >
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
