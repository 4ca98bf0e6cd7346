/**
 * The one date field of the app (issue 25 item 6): list filters, vouchers, the tag date all use it.
 * It shows and reads the app's format (spec 01 §9, "24th Nov 2026"): what is typed is read when the
 * field is left or on Enter ("24 Nov 2026", "24th November 2026", "2026-11-24"); the calendar button
 * opens the browser's date picker, whose own display follows the browser's locale, so the picker stays
 * hidden and only its choice is shown here. The placeholder names the format ("D MMM YYYY") or says
 * what empty means ("Any date"), never a date that could be taken for a value.
 */
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type Ref, useEffect, useRef, useState } from 'react';
import { formatDate } from '../utils/dates.ts';
import { DATE_FORMAT_HINT, DATE_HINT, readDateText } from './date-input.ts';

export interface DateFieldProps {
  label: string;
  /** The ISO date (`yyyy-mm-dd`), or '' for none. */
  value: string;
  /** The ISO date chosen, `null` when emptied. */
  onChange: (iso: string | null) => void;
  /** Text that is not a date was left in the field (forms turn it into their own error). */
  onInvalid?: (text: string) => void;
  /** What an empty field means ("Any date" for a filter); the format by default. */
  placeholder?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  testId?: string;
  min?: string;
  max?: string;
  width?: number;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

export function DateField(props: DateFieldProps) {
  const { label, value, onChange, onInvalid } = props;
  const [text, setText] = useState(formatDate(value));
  const [bad, setBad] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(formatDate(value));
    setBad(false);
  }, [value]);

  const apply = () => {
    const read = readDateText(text, value);
    if (read.kind === 'invalid') {
      setBad(true);
      onInvalid?.(text);
      return;
    }
    setBad(false);
    if (read.kind === 'same') setText(formatDate(value));
    else onChange(read.iso);
  };

  const showError = bad || Boolean(props.error);
  return (
    // `data-date-field`: the phone's filters panel stretches this box (a flex item) as it does a text field.
    <Box data-date-field sx={{ position: 'relative', width: props.fullWidth ? '100%' : undefined }}>
      <TextField
        label={label}
        name={props.name}
        value={text}
        placeholder={props.placeholder ?? DATE_FORMAT_HINT}
        error={showError}
        helperText={bad ? DATE_HINT : props.helperText}
        disabled={props.disabled}
        required={props.required}
        fullWidth={props.fullWidth}
        inputRef={props.inputRef}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          apply();
          props.onBlur?.();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        sx={props.width ? { width: props.width } : undefined}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': props.testId },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  disabled={props.disabled}
                  aria-label={`Pick the ${label.toLowerCase()} from a calendar`}
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
        min={props.min}
        max={props.max}
        onChange={(event) => onChange(event.target.value || null)}
        // Under the button, so the browser opens its calendar there; invisible and out of the tab order.
        style={{
          position: 'absolute',
          right: 12,
          top: 36,
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
