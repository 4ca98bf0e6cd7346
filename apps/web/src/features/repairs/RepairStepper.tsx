/**
 * The questionnaire as a stepper: one page at a time (the STEP pages, then the SUMMARY), only the
 * questions asked with the answers so far (a child appears when its parent has its conditional value).
 * "Next" checks the page (mandatory answers, hours, amounts: the domain's checks, the API's too) and
 * saves it; a 422 puts the server's message on its question. A closed repair shows its answers, read only.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { minorToDecimal } from '@rentloop/domain/money';
import { type RepairAnswers, repairCosts, visibleQuestions } from '@rentloop/domain/repair-answers';
import { answersProblems } from '@rentloop/domain/repair-answers-check';
import { REPAIR_TEXTS, type RepairDetail } from '@rentloop/domain/repairs';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { formatAmount } from '../../components/money.ts';
import { notify } from '../../utils/notify.ts';
import { CloseRepairDialog } from './CloseRepairDialog.tsx';
import { useSaveRepairAnswers } from './hooks.ts';
import { QuestionField } from './QuestionField.tsx';
import { RepairSummary } from './RepairSummary.tsx';
import { repairsIds } from './testids.ts';

const byQuestion = (errors: Record<string, string[] | string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [
      k.replace(/^answers\./, ''),
      Array.isArray(m) ? (m[0] ?? '') : m,
    ]),
  );

export function RepairStepper({ repair }: { repair: RepairDetail }) {
  const pages = repair.pages;
  const editable = repair.status === 'open';
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<RepairAnswers>(repair.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [closing, setClosing] = useState(false);
  const save = useSaveRepairAnswers(repair.id);
  const page = pages[step];
  if (!page) return <Alert severity="warning">This repair's questionnaire has no pages.</Alert>;
  const last = step === pages.length - 1;
  const onChange = (name: string, value: string) => {
    setAnswers((a) => ({ ...a, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  /** Checks and saves the page; then `after` (the next page, or the close dialog). */
  const savePage = (after: () => void) => {
    const mine = Object.fromEntries(page.questions.map((q) => [q.name, answers[q.name] ?? '']));
    const computed = new Set(
      page.questions
        .filter((q) => q.type === 'COST' && (q.is_total || q.duration_to_cost))
        .map((q) => q.name),
    );
    const given = Object.fromEntries(Object.entries(mine).filter(([n]) => !computed.has(n)));
    const problems = answersProblems(pages, given, answers, repair.currency, [page.position]);
    if (Object.keys(problems).length > 0) {
      setErrors(byQuestion(problems));
      notify.error(REPAIR_TEXTS.saveFailed);
      return;
    }
    save.mutate(
      { page: page.position, answers: given },
      {
        onSuccess: ({ data }) => {
          setAnswers(data.answers);
          setErrors({});
          after();
        },
        onError: (e) => {
          notify.error(e.message || REPAIR_TEXTS.saveFailed);
          if (e instanceof ApiError && e.errors) setErrors(byQuestion(e.errors));
        },
      },
    );
  };

  const total = formatAmount(
    minorToDecimal(repairCosts(pages, answers, repair.currency).total, repair.currency),
    repair.currency,
  );

  return (
    <Box>
      <Stepper
        nonLinear={!editable}
        activeStep={step}
        alternativeLabel
        data-testid={repairsIds.stepper}
        sx={{ mb: 2 }}
      >
        {pages.map((p, i) => (
          <Step key={p.position} completed={!editable || i < step}>
            <StepButton
              onClick={() => (!editable || i < step ? setStep(i) : undefined)}
              data-testid={repairsIds.step(p.position)}
            >
              {p.name}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box data-testid={repairsIds.page(page.position)}>
        {page.type === 'SUMMARY' ? (
          <RepairSummary
            pages={pages}
            page={page}
            answers={answers}
            currency={repair.currency}
            errors={errors}
            onChange={onChange}
            disabled={!editable}
          />
        ) : (
          visibleQuestions(pages, page, answers).map((q) => (
            <QuestionField
              key={q.name}
              question={q}
              value={answers[q.name] ?? ''}
              onChange={(v) => onChange(q.name, v)}
              error={errors[q.name]}
              disabled={!editable}
            />
          ))
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button disabled={step === 0} onClick={() => setStep(step - 1)} data-testid={repairsIds.previous}>
          Back
        </Button>
        {!last && (
          <Button
            variant="contained"
            loading={save.isPending}
            onClick={() => (editable ? savePage(() => setStep(step + 1)) : setStep(step + 1))}
            data-testid={repairsIds.next}
          >
            Next
          </Button>
        )}
        {last && editable && (
          <Button
            variant="contained"
            loading={save.isPending}
            onClick={() => savePage(() => setClosing(true))}
            data-testid={repairsIds.close}
          >
            Close repair
          </Button>
        )}
      </Box>
      {closing && <CloseRepairDialog repair={repair} total={total} open onClose={() => setClosing(false)} />}
    </Box>
  );
}
