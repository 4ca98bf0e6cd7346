/**
 * The repair questionnaire editor (spec 02 §2, §4): the pages and questions on the left, the selected
 * one's fields on the right. Select, move up or down, add and delete pages and questions with the
 * domain's editor rules (`repair-questions-editor.ts`: positions renumber from 1, a deleted question's
 * children lose their link, a deleted page takes its questions); nothing is saved until Save, which
 * sends the whole questionnaire (a new version). Problems are listed above, each selecting its place.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MESSAGES } from '@rentloop/domain/messages';
import type {
  RepairPage,
  RepairQuestionnaire,
  RepairQuestionnaireInput,
} from '@rentloop/domain/repair-questions';
import { renameQuestion } from '@rentloop/domain/repair-questions-editor';
import { useRef, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { FormProblems } from '../../components/DialogForm.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { newKey } from '../customers/payment-method-hooks.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { type EditorValues, editorResolver, editorValues, versionText } from './editor-form.ts';
import { useSaveRepairQuestions } from './hooks.ts';
import { PageFields } from './PageFields.tsx';
import { ProblemsAlert } from './ProblemsAlert.tsx';
import { problemList, type Selection } from './problem-list.ts';
import { QuestionFields } from './QuestionFields.tsx';
import { QuestionTree } from './QuestionTree.tsx';
import { repairQuestionsIds as ids } from './testids.ts';

const firstSelection = (pages: RepairPage[]): Selection => ({
  page: 0,
  question: pages[0]?.questions.length ? 0 : null,
});

export function QuestionnaireEditor({
  questionnaire,
  reload,
}: {
  questionnaire: RepairQuestionnaire;
  /** The latest saved questionnaire from the server (Discard changes). */
  reload: () => Promise<RepairQuestionnaire | undefined>;
}) {
  const form = useAppForm<EditorValues, unknown, RepairQuestionnaireInput>({
    resolver: editorResolver,
    defaultValues: editorValues(questionnaire),
  });
  const pages = (useWatch({ control: form.control, name: 'pages' }) ?? []) as RepairPage[];
  const { errors, isSubmitted } = useFormState({ control: form.control });
  const problems = problemList(errors, pages);
  const [selection, setSelection] = useState<Selection>(() => firstSelection(questionnaire.pages));
  // Questions whose parent was deleted since the last save: their "Link cleared" mark.
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  // Bumped when the form is reset, so fields keeping their own text (the name) start again.
  const [generation, setGeneration] = useState(0);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const stacked = useMediaQuery(useTheme().breakpoints.down('md'));

  const restart = (q: RepairQuestionnaire, keepSelection: boolean) => {
    form.reset(editorValues(q));
    setCleared(new Set());
    setNotice(null);
    setGeneration((g) => g + 1);
    if (!keepSelection) setSelection(firstSelection(q.pages));
  };
  const submit = useSubmit(form, useSaveRepairQuestions(), {
    payload: (values) => ({ pages: values.pages, version: values.version ?? null, idempotencyKey: newKey() }),
    saved: MESSAGES.questionnaireUpdated,
    onSaved: ({ data }) => restart(data, true),
  });
  useUnsavedChanges(submit.isDirty);

  /** A new questionnaire from an edit: stale errors go (their paths moved); after a Save, it is checked again. */
  const change = (next: RepairPage[]) => {
    form.setValue('pages', next, { shouldDirty: true });
    form.clearErrors();
    if (isSubmitted) void form.trigger();
  };
  const select = (next: Selection) => {
    setSelection(next);
    // One column on a phone: the fields are below the list.
    if (stacked) fieldsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const discard = async () => {
    const latest = await reload();
    if (latest) restart(latest, false);
  };

  const page = pages[selection.page];
  const question = selection.question === null ? undefined : page?.questions[selection.question];
  const base = `pages.${selection.page}.questions.${selection.question ?? 0}` as const;

  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit} data-testid={ids.page}>
      <PageHeader
        title="Repair Questions"
        subtitle={
          <>
            <span data-testid={ids.version}>{versionText(questionnaire)}</span>
            {form.formState.isDirty && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label="Unsaved changes"
                data-testid={ids.unsaved}
                sx={{ ml: 1 }}
              />
            )}
          </>
        }
        actions={
          <>
            <Button
              onClick={() => void discard()}
              disabled={!form.formState.isDirty}
              data-testid={ids.discard}
            >
              Discard changes
            </Button>
            <Button type="submit" variant="contained" loading={submit.saving} data-testid={ids.save}>
              Save
            </Button>
          </>
        }
      />
      {notice && (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 2 }} data-testid={ids.notice}>
          {notice}
        </Alert>
      )}
      <FormProblems problems={submit.problems} />
      <ProblemsAlert problems={problems} onSelect={select} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Card>
          <EditorToolbar
            pages={pages}
            selection={selection}
            onChange={(next, at, message, clearedNames) => {
              change(next);
              setSelection(at);
              setNotice(message);
              if (clearedNames.length > 0) setCleared((old) => new Set([...old, ...clearedNames]));
            }}
          />
          <QuestionTree
            pages={pages}
            selection={selection}
            cleared={cleared}
            problems={problems}
            onSelect={select}
          />
        </Card>
        <Card ref={fieldsRef} data-testid={ids.editor} sx={{ scrollMarginTop: 72 }}>
          <CardContent>
            {question ? (
              <QuestionFields
                key={`${generation}-${selection.page}-${selection.question}-${question.name}`}
                control={form.control}
                setValue={form.setValue}
                base={base}
                question={question}
                pages={pages}
                currency={questionnaire.currency}
                onRename={(name) =>
                  change(
                    renameQuestion(pages, { page: selection.page, question: selection.question ?? 0 }, name),
                  )
                }
              />
            ) : page ? (
              <PageFields
                key={`${generation}-${selection.page}`}
                control={form.control}
                index={selection.page}
                page={page}
              />
            ) : (
              <Typography color="text.secondary">Select a page or a question to edit it.</Typography>
            )}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
