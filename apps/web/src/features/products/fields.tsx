/**
 * Form fields of the catalog, bound to react-hook-form: text, amounts in the company currency,
 * percentages and whole numbers. Like components/TextInput, but for forms whose schema turns
 * the typed text into other types (an amount's decimal, a number), so the control's output type is
 * left open.
 */
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export type FieldProps<T extends FieldValues, O> = Omit<TextFieldProps, 'name' | 'value' | 'onChange'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/** A text field showing its error (from the schema or the server's 422) as helper text; the input carries `name`. */
export function TextInput<T extends FieldValues, O>({
  control,
  name,
  helperText,
  ...rest
}: FieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
    />
  );
}

const withEnd = (
  end: string | undefined,
  inputMode: 'decimal' | 'numeric',
  slotProps: TextFieldProps['slotProps'],
) => ({
  ...slotProps,
  input: end ? { endAdornment: <InputAdornment position="end">{end}</InputAdornment> } : undefined,
  htmlInput: { inputMode, autoComplete: 'off', ...(slotProps?.htmlInput as object | undefined) },
});

/** An amount: typed as a person writes it ("1,299.50"), the currency code at the end. */
export function AmountField<T extends FieldValues, O>({
  currency,
  slotProps,
  ...props
}: FieldProps<T, O> & { currency: string }) {
  return <TextInput {...props} slotProps={withEnd(currency, 'decimal', slotProps)} />;
}

/** A percentage, with "%" at the end. */
export function PercentField<T extends FieldValues, O>({ slotProps, ...props }: FieldProps<T, O>) {
  return <TextInput {...props} slotProps={withEnd('%', 'decimal', slotProps)} />;
}

/** A whole number, with an optional unit at the end ("months", "days"). */
export function WholeNumberField<T extends FieldValues, O>({
  unit,
  slotProps,
  ...props
}: FieldProps<T, O> & { unit?: string }) {
  return <TextInput {...props} slotProps={withEnd(unit, 'numeric', slotProps)} />;
}
