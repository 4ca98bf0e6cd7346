/**
 * When a question is asked (spec 02 §4): after which question (its parent) and on which of its answers
 * (`conditional_value`), and the link's description. Choosing no parent clears the description too,
 * as deleting the parent does.
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { RepairPage, RepairQuestion } from '@rentloop/domain/repair-questions';
import { type UseFormSetValue, useController, useFormState } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';
import { type EditorControl, type EditorValues, messageAt } from './editor-form.ts';
import { repairQuestionsIds as ids } from './testids.ts';

const NONE = '';

export function ParentFields({
  control,
  setValue,
  base,
  question,
  pages,
}: {
  control: EditorControl;
  setValue: UseFormSetValue<EditorValues>;
  base: `pages.${number}.questions.${number}`;
  question: RepairQuestion;
  pages: RepairPage[];
}) {
  const { field } = useController({ control, name: `${base}.parent` });
  const { errors } = useFormState({ control, name: base });
  const nameError = messageAt(errors, `${base}.parent.name`);
  const conditionalError = messageAt(errors, `${base}.parent.conditional_value`);

  const others = pages.flatMap((p) => p.questions).filter((q) => q.name !== question.name);
  const parent = question.parent;
  const parentQuestion = parent ? others.find((q) => q.name === parent.name) : undefined;
  const answers = parentQuestion?.component.type === 'RADIO_GROUP' ? parentQuestion.options : null;

  const chooseParent = (name: string) => {
    if (name === NONE) {
      field.onChange(null);
      setValue(`${base}.link_description`, null, { shouldDirty: true });
      return;
    }
    const chosen = others.find((q) => q.name === name);
    const first = chosen?.component.type === 'RADIO_GROUP' ? (chosen.options[0]?.value ?? '') : '';
    field.onChange({ name, conditional_value: first });
  };
  const setAnswer = (value: string) => parent && field.onChange({ ...parent, conditional_value: value });

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Parent question"
        value={parent?.name ?? NONE}
        onChange={(event) => chooseParent(event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={Boolean(nameError)}
        helperText={
          nameError ?? 'Asked only when this question’s answer is the one below. None: always asked.'
        }
        fullWidth
        slotProps={{
          // "None" shows as the value rather than an empty field.
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': ids.field('parent.name') },
        }}
      >
        <MenuItem value={NONE} data-testid={ids.option('parent', 'none')}>
          <em>None: always asked</em>
        </MenuItem>
        {/* A parent no question has any more (being renamed, or refused by the server) stays visible. */}
        {parent && !parentQuestion && (
          <MenuItem value={parent.name} disabled>
            {parent.name} (no such question)
          </MenuItem>
        )}
        {others.map((q) => (
          <MenuItem key={q.name} value={q.name} data-testid={ids.option('parent', q.name)}>
            {q.name}: {q.text}
          </MenuItem>
        ))}
      </TextField>
      {parent && (
        <TextField
          select={answers !== null}
          label="Shown when the parent’s answer is"
          value={parent.conditional_value}
          onChange={(event) => setAnswer(event.target.value)}
          error={Boolean(conditionalError)}
          helperText={conditionalError}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': ids.field('parent.conditional_value') } }}
        >
          {answers && !answers.some((option) => option.value === parent.conditional_value) && (
            <MenuItem value={parent.conditional_value} disabled>
              {parent.conditional_value || 'Choose an answer'}
            </MenuItem>
          )}
          {answers?.map((option) => (
            <MenuItem
              key={option.value}
              value={option.value}
              data-testid={ids.option('conditional_value', option.value)}
            >
              {option.text} ({option.value})
            </MenuItem>
          ))}
        </TextField>
      )}
      {parent && (
        <FormTextField
          control={control}
          name={`${base}.link_description`}
          label="Link description"
          helperText="Says when it is asked, e.g. “Asked when the product is not complete.”"
          slotProps={{ htmlInput: { 'data-testid': ids.field('link_description') } }}
        />
      )}
    </Stack>
  );
}
