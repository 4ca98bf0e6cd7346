/**
 * The rules of a whole repair questionnaire (ours where spec 02 is silent; its §3 fields and §4 flow),
 * checked on every save by the input schema (`repair-questions.ts`), in the web editor as in the API.
 * Each problem names the field at fault by its path in the questionnaire
 * (`pages.1.questions.2.parent.name`), the path a 422's `errors` and the editor's fields use.
 */
import type {
  RepairComponentType,
  RepairPageType,
  RepairQuestionAction,
  RepairQuestionType,
} from './repair-questions.ts';

/**
 * The questionnaire's own texts (ours: spec 02 names the rules' fields, not their messages), beside the
 * rules, as vouchers keep theirs: the catalogue in messages.ts is in every screen's first load, and these are
 * needed only where a questionnaire is edited or saved.
 */
export const REPAIR_QUESTION_TEXTS = {
  questionnaireNoPages: 'Add at least one page.',
  questionnaireEmptyPage: 'A page needs at least one question.',
  questionnairePosition: (expected: number) =>
    `Positions run from 1 in the order of the list: this one is ${expected}.`,
  questionnaireSummaryNotLast: 'A SUMMARY page must be the last page.',
  questionNameFormat: 'Use 1 to 64 letters, digits, dashes or underscores.',
  questionNameTaken: 'Another question of the questionnaire has this name.',
  questionParentMissing: 'No question of the questionnaire has this name.',
  questionParentSelf: 'A question cannot be its own parent.',
  questionParentCycle: (names: string[]) =>
    `These questions are each other's parents in a circle: ${names.join(' → ')}.`,
  questionConditionalValue: (values: string[]) =>
    `Must be one of the parent's answers: ${values.join(', ')}.`,
  questionRemoveStockNotAction: 'Only an ACTION question can remove the asset from stock.',
  questionTotalNotCost: 'Only a COST question can be the total.',
  questionDurationToCostNotCost: 'Only a COST question turns durations into cost.',
  questionCostRateMissing: 'A COST question that turns durations into cost needs a rate per hour.',
  questionCostRateNotCost: 'Only a COST question has a rate.',
  questionCostRateZero: 'Must be more than zero.',
  questionOptionsMissing: 'A RADIO_GROUP needs at least two options.',
  questionOptionsNotRadio: 'Only a RADIO_GROUP has options.',
  questionOptionValueTaken: 'Another option of this question has this value.',
  questionValueNotOption: (values: string[]) => `Must be one of the options: ${values.join(', ')}.`,
  questionNumberComponent: 'A DURATION or COST question is answered in a TEXT_FIELD.',
  questionNumberValue: 'Must be a number of zero or more, like 1.5.',
  /** A save over a version someone else saved meanwhile (409). */
  questionnaireChanged: (version: number | null) =>
    version === null
      ? 'The questionnaire has no saved version to start from. Reload it, then make your changes again.'
      : `Someone saved version ${version} of the questionnaire meanwhile. Reload it, then make your changes again.`,
} as const;

/** What the rules read of a question (the input after parsing, or a saved one). */
export interface RuleQuestion {
  name: string;
  position?: number | undefined;
  type: RepairQuestionType;
  action: RepairQuestionAction;
  is_total: boolean;
  duration_to_cost: boolean;
  cost_rate: string | null;
  value: string | null;
  parent: { name: string; conditional_value: string } | null;
  component: { type: RepairComponentType };
  options: { text: string; value: string }[];
}

export interface RulePage {
  position?: number | undefined;
  type: RepairPageType;
  questions: RuleQuestion[];
}

export interface QuestionnaireProblem {
  path: (string | number)[];
  message: string;
}

/** A problem's path as a 422's key: `pages.1.questions.2.parent.name`. */
export const problemKey = (path: readonly (string | number)[]) => path.join('.');

const NUMBER = /^\d+(\.\d+)?$/;
const isZero = (decimal: string) => /^0*(\.0*)?$/.test(decimal);

/**
 * The questions on a cycle of parents: each question's chain of parents, followed until it ends, meets
 * a question already settled, or comes back to a question of the walk (a cycle: every question from
 * there on). A question that is its own parent is left to its own message.
 */
export function parentCycles(parentOf: ReadonlyMap<string, string>): Map<string, string[]> {
  const cycles = new Map<string, string[]>();
  const settled = new Set<string>();
  for (const start of parentOf.keys()) {
    const walk: string[] = [];
    const onWalk = new Map<string, number>();
    let at: string | undefined = start;
    while (at !== undefined && !settled.has(at) && !onWalk.has(at)) {
      onWalk.set(at, walk.length);
      walk.push(at);
      at = parentOf.get(at);
    }
    if (at !== undefined && onWalk.has(at)) {
      const ring = walk.slice(onWalk.get(at));
      if (ring.length > 1) {
        ring.forEach((name, i) => {
          // Named from the question itself round to it again: a → b → c → a.
          cycles.set(name, [...ring.slice(i), ...ring.slice(0, i), name]);
        });
      }
    }
    for (const name of walk) settled.add(name);
  }
  return cycles;
}

