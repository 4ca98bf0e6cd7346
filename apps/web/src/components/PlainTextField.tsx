/**
 * MUI's outlined TextField, drawn the same way, without its select mode: `TextField` imports `Select`, and
 * with it Menu, Popover and Modal (~15 kB gzip), on every screen that has a text field, whether or not any
 * field is a select. The sign-in page, the first screen everybody loads, uses this one (decision 101).
 * It takes the props a plain text input needs; a form that needs a select or MUI's other variants keeps
 * `TextField`.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type FocusEvent, type Ref, useId } from 'react';

export interface PlainTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** The message under the field; the field is marked invalid while there is one. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

export function PlainTextField(props: PlainTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  const invalid = Boolean(props.error);
  return (
    <FormControl fullWidth error={invalid} variant="outlined">
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={props.label}
        name={props.name}
        value={props.value}
        onChange={props.onChange}
        onBlur={props.onBlur}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        inputRef={props.inputRef}
        inputProps={{
          'data-testid': props.testId,
          'aria-invalid': invalid,
          'aria-describedby': invalid ? helperId : undefined,
        }}
      />
      {invalid && <FormHelperText id={helperId}>{props.error}</FormHelperText>}
    </FormControl>
  );
}
