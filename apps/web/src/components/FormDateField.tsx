import { useRef } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { DateField, type DateFieldProps } from './DateField.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The app's date field bound to react-hook-form; the form's value is the ISO date or ''. Text that is
 * not a date is kept in the form as typed, so the form's schema (or the server) refuses it rather than
 * saving the previous date behind the person's back.
 */
export function FormDateField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  ...rest
}: Omit<DateFieldProps, 'value' | 'onChange' | 'name' | 'inputRef' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
}) {
  const { field, fieldState } = useController({ control, name });
  // While the form holds refused text, the field keeps showing that text (its value stays the last date).
  const lastDate = useRef('');
  if (typeof field.value === 'string' && ISO_DATE.test(field.value)) lastDate.current = field.value;
  else if (!field.value) lastDate.current = '';
  return (
    <DateField
      {...rest}
      name={field.name}
      value={lastDate.current}
      onChange={(iso) => field.onChange(iso ?? '')}
      onInvalid={(text) => field.onChange(text)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
    />
  );
}
