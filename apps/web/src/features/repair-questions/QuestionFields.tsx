/**
 * Every field of the selected question (spec 02 §3 "Repair questionnaire question"), in four groups:
 * the question, how it is answered, its cost (COST questions), and when it is asked (its parent).
 * The name is applied when the field is left (or Enter): children follow a rename then, not on every
 * key typed.
 */
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REPAIR_COMPONENT_HELP,
  REPAIR_COMPONENT_TYPES,
  REPAIR_QUESTION_ACTION_HELP,
  REPAIR_QUESTION_ACTIONS,
  REPAIR_QUESTION_TYPE_HELP,
  REPAIR_QUESTION_TYPES,
  type RepairPage,
  type RepairQuestion,
} from '@rentloop/domain/repair-questions';
import { type ReactNode, useState } from 'react';
import { type UseFormSetValue, useFormState } from 'react-hook-form';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { AmountField } from '../../components/UnitFields.tsx';
import { type EditorControl, type EditorValues, messageAt } from './editor-form.ts';
import { OptionsFields } from './OptionsFields.tsx';
import { ParentFields } from './ParentFields.tsx';
import { repairQuestionsIds as ids } from './testids.ts';

type Base = `pages.${number}.questions.${number}`;
const testId = (name: string) => ({ htmlInput: { 'data-testid': ids.field(name) } });

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Divider textAlign="left">
        <Typography variant="overline" color="text.secondary">
          {title}
        </Typography>
      </Divider>
      {children}
    </Stack>
  );
}

function NameField({
  control,
  base,
  name,
  onRename,
}: {
  control: EditorControl;
  base: Base;
  name: string;
  onRename: (name: string) => void;
}) {
  const [text, setText] = useState(name);
  const { errors } = useFormState({ control, name: `${base}.name` });
  const error = messageAt(errors, `${base}.name`);
  const commit = () => {
    if (text.trim() !== name) onRename(text.trim());
  };
  return (
    <TextField
      label="Name"
      required
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit();
      }}
      error={Boolean(error)}
      helperText={
        error ?? 'Its key: what children name as their parent and what a repair stores the answer under.'
      }
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': ids.field('name'), spellCheck: false } }}
    />
  );
}

export function QuestionFields({
  control,
  setValue,
  base,
  question,
  pages,
  currency,
  onRename,
}: {
  control: EditorControl;
  setValue: UseFormSetValue<EditorValues>;
  base: Base;
  question: RepairQuestion;
  pages: RepairPage[];
  currency: string;
  onRename: (name: string) => void;
}) {
  const radio = question.component.type === 'RADIO_GROUP';
  const showCost =
    question.type === 'COST' || question.is_total || question.duration_to_cost || question.cost_rate !== null;
  return (
    <Stack spacing={3}>
      <Group title="Question">
        <NameField control={control} base={base} name={question.name} onRename={onRename} />
        <FormTextField
          control={control}
          name={`${base}.text`}
          label="Question"
          required
          slotProps={testId('text')}
        />
        <FormTextField
          control={control}
          name={`${base}.description`}
          label="Description"
          multiline
          minRows={2}
          slotProps={testId('description')}
        />
        <FormTextField control={control} name={`${base}.type`} label="Type" select slotProps={testId('type')}>
          {REPAIR_QUESTION_TYPES.map((type) => (
            <MenuItem key={type} value={type} data-testid={ids.option('type', type)}>
              {type} · {REPAIR_QUESTION_TYPE_HELP[type]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name={`${base}.action`}
          label="Action"
          select
          slotProps={testId('action')}
        >
          {REPAIR_QUESTION_ACTIONS.map((action) => (
            <MenuItem key={action} value={action} data-testid={ids.option('action', action)}>
              {action} · {REPAIR_QUESTION_ACTION_HELP[action]}
            </MenuItem>
          ))}
        </FormTextField>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormSwitchField
            control={control}
            name={`${base}.mandatory`}
            label="Mandatory"
            testId={ids.field('mandatory')}
          />
          <FormSwitchField
            control={control}
            name={`${base}.display`}
            label="Shown in repairs"
            testId={ids.field('display')}
          />
        </Stack>
      </Group>

      <Group title="Answer">
        <FormTextField
          control={control}
          name={`${base}.component.type`}
          label="Component"
          select
          slotProps={testId('component.type')}
        >
          {REPAIR_COMPONENT_TYPES.map((type) => (
            <MenuItem key={type} value={type} data-testid={ids.option('component', type)}>
              {type} · {REPAIR_COMPONENT_HELP[type]}
            </MenuItem>
          ))}
        </FormTextField>
        {(radio || question.options.length > 0) && (
          <OptionsFields control={control} setValue={setValue} base={base} options={question.options} />
        )}
        <FormTextField
          control={control}
          name={`${base}.value`}
          label="Starting answer"
          select={radio}
          helperText="The answer a repair starts with; empty: none."
          slotProps={
            radio
              ? { ...testId('value'), select: { displayEmpty: true }, inputLabel: { shrink: true } }
              : testId('value')
          }
        >
          {radio && (
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
          )}
          {radio &&
            question.options.map((option, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their values may repeat while typed.
              <MenuItem key={k} value={option.value}>
                {option.text || option.value}
              </MenuItem>
            ))}
        </FormTextField>
        <FormTextField control={control} name={`${base}.label`} label="Label" slotProps={testId('label')} />
        <FormTextField
          control={control}
          name={`${base}.placeholder`}
          label="Placeholder"
          slotProps={testId('placeholder')}
        />
        <Stack direction="row" spacing={2}>
          <FormTextField
            control={control}
            name={`${base}.prefix`}
            label="Prefix"
            slotProps={testId('prefix')}
          />
          <FormTextField
            control={control}
            name={`${base}.suffix`}
            label="Suffix"
            slotProps={testId('suffix')}
          />
        </Stack>
      </Group>

      {showCost && (
        <Group title="Cost">
          <FormSwitchField
            control={control}
            name={`${base}.duration_to_cost`}
            label="Turns the working time into cost"
            helperText="The DURATION answers of the repair, in hours, at the rate below."
            testId={ids.field('duration_to_cost')}
          />
          <AmountField
            control={control}
            name={`${base}.cost_rate`}
            label="Rate per hour"
            currency={`${currency} / h`}
            helperText={`In ${currency}, like 40 or 42.50.`}
            slotProps={testId('cost_rate')}
          />
          <FormSwitchField
            control={control}
            name={`${base}.is_total`}
            label="Total of the costs"
            helperText="Sums the other COST questions."
            testId={ids.field('is_total')}
          />
        </Group>
      )}

      <Group title="Asked when">
        <ParentFields control={control} setValue={setValue} base={base} question={question} pages={pages} />
      </Group>
    </Stack>
  );
}
