/**
 * The phone of an address: the country's dial code ("+1", "+61", "+49") stands before the number
 * while it is written nationally; on leaving the field a number valid for the country is rewritten
 * internationally ("416 555 0199" -> "+1 416 555 0199"), so the saved number carries its calling
 * code and the dial code no longer shows. The schema checks the number against the address's
 * country (libphonenumber-js, full metadata): "(416) 555-0199" and "+1 416 555 0199" pass for
 * Canada, a Seattle or a German number does not.
 */
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { dialCodePrefix, tidyPhone } from './address-form-logic.ts';

export interface PhoneFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** The address's country (alpha2), for the dial code. */
  country: string | null | undefined;
  label: string;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}

export function PhoneField<T extends FieldValues>({
  control,
  name,
  country,
  label,
  required,
  disabled,
  autoComplete,
}: PhoneFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const prefix = dialCodePrefix(country, field.value);
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={() => {
        const tidied = tidyPhone(country, field.value);
        if (tidied !== (field.value ?? '')) field.onChange(tidied);
        field.onBlur();
      }}
      inputRef={field.ref}
      label={label}
      required={required}
      disabled={disabled}
      type="tel"
      autoComplete={autoComplete}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      fullWidth
      slotProps={{
        input: prefix
          ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> }
          : undefined,
      }}
    />
  );
}
