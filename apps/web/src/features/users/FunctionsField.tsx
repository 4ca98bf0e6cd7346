/** Company functions as chips: pick a suggestion or type any label and press Enter. */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** Common functions offered as suggestions; any other label may be typed. */
export const FUNCTION_SUGGESTIONS = ['billing', 'customer service', 'operations', 'sales', 'warehouse'];

export function FunctionsField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  testId: string;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const value: string[] = field.value ?? [];
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={FUNCTION_SUGGESTIONS.filter((s) => !value.includes(s))}
      value={value}
      onChange={(_event, next) =>
        field.onChange([...new Set(next.map((v) => String(v).trim().toLowerCase()).filter(Boolean))])
      }
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Company functions"
          placeholder={value.length ? '' : 'billing, warehouse…'}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'Type a function and press Enter.'}
          inputRef={field.ref}
          onBlur={field.onBlur}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId },
          }}
        />
      )}
    />
  );
}
