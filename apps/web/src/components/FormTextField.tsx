import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/**
 * The props of every field bound to react-hook-form. The control's output type `O` is left open: a
 * form whose schema turns the typed text into other types (an amount's decimal, a number) has an
 * output that differs from its values.
 */
export type FormTextFieldProps<T extends FieldValues, O = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange'
> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** Fields validated again when this one changes (once the form has been submitted). */
  deps?: FieldPath<T>[];
  /** Called with the new text after the form has it. */
  onValueChange?: (value: string) => void;
  /** Rewrites the text when the field is left ("m5v2t6" -> "M5V 2T6"). */
  tidy?: (value: string) => string;
};

/**
 * The one text field bound to react-hook-form: shows the field's error (from the schema or from the
 * server's 422 `errors`) as its helper text. The input carries `name` so tests can find it by field.
 */
export function FormTextField<T extends FieldValues, O = T>({
  control,
  name,
  deps,
  onValueChange,
  tidy,
  helperText,
  ...rest
}: FormTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : undefined });
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={
        onValueChange
          ? (event) => {
              field.onChange(event);
              onValueChange(event.target.value);
            }
          : field.onChange
      }
      onBlur={
        tidy
          ? () => {
              const value = String(field.value ?? '');
              const tidied = tidy(value);
              if (tidied !== value) field.onChange(tidied);
              field.onBlur();
            }
          : field.onBlur
      }
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
    />
  );
}
