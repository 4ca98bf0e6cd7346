import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/**
 * The on/off field bound to react-hook-form, the switch counterpart of `FormTextField`: its label,
 * and the field's error (from the schema or a 422) or else its help as helper text.
 */
export function FormSwitchField<T extends FieldValues, O = T>({
  control,
  name,
  label,
  helperText,
  testId,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  testId?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'data-testid': testId, ref: field.ref } as object }}
          />
        }
        label={label}
      />
      {(fieldState.error?.message ?? helperText) && (
        <FormHelperText sx={{ mt: -0.5, ml: 6.5 }}>{fieldState.error?.message ?? helperText}</FormHelperText>
      )}
    </FormControl>
  );
}
