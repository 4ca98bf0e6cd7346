/**
 * The questionnaire editor's rules (spec 02 §2, §4), as pure functions over the pages: select, move up
 * or down, add and delete pages and questions. Deleting a question clears the parent link and
 * link_description of its children; deleting a page deletes its questions (and clears their children's
 * links); positions renumber from 1 after every move, add and delete. Nothing is changed in place:
 * each function answers new pages (and where the selection goes), so the editor can keep them as
 * its form's value. Renaming a question keeps its children linked (their parent's name follows).
 */
import type { RepairPage, RepairPageType, RepairQuestion } from './repair-questions.ts';

export type Direction = 'up' | 'down';
/** A question by its place: the page's index and the question's index on it. */
export interface QuestionAt {
  page: number;
  question: number;
}

/** Positions 1, 2, 3... in list order, for the pages and each page's questions. */
export function renumber(pages: readonly RepairPage[]): RepairPage[] {
  return pages.map((page, i) => ({
    ...page,
    position: i + 1,
    questions: page.questions.map((q, j) => (q.position === j + 1 ? q : { ...q, position: j + 1 })),
  }));
}

export const canMovePage = (pages: readonly RepairPage[], index: number, direction: Direction) =>
  index >= 0 && index < pages.length && (direction === 'up' ? index > 0 : index < pages.length - 1);

/** Swaps a page with its neighbour; at the first (up) or last (down) page nothing moves. */
export function movePage(
  pages: readonly RepairPage[],
  index: number,
  direction: Direction,
): { pages: RepairPage[]; index: number } {
  if (!canMovePage(pages, index, direction)) return { pages: renumber(pages), index };
  const to = direction === 'up' ? index - 1 : index + 1;
  const next = [...pages];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return { pages: renumber(next), index: to };
}

/** Where a question goes: a place up or down on its page, or over the edge to the next page's end. */
function questionTarget(
  pages: readonly RepairPage[],
  at: QuestionAt,
  direction: Direction,
): QuestionAt | null {
  const page = pages[at.page];
  if (!page || at.question < 0 || at.question >= page.questions.length) return null;
  if (direction === 'up') {
    if (at.question > 0) return { page: at.page, question: at.question - 1 };
    const previous = pages[at.page - 1];
    return previous ? { page: at.page - 1, question: previous.questions.length } : null;
  }
  if (at.question < page.questions.length - 1) return { page: at.page, question: at.question + 1 };
  return at.page < pages.length - 1 ? { page: at.page + 1, question: 0 } : null;
}

export const canMoveQuestion = (pages: readonly RepairPage[], at: QuestionAt, direction: Direction) =>
  questionTarget(pages, at, direction) !== null;

/**
 * Moves a question one place up or down. The first question of a page moves up to the end of the page
 * before, the last one down to the start of the page after; the questionnaire's first and last stay.
 */
export function moveQuestion(
  pages: readonly RepairPage[],
  at: QuestionAt,
  direction: Direction,
): { pages: RepairPage[]; at: QuestionAt } {
  const target = questionTarget(pages, at, direction);
  if (!target) return { pages: renumber(pages), at };
  const question = pages[at.page]!.questions[at.question]!;
  const next = pages.map((page) => ({ ...page, questions: [...page.questions] }));
  next[at.page]!.questions.splice(at.question, 1);
  next[target.page]!.questions.splice(target.question, 0, question);
  return { pages: renumber(next), at: target };
}

/** The names of the questions whose parent is `name`. */
export function childrenOf(pages: readonly RepairPage[], name: string): string[] {
  return pages.flatMap((page) => page.questions.filter((q) => q.parent?.name === name).map((q) => q.name));
}

/** Clears the parent link and link_description of every child of the removed questions. */
function unlinkChildren(
  pages: RepairPage[],
  removed: ReadonlySet<string>,
): { pages: RepairPage[]; cleared: string[] } {
  const cleared: string[] = [];
  const next = pages.map((page) => ({
    ...page,
    questions: page.questions.map((q) => {
      if (!q.parent || !removed.has(q.parent.name)) return q;
      cleared.push(q.name);
      return { ...q, parent: null, link_description: null };
    }),
  }));
  return { pages: next, cleared };
}

