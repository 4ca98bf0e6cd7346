/**
 * Answering a repair questionnaire (spec 02 §3): which questions are asked, what an answer must be,
 * and the SUMMARY page's costs. Pure functions over a questionnaire version and the answers by
 * question name, so the API (which stores and closes) and the web stepper (which shows) agree.
 *
 * - Visibility: a question is asked when it is displayed and, if it has a parent, the parent is asked
 *   and answered exactly its `conditional_value` (so hiding a parent hides its whole branch).
 * - Costs, in minor units of the questionnaire's currency (bigint, exact): a DURATION answer is hours
 *   (a decimal, at most 2 places); a COST question with `duration_to_cost` is the asked durations'
 *   hours at its `cost_rate`, rounded half-up once; another COST question is its answered amount; the
 *   `is_total` question is the sum of every other asked COST question.
 */
import { decimalToMinor, roundHalfUp } from './money.ts';
import type { RepairPage, RepairQuestion } from './repair-questions.ts';

export type RepairAnswers = Record<string, string>;

/** Hours of work: a non-negative decimal with at most 2 places, at most 9999.99. */
export const HOURS_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;

/** A question's answer as text, empty when none. */
const answerOf = (answers: RepairAnswers, name: string) => (answers[name] ?? '').trim();

/** The names of the questions asked with these answers (every page), in questionnaire order. */
export function visibleQuestionNames(pages: RepairPage[], answers: RepairAnswers): Set<string> {
  const byName = new Map<string, RepairQuestion>();
  for (const page of pages) for (const q of page.questions) byName.set(q.name, q);
  const memo = new Map<string, boolean>();
  const visible = (q: RepairQuestion, depth: number): boolean => {
    const known = memo.get(q.name);
    if (known !== undefined) return known;
    let shown = q.display;
    if (shown && q.parent) {
      const parent = byName.get(q.parent.name);
      // A saved questionnaire has no cycle and no missing parent; the depth bound keeps a bad one finite.
      shown =
        parent !== undefined &&
        depth < byName.size &&
        visible(parent, depth + 1) &&
        answerOf(answers, parent.name) === q.parent.conditional_value;
    }
    memo.set(q.name, shown);
    return shown;
  };
  const names = new Set<string>();
  for (const page of pages) for (const q of page.questions) if (visible(q, 0)) names.add(q.name);
  return names;
}

/** The questions of one page asked with these answers. */
export function visibleQuestions(pages: RepairPage[], page: RepairPage, answers: RepairAnswers) {
  const names = visibleQuestionNames(pages, answers);
  return page.questions.filter((q) => names.has(q.name));
}

/** A COST question the summary computes (no one types it). */
export const isComputedCost = (q: RepairQuestion) => q.type === 'COST' && (q.is_total || q.duration_to_cost);

/** Hours as an exact fraction of hundredths ("1.5" -> 150n); null when not hours. */
export function hundredthsOfHours(value: string): bigint | null {
  const text = value.trim();
  if (!HOURS_PATTERN.test(text)) return null;
  const [int = '0', frac = ''] = text.split('.');
  return BigInt(int) * 100n + BigInt(frac.padEnd(2, '0'));
}

export interface RepairCostLine {
  name: string;
  text: string;
  label: string | null;
  /** Minor units of the questionnaire's currency. */
  amount: bigint;
  is_total: boolean;
  duration_to_cost: boolean;
}

export interface RepairCosts {
  /** The asked DURATION answers together, in hundredths of an hour. */
  hours_hundredths: bigint;
  /** Every asked COST question, in questionnaire order. */
  lines: RepairCostLine[];
  /** The repair's cost: the sum of the asked COST questions that are not the total. */
  total: bigint;
}

/**
 * The repair's costs with these answers. A rate of `rateMinor` per hour for `h` hundredths of an hour
 * is `h * rate / 100`, rounded half-up to the minor unit. An amount that is not one in `currency`
 * counts as nothing here (the API refuses it before it is stored).
 */
export function repairCosts(pages: RepairPage[], answers: RepairAnswers, currency: string): RepairCosts {
  const names = visibleQuestionNames(pages, answers);
  const asked = pages.flatMap((p) => p.questions).filter((q) => names.has(q.name));
  let hours = 0n;
  for (const q of asked) {
    if (q.type !== 'DURATION') continue;
    hours += hundredthsOfHours(answerOf(answers, q.name)) ?? 0n;
  }
  const lines: RepairCostLine[] = [];
  for (const q of asked) {
    if (q.type !== 'COST') continue;
    let amount = 0n;
    if (q.duration_to_cost) {
      const rate = q.cost_rate === null ? 0n : (decimalToMinor(q.cost_rate, currency) ?? 0n);
      amount = roundHalfUp(hours * rate, 100n);
    } else if (!q.is_total) {
      const text = answerOf(answers, q.name);
      amount = text === '' ? 0n : (decimalToMinor(text, currency) ?? 0n);
    }
    lines.push({
      name: q.name,
      text: q.text,
      label: q.label,
      amount,
      is_total: q.is_total,
      duration_to_cost: q.duration_to_cost,
    });
  }
  const total = lines.filter((l) => !l.is_total).reduce((sum, l) => sum + l.amount, 0n);
  for (const line of lines) if (line.is_total) line.amount = total;
  return { hours_hundredths: hours, lines, total };
}

/** Answers that mean yes for an ACTION question (its RADIO_GROUP's "yes", or a typed "true"). */
const YES = new Set(['yes', 'true']);

/** Whether the answers ask to remove the asset from stock: an asked REMOVE_STOCK question answered yes. */
export function removesFromStock(pages: RepairPage[], answers: RepairAnswers): boolean {
  const names = visibleQuestionNames(pages, answers);
  return pages
    .flatMap((p) => p.questions)
    .some(
      (q) =>
        q.type === 'ACTION' &&
        q.action === 'REMOVE_STOCK' &&
        names.has(q.name) &&
        YES.has(answerOf(answers, q.name).toLowerCase()),
    );
}

/** Only the answers of asked, typed questions (a changed parent drops its old branch's answers). */
export function keptAnswers(pages: RepairPage[], answers: RepairAnswers): RepairAnswers {
  const names = visibleQuestionNames(pages, answers);
  const kept: RepairAnswers = {};
  for (const q of pages.flatMap((p) => p.questions)) {
    const value = answerOf(answers, q.name);
    if (names.has(q.name) && !isComputedCost(q) && value !== '') kept[q.name] = value;
  }
  return kept;
}