function questionProblems(
  q: RuleQuestion,
  at: (string | number)[],
  byName: ReadonlyMap<string, RuleQuestion>,
  cycles: ReadonlyMap<string, string[]>,
): QuestionnaireProblem[] {
  const out: QuestionnaireProblem[] = [];
  const problem = (field: (string | number)[], message: string) =>
    out.push({ path: [...at, ...field], message });

  if (q.parent) {
    const parent = byName.get(q.parent.name);
    if (q.parent.name === q.name) problem(['parent', 'name'], REPAIR_QUESTION_TEXTS.questionParentSelf);
    else if (!parent) problem(['parent', 'name'], REPAIR_QUESTION_TEXTS.questionParentMissing);
    else if (cycles.has(q.name))
      problem(['parent', 'name'], REPAIR_QUESTION_TEXTS.questionParentCycle(cycles.get(q.name)!));
    else if (parent.component.type === 'RADIO_GROUP') {
      const answers = [...new Set(parent.options.map((o) => o.value))];
      if (!answers.includes(q.parent.conditional_value))
        problem(['parent', 'conditional_value'], REPAIR_QUESTION_TEXTS.questionConditionalValue(answers));
    }
  }

  if (q.action === 'REMOVE_STOCK' && q.type !== 'ACTION')
    problem(['action'], REPAIR_QUESTION_TEXTS.questionRemoveStockNotAction);
  if (q.is_total && q.type !== 'COST') problem(['is_total'], REPAIR_QUESTION_TEXTS.questionTotalNotCost);
  if (q.duration_to_cost && q.type !== 'COST')
    problem(['duration_to_cost'], REPAIR_QUESTION_TEXTS.questionDurationToCostNotCost);
  if (q.cost_rate !== null && q.type !== 'COST')
    problem(['cost_rate'], REPAIR_QUESTION_TEXTS.questionCostRateNotCost);
  else if (q.type === 'COST' && q.duration_to_cost && q.cost_rate === null)
    problem(['cost_rate'], REPAIR_QUESTION_TEXTS.questionCostRateMissing);
  else if (q.cost_rate !== null && isZero(q.cost_rate))
    problem(['cost_rate'], REPAIR_QUESTION_TEXTS.questionCostRateZero);

  const radio = q.component.type === 'RADIO_GROUP';
  if (radio && q.options.length < 2) problem(['options'], REPAIR_QUESTION_TEXTS.questionOptionsMissing);
  if (!radio && q.options.length > 0) problem(['options'], REPAIR_QUESTION_TEXTS.questionOptionsNotRadio);
  const seen = new Set<string>();
  q.options.forEach((option, k) => {
    if (seen.has(option.value))
      problem(['options', k, 'value'], REPAIR_QUESTION_TEXTS.questionOptionValueTaken);
    seen.add(option.value);
  });
  if (radio && q.value !== null && !seen.has(q.value))
    problem(['value'], REPAIR_QUESTION_TEXTS.questionValueNotOption([...seen]));

  if (q.type === 'DURATION' || q.type === 'COST') {
    if (q.component.type !== 'TEXT_FIELD')
      problem(['component', 'type'], REPAIR_QUESTION_TEXTS.questionNumberComponent);
    if (q.value !== null && !NUMBER.test(q.value))
      problem(['value'], REPAIR_QUESTION_TEXTS.questionNumberValue);
  }
  return out;
}

/** Every problem of a questionnaire, in the order of its pages and questions; none: it can be saved. */
export function questionnaireProblems(pages: readonly RulePage[]): QuestionnaireProblem[] {
  const out: QuestionnaireProblem[] = [];
  if (pages.length === 0) return [{ path: ['pages'], message: REPAIR_QUESTION_TEXTS.questionnaireNoPages }];

  // Names are the questions' keys: the first question of a name is the one a child's parent means.
  const byName = new Map<string, RuleQuestion>();
  const parentOf = new Map<string, string>();
  for (const page of pages) {
    for (const q of page.questions) {
      if (byName.has(q.name)) continue;
      byName.set(q.name, q);
      if (q.parent) parentOf.set(q.name, q.parent.name);
    }
  }
  const cycles = parentCycles(parentOf);

  pages.forEach((page, i) => {
    const at = ['pages', i];
    if (page.position !== undefined && page.position !== i + 1)
      out.push({ path: [...at, 'position'], message: REPAIR_QUESTION_TEXTS.questionnairePosition(i + 1) });
    if (page.type === 'SUMMARY' && i !== pages.length - 1)
      out.push({ path: [...at, 'type'], message: REPAIR_QUESTION_TEXTS.questionnaireSummaryNotLast });
    if (page.questions.length === 0)
      out.push({ path: [...at, 'questions'], message: REPAIR_QUESTION_TEXTS.questionnaireEmptyPage });
    page.questions.forEach((q, j) => {
      const qAt = [...at, 'questions', j];
      if (q.position !== undefined && q.position !== j + 1)
        out.push({ path: [...qAt, 'position'], message: REPAIR_QUESTION_TEXTS.questionnairePosition(j + 1) });
      // A duplicate's own rules would read its namesake's links: its name is its problem.
      if (byName.get(q.name) !== q)
        out.push({ path: [...qAt, 'name'], message: REPAIR_QUESTION_TEXTS.questionNameTaken });
      else out.push(...questionProblems(q, qAt, byName, cycles));
    });
  });
  return out;
}
