import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange'
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/**
 * A text field bound to react-hook-form: shows the field's error (from the schema or from the server's
 * 422 `errors`) as its helper text. The input carries `name` so tests can find it by field.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: FormTextFieldProps<T>) {
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
