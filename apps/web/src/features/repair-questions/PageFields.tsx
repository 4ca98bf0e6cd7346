/** The selected page's fields: its name and type (spec 02 §3 "Repair questionnaire page"). */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REPAIR_PAGE_TYPE_HELP, REPAIR_PAGE_TYPES, type RepairPage } from '@rentloop/domain/repair-questions';
import { FormTextField } from '../../components/FormTextField.tsx';
import type { EditorControl } from './editor-form.ts';
import { repairQuestionsIds as ids } from './testids.ts';

const testId = (name: string) => ({ htmlInput: { 'data-testid': ids.field(name) } });

export function PageFields({
  control,
  index,
  page,
}: {
  control: EditorControl;
  index: number;
  page: RepairPage;
}) {
  const base = `pages.${index}` as const;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Page {page.position} with {page.questions.length}{' '}
        {page.questions.length === 1 ? 'question' : 'questions'}.
      </Typography>
      <FormTextField
        control={control}
        name={`${base}.name`}
        label="Name"
        required
        slotProps={testId('page-name')}
      />
      <FormTextField
        control={control}
        name={`${base}.type`}
        label="Type"
        select
        helperText="STEP: questions asked one page at a time. SUMMARY: the repair's costs, the last page."
        slotProps={testId('page-type')}
      >
        {REPAIR_PAGE_TYPES.map((type) => (
          <MenuItem key={type} value={type} data-testid={ids.option('page-type', type)}>
            {type} · {REPAIR_PAGE_TYPE_HELP[type]}
          </MenuItem>
        ))}
      </FormTextField>
    </Stack>
  );
}
