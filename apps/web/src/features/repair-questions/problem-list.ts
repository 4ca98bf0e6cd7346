/**
 * The questionnaire's problems as a list the editor shows above the pages (each names its page,
 * question and field, and selects it on a click): the form's errors, from the domain's rules or the
 * server's 422, are keyed by path (`pages.1.questions.2.parent.name`) and most are on questions not
 * selected, whose fields are not on screen.
 */
import type { RepairPage } from '@rentloop/domain/repair-questions';

/** What the editor has selected: a page, or a question of a page. */
export type Selection = { page: number; question: number | null };

export interface Problem {
  path: string;
  /** "Page 1 “Inspection” › is_complete". */
  where: string;
  /** "Parent question". */
  field: string;
  message: string;
  select: Selection | null;
}

export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  text: 'Question',
  description: 'Description',
  display: 'Shown in repairs',
  mandatory: 'Mandatory',
  position: 'Position',
  value: 'Starting answer',
  type: 'Type',
  action: 'Action',
  is_total: 'Total of the costs',
  duration_to_cost: 'Turns working time into cost',
  cost_rate: 'Rate per hour',
  link_description: 'Link description',
  parent: 'Parent',
  'parent.name': 'Parent question',
  'parent.conditional_value': 'Shown when the parent’s answer is',
  component: 'Component',
  'component.type': 'Component',
  options: 'Options',
  label: 'Label',
  prefix: 'Prefix',
  suffix: 'Suffix',
  placeholder: 'Placeholder',
  questions: 'Questions',
};

interface Leaf {
  path: (string | number)[];
  message: string;
}

/** The error messages in react-hook-form's nested errors, each with its path. */
export function errorLeaves(errors: unknown, path: (string | number)[] = []): Leaf[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  const out: Leaf[] = [];
  if (typeof node.message === 'string' && node.message !== '') out.push({ path, message: node.message });
  for (const [key, child] of Object.entries(node)) {
    // A leaf's own type, message and types are text; `ref` is its element. A field named `type` is an object.
    if (!child || typeof child !== 'object' || key === 'ref' || key === 'types') continue;
    // An array's own error (react-hook-form's `root` of a field array) is the array's.
    const at = key === 'root' ? path : [...path, /^\d+$/.test(key) ? Number(key) : key];
    out.push(...errorLeaves(child, at));
  }
  return out;
}

const optionLabel = (rest: (string | number)[]) => {
  // options.2.value -> "Option 3: value"
  if (rest[0] === 'options' && typeof rest[1] === 'number')
    return `Option ${rest[1] + 1}${rest[2] ? ` ${String(rest[2])}` : ''}`;
  return null;
};

/** The errors as the editor's list, in the order of the questionnaire. */
export function problemList(errors: unknown, pages: readonly RepairPage[]): Problem[] {
  return errorLeaves(errors).map(({ path, message }) => {
    const key = path.join('.');
    const [root, pageIndex, part, questionIndex, ...rest] = path;
    if (root !== 'pages' || typeof pageIndex !== 'number')
      return { path: key, where: 'Questionnaire', field: FIELD_LABELS[key] ?? key, message, select: null };
    const page = pages[pageIndex];
    const pageName = `Page ${pageIndex + 1}${page ? ` “${page.name}”` : ''}`;
    if (part === 'questions' && typeof questionIndex === 'number') {
      const question = page?.questions[questionIndex];
      const field = rest.join('.');
      return {
        path: key,
        where: `${pageName} › ${question?.name || `question ${questionIndex + 1}`}`,
        field: FIELD_LABELS[field] ?? optionLabel(rest) ?? field,
        message,
        select: { page: pageIndex, question: questionIndex },
      };
    }
    const field = [part, questionIndex, ...rest].filter((x) => x !== undefined).join('.');
    return {
      path: key,
      where: pageName,
      field: FIELD_LABELS[field] ?? field,
      message,
      select: { page: pageIndex, question: null },
    };
  });
}

/** Whether the selection (a page or a question) has errors of its own. */
export const hasProblem = (problems: readonly Problem[], page: number, question: number | null) =>
  problems.some((p) => p.select?.page === page && p.select.question === question);
