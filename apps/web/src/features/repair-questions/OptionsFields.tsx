/** A RADIO_GROUP's options (spec 02 §3: a list of text and value): edit, add and remove. */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RepairQuestion } from '@rentloop/domain/repair-questions';
import { get, type UseFormSetValue, useFormState } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';
import type { EditorControl, EditorValues } from './editor-form.ts';
import { repairQuestionsIds as ids } from './testids.ts';

function OptionRow({
  control,
  base,
  index: k,
  onRemove,
}: {
  control: EditorControl;
  base: `pages.${number}.questions.${number}`;
  index: number;
  onRemove: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid={ids.optionRow}>
      <FormTextField
        control={control}
        name={`${base}.options.${k}.text`}
        label="Text"
        size="small"
        slotProps={{ htmlInput: { 'data-testid': ids.field(`options.${k}.text`) } }}
      />
      <FormTextField
        control={control}
        name={`${base}.options.${k}.value`}
        label="Value"
        size="small"
        slotProps={{ htmlInput: { 'data-testid': ids.field(`options.${k}.value`) } }}
      />
      <IconButton aria-label={`Remove option ${k + 1}`} onClick={onRemove} data-testid={ids.removeOption(k)}>
        <DeleteOutline />
      </IconButton>
    </Stack>
  );
}

export function OptionsFields({
  control,
  setValue,
  base,
  options,
}: {
  control: EditorControl;
  setValue: UseFormSetValue<EditorValues>;
  base: `pages.${number}.questions.${number}`;
  options: RepairQuestion['options'];
}) {
  const { errors } = useFormState({ control, name: `${base}.options` });
  const error = get(errors, `${base}.options`) as
    | { message?: string; root?: { message?: string } }
    | undefined;
  const message = error?.message ?? error?.root?.message;
  const set = (next: RepairQuestion['options']) =>
    setValue(`${base}.options`, next, { shouldDirty: true, shouldValidate: false });

  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        Options
      </Typography>
      <Stack spacing={1}>
        {options.map((_, k) => (
          <OptionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: an option has no id; its value may be blank or repeated while typed.
            key={k}
            control={control}
            base={base}
            index={k}
            onRemove={() => set(options.filter((__, i) => i !== k))}
          />
        ))}
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
      <Button
        size="small"
        startIcon={<Add />}
        onClick={() => set([...options, { text: '', value: '' }])}
        sx={{ mt: 1 }}
        data-testid={ids.addOption}
      >
        Add option
      </Button>
    </Box>
  );
}