/** Deletes a question; its children lose their parent link and link_description (`cleared` names them). */
export function deleteQuestion(
  pages: readonly RepairPage[],
  at: QuestionAt,
): { pages: RepairPage[]; cleared: string[] } {
  const question = pages[at.page]?.questions[at.question];
  if (!question) return { pages: renumber(pages), cleared: [] };
  const kept = pages.map((page, i) =>
    i === at.page ? { ...page, questions: page.questions.filter((_, j) => j !== at.question) } : page,
  );
  // A namesake elsewhere (a duplicate the rules refuse) still answers for the name: its children stay.
  const stillThere = kept.some((page) => page.questions.some((q) => q.name === question.name));
  const { pages: next, cleared } = stillThere
    ? { pages: kept, cleared: [] }
    : unlinkChildren(kept, new Set([question.name]));
  return { pages: renumber(next), cleared };
}

/** Deletes a page with its questions; children of those questions on other pages lose their link. */
export function deletePage(
  pages: readonly RepairPage[],
  index: number,
): { pages: RepairPage[]; removed: string[]; cleared: string[] } {
  const page = pages[index];
  if (!page) return { pages: renumber(pages), removed: [], cleared: [] };
  const kept = pages.filter((_, i) => i !== index);
  const remaining = new Set(kept.flatMap((p) => p.questions.map((q) => q.name)));
  const removed = page.questions.map((q) => q.name);
  const gone = new Set(removed.filter((name) => !remaining.has(name)));
  const { pages: next, cleared } = unlinkChildren(kept, gone);
  return { pages: renumber(next), removed, cleared };
}

/** `question_1`, `question_2`...: the first free one. */
export function newQuestionName(pages: readonly RepairPage[]): string {
  const taken = new Set(pages.flatMap((page) => page.questions.map((q) => q.name)));
  let n = 1;
  while (taken.has(`question_${n}`)) n++;
  return `question_${n}`;
}

/** A new question: a line of text to fill in, every option off. Its text is left for the editor to write. */
export function blankQuestion(name: string, position = 1): RepairQuestion {
  return {
    name,
    text: '',
    description: null,
    display: true,
    mandatory: false,
    position,
    value: null,
    type: 'STATE',
    action: 'NONE',
    is_total: false,
    duration_to_cost: false,
    cost_rate: null,
    link_description: null,
    parent: null,
    component: { type: 'TEXT_FIELD' },
    options: [],
    label: null,
    prefix: null,
    suffix: null,
    placeholder: null,
  };
}

/** Adds a blank question after `after` on the page (default: at its end). */
export function addQuestion(
  pages: readonly RepairPage[],
  pageIndex: number,
  after?: number,
): { pages: RepairPage[]; at: QuestionAt } {
  const page = pages[pageIndex];
  if (!page) throw new RangeError(`No page ${pageIndex}`);
  const place = after === undefined ? page.questions.length : Math.min(after + 1, page.questions.length);
  const questions = [...page.questions];
  questions.splice(place, 0, blankQuestion(newQuestionName(pages)));
  const next = pages.map((p, i) => (i === pageIndex ? { ...p, questions } : p));
  return { pages: renumber(next), at: { page: pageIndex, question: place } };
}

/** `Page 1`, `Page 2`...: the first name no page has. */
function newPageName(pages: readonly RepairPage[]): string {
  const taken = new Set(pages.map((p) => p.name));
  let n = pages.length + 1;
  while (taken.has(`Page ${n}`)) n++;
  return `Page ${n}`;
}

/**
 * Adds an empty STEP page after `after`; without it, at the end, but before a SUMMARY page there (it
 * stays last). Its first question is for the editor to add.
 */
export function addPage(
  pages: readonly RepairPage[],
  after?: number,
  type: RepairPageType = 'STEP',
): { pages: RepairPage[]; index: number } {
  const last = pages.at(-1);
  const index =
    after !== undefined
      ? Math.min(after + 1, pages.length)
      : last?.type === 'SUMMARY' && type === 'STEP'
        ? pages.length - 1
        : pages.length;
  const next = [...pages];
  next.splice(index, 0, { name: newPageName(pages), position: index + 1, type, questions: [] });
  return { pages: renumber(next), index };
}

/**
 * Renames a question; its children's parent link follows the new name. Where either name is another
 * question's too (a duplicate, which the rules refuse), the children stay as they are: following would
 * join two questions' children under one name for good.
 */
export function renameQuestion(pages: readonly RepairPage[], at: QuestionAt, name: string): RepairPage[] {
  const old = pages[at.page]?.questions[at.question]?.name;
  if (old === undefined || old === name) return [...pages];
  const names = pages.flatMap((page) => page.questions.map((q) => q.name));
  const follow = names.filter((n) => n === old).length === 1 && !names.includes(name);
  return pages.map((page, i) => ({
    ...page,
    questions: page.questions.map((q, j) => {
      if (i === at.page && j === at.question) return { ...q, name };
      return follow && q.parent?.name === old ? { ...q, parent: { ...q.parent, name } } : q;
    }),
  }));
}
