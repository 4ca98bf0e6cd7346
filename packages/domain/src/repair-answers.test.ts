/**
 * Answering a repair questionnaire: which questions are asked (property: the rule against an
 * independent fixpoint computation), the summary's costs (property: against an independent half-up
 * computation in integers), REMOVE_STOCK, and the answers' checks naming the question.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptAnswers, removesFromStock, repairCosts, visibleQuestionNames } from './repair-answers.ts';
import { answersProblems } from './repair-answers-check.ts';
import type { RepairPage, RepairQuestion } from './repair-questions.ts';
import { defaultRepairQuestionnaire } from './repair-questions-default.ts';
import { blankQuestion } from './repair-questions-editor.ts';

const pages = defaultRepairQuestionnaire();
const asked = (answers: Record<string, string>) => [...visibleQuestionNames(pages, answers)];

describe('visibility', () => {
  it('asks the children when the parent has their conditional value', () => {
    expect(asked({})).toEqual(['is_complete', 'repair_duration', 'rentable_again', ...summary]);
    expect(asked({ is_complete: 'no', has_missing_parts: 'yes' })).toContain('missing_parts');
    expect(asked({ is_complete: 'yes', has_missing_parts: 'yes' })).not.toContain('missing_parts');
    expect(asked({ rentable_again: 'no', sell_for_parts: 'no' })).toContain('delete_from_stock');
    expect(asked({ rentable_again: 'yes', sell_for_parts: 'no' })).not.toContain('delete_from_stock');
  });

  // A random questionnaire: question i may name any earlier question as its parent (no cycle).
  const tree = fc.array(
    fc.record({
      parent: fc.option(fc.nat(), { nil: null }),
      value: fc.constantFrom('a', 'b'),
      display: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  );
  const answersArb = fc.array(fc.constantFrom('a', 'b', ''), { minLength: 12, maxLength: 12 });

  it('asks exactly the displayed questions whose parents are asked and answered their value', () => {
    fc.assert(
      fc.property(tree, answersArb, (spec, values) => {
        const questions: RepairQuestion[] = spec.map((s, i) => ({
          ...blankQuestion(`q${i}`),
          display: s.display,
          parent:
            s.parent === null || i === 0 ? null : { name: `q${s.parent % i}`, conditional_value: s.value },
        }));
        const answers = Object.fromEntries(values.map((v, i) => [`q${i}`, v]));
        // Independent: grow the asked set from the roots until nothing changes.
        const shown = new Set<string>();
        let changed = true;
        while (changed) {
          changed = false;
          for (const q of questions) {
            const ok =
              q.display &&
              (q.parent === null ||
                (shown.has(q.parent.name) && answers[q.parent.name] === q.parent.conditional_value));
            if (ok && !shown.has(q.name)) {
              shown.add(q.name);
              changed = true;
            }
          }
        }
        const page: RepairPage = { name: 'P', position: 1, type: 'STEP', questions };
        expect([...visibleQuestionNames([page], answers)].sort()).toEqual([...shown].sort());
      }),
    );
  });
});

const summary = ['duration_cost', 'replaced_parts_cost', 'repaired_parts_cost', 'total_cost'];

describe('costs', () => {
  it('1.5 h at 40.00 is 60.00, plus a part of 25.50: 85.50', () => {
    const costs = repairCosts(pages, { repair_duration: '1.5', replaced_parts_cost: '25.50' }, 'EUR');
    expect(costs.hours_hundredths).toBe(150n);
    expect(costs.lines.map((l) => [l.name, l.amount])).toEqual([
      ['duration_cost', 6000n],
      ['replaced_parts_cost', 2550n],
      ['repaired_parts_cost', 0n],
      ['total_cost', 8550n],
    ]);
    expect(costs.total).toBe(8550n);
  });

  it('in a currency without decimals the rate is 40 whole units', () => {
    expect(repairCosts(pages, { repair_duration: '0.25' }, 'JPY').total).toBe(10n);
  });

  it('is the hours at the rate, rounded half-up once, plus the parts (independent computation)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (hundredths, rate, replaced, repaired) => {
          const q = structuredClone(pages);
          const labour = q[2]!.questions.find((x) => x.name === 'duration_cost')!;
          labour.cost_rate = (rate / 100).toFixed(2);
          const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
          const answers = {
            repair_duration: cents(hundredths),
            replaced_parts_cost: cents(replaced),
            repaired_parts_cost: cents(repaired),
          };
          // Independent: hours x rate in ten-thousandths of the currency, then to cents half-up.
          const product = BigInt(hundredths) * BigInt(rate);
          const labourCents = product / 100n + (product % 100n >= 50n ? 1n : 0n);
          const expected = labourCents + BigInt(replaced) + BigInt(repaired);
          expect(repairCosts(q, answers, 'CAD').total).toBe(expected);
        },
      ),
    );
  });

  it('counts only asked questions', () => {
    const q = structuredClone(pages);
    q[1]!.questions[0]!.parent = { name: 'is_complete', conditional_value: 'no' };
    expect(repairCosts(q, { is_complete: 'yes', repair_duration: '2' }, 'EUR').total).toBe(0n);
    expect(repairCosts(q, { is_complete: 'no', repair_duration: '2' }, 'EUR').total).toBe(8000n);
  });
});

describe('REMOVE_STOCK and answers', () => {
  it('removes from stock only when the asked ACTION question is answered yes', () => {
    const no = { rentable_again: 'no', sell_for_parts: 'no', delete_from_stock: 'yes' };
    expect(removesFromStock(pages, no)).toBe(true);
    expect(removesFromStock(pages, { ...no, delete_from_stock: 'no' })).toBe(false);
    expect(removesFromStock(pages, { ...no, rentable_again: 'yes' })).toBe(false);
  });

  it('keeps only the answers of asked questions', () => {
    expect(keptAnswers(pages, { is_complete: 'yes', has_missing_parts: 'yes', total_cost: '9' })).toEqual({
      is_complete: 'yes',
    });
  });

  it('names the question of a wrong or missing answer', () => {
    const all = { is_complete: 'maybe', repair_duration: '1.555', replaced_parts_cost: '1.001', nope: 'x' };
    expect(answersProblems(pages, all, all, 'EUR', [2])).toEqual({
      'answers.is_complete': 'One of: yes, no.',
      'answers.repair_duration': expect.stringContaining('Hours'),
      'answers.replaced_parts_cost': expect.stringContaining('amount'),
      'answers.nope': expect.stringContaining('No such question'),
      'answers.rentable_again': 'Required field.',
    });
    const missing = { is_complete: 'no', has_missing_parts: 'yes' };
    expect(answersProblems(pages, missing, missing, 'EUR', [1])).toEqual({
      'answers.has_damaged_parts': 'Required field.',
      'answers.missing_parts': 'Required field.',
    });
  });
});
