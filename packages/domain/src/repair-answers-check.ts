/**
 * Checking a repair's answers against the questionnaire version it is answered with (the API's 422s,
 * and the stepper's before it sends): each problem names the answer by `answers.<question name>`.
 */
import { MESSAGES } from './messages.ts';
import { decimalToMinor } from './money.ts';
import { HOURS_PATTERN, isComputedCost, type RepairAnswers, visibleQuestionNames } from './repair-answers.ts';
import type { RepairPage, RepairQuestion } from './repair-questions.ts';
import { REPAIR_TEXTS } from './repairs.ts';

const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;
const MAX_TEXT = 2000;

/** What is wrong with one non-empty answer to `q`, or null. */
export function answerProblem(q: RepairQuestion, value: string, currency: string): string | null {
  if (isComputedCost(q)) return REPAIR_TEXTS.computed;
  if (value.length > MAX_TEXT) return REPAIR_TEXTS.tooLong;
  if (q.component.type === 'RADIO_GROUP' && q.options.length > 0) {
    const values = q.options.map((o) => o.value);
    if (!values.includes(value)) return REPAIR_TEXTS.notAnOption(values);
  }
  if (q.type === 'DURATION' && !HOURS_PATTERN.test(value)) return REPAIR_TEXTS.hours;
  if (q.type === 'COST' && (!AMOUNT.test(value) || decimalToMinor(value, currency) === undefined))
    return REPAIR_TEXTS.amount;
  return null;
}

/**
 * Problems of the answers given (`given`: only those keys are checked, against `all`, the answers as
 * they will be stored) and, for `mandatoryPages` (positions), of the asked mandatory questions left
 * unanswered there. Keyed `answers.<name>`.
 */
export function answersProblems(
  pages: RepairPage[],
  given: RepairAnswers,
  all: RepairAnswers,
  currency: string,
  mandatoryPages: number[],
): Record<string, string> {
  const byName = new Map(pages.flatMap((p) => p.questions.map((q) => [q.name, q] as const)));
  const asked = visibleQuestionNames(pages, all);
  const problems: Record<string, string> = {};
  for (const [name, raw] of Object.entries(given)) {
    const q = byName.get(name);
    const value = raw.trim();
    if (!q) problems[`answers.${name}`] = REPAIR_TEXTS.unknownQuestion;
    else if (value === '') continue;
    else if (!asked.has(name)) problems[`answers.${name}`] = REPAIR_TEXTS.notAsked;
    else {
      const problem = answerProblem(q, value, currency);
      if (problem) problems[`answers.${name}`] = problem;
    }
  }
  for (const page of pages) {
    if (!mandatoryPages.includes(page.position)) continue;
    for (const q of page.questions) {
      const key = `answers.${q.name}`;
      if (
        q.mandatory &&
        !isComputedCost(q) &&
        asked.has(q.name) &&
        !(all[q.name] ?? '').trim() &&
        !problems[key]
      )
        problems[key] = MESSAGES.required;
    }
  }
  return problems;
}
