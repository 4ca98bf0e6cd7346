import { describe, expect, it } from 'vitest';
import { repairQuestionnaireInputSchema } from './repair-questions.ts';
import { DEFAULT_LABOUR_RATE, defaultRepairQuestionnaire } from './repair-questions-default.ts';
import { questionnaireProblems } from './repair-questions-rules.ts';

const pages = defaultRepairQuestionnaire();
const questions = pages.flatMap((p) => p.questions);
const byName = new Map(questions.map((q) => [q.name, q]));
const childrenOf = (name: string, answer: string) =>
  questions
    .filter((q) => q.parent?.name === name && q.parent.conditional_value === answer)
    .map((q) => q.name);

describe('the default questionnaire (spec 02 §4, §9)', () => {
  it('has 3 pages, 2 STEP then 1 SUMMARY, and 13 questions', () => {
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.type)).toEqual(['STEP', 'STEP', 'SUMMARY']);
    expect(questions).toHaveLength(13);
    expect(new Set(questions.map((q) => q.name)).size).toBe(13);
  });

  it('asks first whether it is complete; no asks about missing and damaged parts, each yes for a free-text list', () => {
    const first = pages[0]!.questions[0]!;
    expect(first).toMatchObject({ name: 'is_complete', type: 'STATE', parent: null, mandatory: true });
    expect(first.component.type).toBe('RADIO_GROUP');
    expect(first.options.map((o) => o.value)).toEqual(['yes', 'no']);
    expect(childrenOf('is_complete', 'no')).toEqual(['has_missing_parts', 'has_damaged_parts']);
    expect(childrenOf('has_missing_parts', 'yes')).toEqual(['missing_parts']);
    expect(childrenOf('has_damaged_parts', 'yes')).toEqual(['damaged_parts']);
    for (const list of ['missing_parts', 'damaged_parts']) {
      expect(byName.get(list)!.component.type).toBe('TEXT_AREA');
      expect(byName.get(list)!.link_description).toBeTruthy();
    }
  });

  it('then: rentable again? no asks sell for parts? no leads to delete from stock, the ACTION REMOVE_STOCK', () => {
    expect(childrenOf('rentable_again', 'no')).toEqual(['sell_for_parts']);
    expect(childrenOf('sell_for_parts', 'no')).toEqual(['delete_from_stock']);
    const remove = questions.filter((q) => q.action === 'REMOVE_STOCK');
    expect(remove.map((q) => [q.name, q.type])).toEqual([['delete_from_stock', 'ACTION']]);
    expect(pages[1]!.questions.map((q) => q.type)).toContain('DURATION');
  });

  it('sums duration cost, replaced parts, repaired parts and a total on the last page, labour at 40 per hour', () => {
    const summary = pages[2]!.questions;
    expect(summary.map((q) => q.name)).toEqual([
      'duration_cost',
      'replaced_parts_cost',
      'repaired_parts_cost',
      'total_cost',
    ]);
    expect(summary.every((q) => q.type === 'COST')).toBe(true);
    expect(summary[0]).toMatchObject({ duration_to_cost: true, cost_rate: '40' });
    expect(DEFAULT_LABOUR_RATE).toBe('40');
    expect(summary.filter((q) => q.is_total).map((q) => q.name)).toEqual(['total_cost']);
    expect(summary.filter((q) => q.cost_rate !== null)).toHaveLength(1);
  });

  it('keeps its own rules, positions from 1, and is a questionnaire the API takes as it is', () => {
    expect(questionnaireProblems(pages)).toEqual([]);
    expect(pages.map((p) => p.position)).toEqual([1, 2, 3]);
    for (const page of pages)
      expect(page.questions.map((q) => q.position)).toEqual(page.questions.map((_, i) => i + 1));
    const parsed = repairQuestionnaireInputSchema.safeParse({ pages });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('is a fresh copy each time: an editor changing one changes no other', () => {
    const mine = defaultRepairQuestionnaire();
    mine[0]!.questions[0]!.text = 'Changed';
    expect(defaultRepairQuestionnaire()[0]!.questions[0]!.text).toBe('Is the product complete?');
  });
});
