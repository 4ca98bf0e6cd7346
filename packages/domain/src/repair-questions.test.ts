/**
 * The questionnaire editor's rules (spec 02 §4) and the questionnaire's validation, as properties over
 * random questionnaires and random sequences of edits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RepairPage, repairQuestionnaireInputSchema } from './repair-questions.ts';
import {
  addPage,
  addQuestion,
  blankQuestion,
  canMovePage,
  canMoveQuestion,
  type Direction,
  deletePage,
  deleteQuestion,
  movePage,
  moveQuestion,
  type QuestionAt,
  renameQuestion,
  renumber,
} from './repair-questions-editor.ts';
import {
  parentCycles,
  problemKey,
  questionnaireProblems,
  REPAIR_QUESTION_TEXTS,
} from './repair-questions-rules.ts';

const runs = process.env.CI ? 50 : 300;

/**
 * A questionnaire of 1 to 4 pages of 0 to 5 questions each, named q0, q1, ... in order, each with no
 * parent or the parent an earlier question (a forest: no cycle, every parent there).
 */
const questionnaire = fc
  .array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 4 })
  .chain((sizes) => {
    const total = sizes.reduce((a, b) => a + b, 0);
    return fc
      .tuple(
        fc.constant(sizes),
        fc.array(fc.option(fc.nat(), { nil: null }), { minLength: total, maxLength: total }),
        fc.array(fc.boolean(), { minLength: total, maxLength: total }),
      )
      .map(([sizes, parents, described]) => {
        let k = 0;
        const pages: RepairPage[] = sizes.map((size, i) => ({
          name: `Page ${i + 1}`,
          position: i + 1,
          type: 'STEP',
          questions: Array.from({ length: size }, (_, j) => {
            const n = k++;
            const p = parents[n];
            const parent = n > 0 && p !== null && p !== undefined ? `q${p % n}` : null;
            return {
              ...blankQuestion(`q${n}`, j + 1),
              text: `Question ${n}`,
              parent: parent ? { name: parent, conditional_value: 'yes' } : null,
              link_description: parent && described[n] ? `Asked after ${parent}` : null,
            };
          }),
        }));
        return pages;
      });
  });

const names = (pages: readonly RepairPage[]) => pages.flatMap((p) => p.questions.map((q) => q.name));
const count = (pages: readonly RepairPage[]) => names(pages).length;
const atOf = (pages: readonly RepairPage[], flat: number): QuestionAt | null => {
  let n = flat % Math.max(1, count(pages));
  for (let page = 0; page < pages.length; page++) {
    const size = pages[page]!.questions.length;
    if (n < size) return { page, question: n };
    n -= size;
  }
  return null;
};
const numbered = (pages: readonly RepairPage[]) =>
  pages.every((page, i) => page.position === i + 1 && page.questions.every((q, j) => q.position === j + 1));

type Edit =
  | { kind: 'movePage' | 'moveQuestion'; at: number; direction: Direction }
  | { kind: 'addPage' | 'addQuestion' | 'deletePage' | 'deleteQuestion'; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('movePage' as const, 'moveQuestion' as const),
    at: fc.nat(30),
    direction: fc.constantFrom<Direction>('up', 'down'),
  }),
  fc.record({
    kind: fc.constantFrom(
      'addPage' as const,
      'addQuestion' as const,
      'deletePage' as const,
      'deleteQuestion' as const,
    ),
    at: fc.nat(30),
  }),
);

function apply(pages: RepairPage[], e: Edit): { pages: RepairPage[]; deleted: string[] } {
  switch (e.kind) {
    case 'movePage':
      return { pages: movePage(pages, e.at % pages.length, e.direction).pages, deleted: [] };
    case 'moveQuestion': {
      const at = atOf(pages, e.at);
      return { pages: at ? moveQuestion(pages, at, e.direction).pages : pages, deleted: [] };
    }
    case 'addPage':
      return { pages: addPage(pages, e.at % (pages.length + 1)).pages, deleted: [] };
    case 'addQuestion':
      return { pages: addQuestion(pages, e.at % pages.length).pages, deleted: [] };
    case 'deletePage': {
      if (pages.length === 1) return { pages, deleted: [] };
      const r = deletePage(pages, e.at % pages.length);
      return { pages: r.pages, deleted: r.removed };
    }
    case 'deleteQuestion': {
      const at = atOf(pages, e.at);
      if (!at) return { pages, deleted: [] };
      const name = pages[at.page]!.questions[at.question]!.name;
      return { pages: deleteQuestion(pages, at).pages, deleted: [name] };
    }
  }
}

describe('the editor (spec 02 §4)', () => {
  it('renumbers positions from 1 after every move, add and delete, and loses or duplicates no question', () => {
    fc.assert(
      fc.property(questionnaire, fc.array(edit, { maxLength: 12 }), (start, edits) => {
        let pages = start;
        let expected = new Set(names(start));
        for (const e of edits) {
          const before = names(pages);
          const result = apply(pages, e);
          pages = result.pages;
          expect(numbered(pages)).toBe(true);
          const after = names(pages);
          expect(new Set(after).size).toBe(after.length);
          for (const name of result.deleted) expected.delete(name);
          for (const name of after) if (!before.includes(name)) expected.add(name);
          expect(new Set(after)).toEqual(expected);
          expected = new Set(after);
          // A forest stays a forest whose every parent exists: deletes clear the links to what went.
          const present = new Set(after);
          for (const page of pages)
            for (const q of page.questions) if (q.parent) expect(present.has(q.parent.name)).toBe(true);
          expect(questionnaireProblems(pages).filter((p) => p.path.includes('parent'))).toEqual([]);
        }
      }),
      { numRuns: runs },
    );
  });

  it('moving a question up then down (or down then up) puts everything back; at the ends nothing moves', () => {
    fc.assert(
      fc.property(questionnaire, fc.nat(30), fc.constantFrom<Direction>('up', 'down'), (pages, flat, dir) => {
        const at = atOf(pages, flat);
        if (!at) return;
        const back: Direction = dir === 'up' ? 'down' : 'up';
        const moved = moveQuestion(pages, at, dir);
        if (!canMoveQuestion(pages, at, dir)) {
          expect(moved.pages).toEqual(pages);
          expect(moved.at).toEqual(at);
          return;
        }
        const q = pages[at.page]!.questions[at.question]!;
        expect(moved.pages[moved.at.page]!.questions[moved.at.question]!.name).toBe(q.name);
        expect(moveQuestion(moved.pages, moved.at, back)).toEqual({ pages, at });
      }),
      { numRuns: runs },
    );
  });

  it('moving a page up then down puts everything back, its questions with it', () => {
    fc.assert(
      fc.property(questionnaire, fc.nat(5), fc.constantFrom<Direction>('up', 'down'), (pages, i, dir) => {
        const index = i % pages.length;
        const moved = movePage(pages, index, dir);
        if (!canMovePage(pages, index, dir)) {
          expect(moved).toEqual({ pages, index });
          return;
        }
        expect(moved.pages[moved.index]!.questions.map((q) => q.name)).toEqual(
          pages[index]!.questions.map((q) => q.name),
        );
        expect(movePage(moved.pages, moved.index, dir === 'up' ? 'down' : 'up')).toEqual({ pages, index });
      }),
      { numRuns: runs },
    );
  });

  it('deleting a question clears the parent link and link_description of its children, and nothing else', () => {
    fc.assert(
      fc.property(questionnaire, fc.nat(30), (pages, flat) => {
        const at = atOf(pages, flat);
        if (!at) return;
        const gone = pages[at.page]!.questions[at.question]!;
        const { pages: next, cleared } = deleteQuestion(pages, at);
        const before = new Map(pages.flatMap((p) => p.questions).map((q) => [q.name, q]));
        const children = [...before.values()].filter((q) => q.parent?.name === gone.name).map((q) => q.name);
        expect(cleared.sort()).toEqual(children.sort());
        for (const q of next.flatMap((p) => p.questions)) {
          const was = before.get(q.name)!;
          if (children.includes(q.name)) {
            expect(q.parent).toBeNull();
            expect(q.link_description).toBeNull();
            expect({ ...q, parent: was.parent, link_description: was.link_description, position: 0 }).toEqual(
              {
                ...was,
                position: 0,
              },
            );
          } else expect({ ...q, position: 0 }).toEqual({ ...was, position: 0 });
        }
        expect(names(next)).toEqual(names(pages).filter((n) => n !== gone.name));
      }),
      { numRuns: runs },
    );
  });

  it('deleting a page deletes its questions and clears the links of their children on other pages', () => {
    fc.assert(
      fc.property(questionnaire, fc.nat(5), (pages, i) => {
        const index = i % pages.length;
        const removed = pages[index]!.questions.map((q) => q.name);
        const result = deletePage(pages, index);
        expect(result.removed).toEqual(removed);
        expect(result.pages).toHaveLength(pages.length - 1);
        const left = result.pages.flatMap((p) => p.questions);
        expect(left.some((q) => removed.includes(q.name))).toBe(false);
        expect(left.some((q) => q.parent && removed.includes(q.parent.name))).toBe(false);
        const orphaned = pages
          .flatMap((p, k) => (k === index ? [] : p.questions))
          .filter((q) => q.parent && removed.includes(q.parent.name))
          .map((q) => q.name);
        expect(result.cleared.sort()).toEqual(orphaned.sort());
        expect(numbered(result.pages)).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it('adds a page before a SUMMARY page at the end, and questions with the first free name', () => {
    const pages = renumber([
      {
        name: 'Check',
        position: 1,
        type: 'STEP',
        questions: [{ ...blankQuestion('question_1'), text: 'a' }],
      },
      { name: 'Summary', position: 2, type: 'SUMMARY', questions: [] },
    ]);
    const added = addPage(pages);
    expect(added.index).toBe(1);
    expect(added.pages.map((p) => [p.name, p.type, p.position])).toEqual([
      ['Check', 'STEP', 1],
      ['Page 3', 'STEP', 2],
      ['Summary', 'SUMMARY', 3],
    ]);
    const withQuestion = addQuestion(added.pages, 1);
    expect(withQuestion.at).toEqual({ page: 1, question: 0 });
    expect(withQuestion.pages[1]!.questions[0]).toMatchObject({ name: 'question_2', position: 1 });
    const first = addQuestion(withQuestion.pages, 0, -1);
    expect(first.pages[0]!.questions.map((q) => [q.name, q.position])).toEqual([
      ['question_3', 1],
      ['question_1', 2],
    ]);
  });

  it('renaming a question keeps its children linked, unless the name is another question’s', () => {
    const pages = renumber([
      {
        name: 'P',
        position: 1,
        type: 'STEP',
        questions: [
          { ...blankQuestion('a'), text: 'A' },
          { ...blankQuestion('b'), text: 'B', parent: { name: 'a', conditional_value: 'x' } },
          { ...blankQuestion('c'), text: 'C' },
        ],
      },
    ]);
    const renamed = renameQuestion(pages, { page: 0, question: 0 }, 'complete');
    expect(renamed[0]!.questions.map((q) => [q.name, q.parent?.name ?? null])).toEqual([
      ['complete', null],
      ['b', 'complete'],
      ['c', null],
    ]);
    // Named like c: b does not follow (it would become c's child for good), and the rules say why.
    const clash = renameQuestion(pages, { page: 0, question: 0 }, 'c');
    expect(clash[0]!.questions[1]!.parent?.name).toBe('a');
    expect(questionnaireProblems(clash).map((p) => [problemKey(p.path), p.message])).toEqual([
      ['pages.0.questions.1.parent.name', REPAIR_QUESTION_TEXTS.questionParentMissing],
      ['pages.0.questions.2.name', REPAIR_QUESTION_TEXTS.questionNameTaken],
    ]);
  });
});

describe('the questionnaire’s rules', () => {
  it('finds every question on a cycle of parents, and names each path; a missing parent is named too', () => {
    fc.assert(
      fc.property(
        questionnaire.filter((p) => count(p) >= 2),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 2, max: 6 }),
        (pages, seed, lost, size) => {
          const all = names(pages);
          const ring = fc.sample(
            fc.shuffledSubarray(all, { minLength: 2, maxLength: Math.min(size, all.length) }),
            {
              seed,
              numRuns: 1,
            },
          )[0]!;
          const parentOf = new Map(ring.map((name, i) => [name, ring[(i + 1) % ring.length]!]));
          // One question outside the ring names a parent nobody has.
          const outside = all.filter((n) => !parentOf.has(n));
          const orphan = outside.length > 0 ? outside[lost % outside.length]! : null;
          const edited = pages.map((page) => ({
            ...page,
            questions: page.questions.map((q) =>
              parentOf.has(q.name)
                ? { ...q, parent: { name: parentOf.get(q.name)!, conditional_value: 'yes' } }
                : q.name === orphan
                  ? { ...q, parent: { name: 'nobody', conditional_value: 'yes' } }
                  : q,
            ),
          }));
          const pathOf = new Map<string, string>();
          edited.forEach((page, i) => {
            page.questions.forEach((q, j) => {
              pathOf.set(q.name, `pages.${i}.questions.${j}.parent.name`);
            });
          });
          // (A page may be empty: that is its own problem, not this test's.)
          const problems = new Map(
            questionnaireProblems(edited)
              .filter((p) => p.path.includes('parent'))
              .map((p) => [problemKey(p.path), p.message]),
          );
          for (const name of ring) {
            // Named from the question along its parents: a's parent b's parent ... back to a.
            expect(problems.get(pathOf.get(name)!)).toBe(
              REPAIR_QUESTION_TEXTS.questionParentCycle(walk(parentOf, name)),
            );
          }
          if (orphan)
            expect(problems.get(pathOf.get(orphan)!)).toBe(REPAIR_QUESTION_TEXTS.questionParentMissing);
          const expectedKeys = new Set([...ring, ...(orphan ? [orphan] : [])].map((n) => pathOf.get(n)!));
          expect(new Set(problems.keys())).toEqual(expectedKeys);
          // The same through the API's schema: 422 paths, the parsed input rejected.
          const parsed = repairQuestionnaireInputSchema.safeParse({ pages: edited });
          expect(parsed.success).toBe(false);
          const issues = parsed.error!.issues.filter((i) => i.path.includes('parent'));
          expect(new Set(issues.map((i) => problemKey(i.path as (string | number)[])))).toEqual(expectedKeys);
        },
      ),
      { numRuns: runs },
    );
  });

  it('finds no cycle in a forest, and exactly the rings of any parent map', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(7), { minLength: 1, maxLength: 8 }), (targets) => {
        const parentOf = new Map(targets.map((t, i) => [`n${i}`, `n${t}`]));
        const cycles = parentCycles(parentOf);
        for (const name of parentOf.keys()) {
          // On a ring of two or more: following parents from it comes back to it.
          let at = parentOf.get(name);
          let steps = 0;
          while (at !== undefined && at !== name && steps++ < 10) at = parentOf.get(at);
          const onRing = at === name && parentOf.get(name) !== name;
          expect(cycles.has(name)).toBe(onRing);
          if (onRing) expect(cycles.get(name)).toEqual(walk(parentOf, name));
        }
      }),
      { numRuns: runs },
    );
  });

  it('names each other rule’s field', () => {
    const q = (fields: object) => ({ ...blankQuestion('q'), text: 'Q', ...fields });
    const page = (questions: object[], type: 'STEP' | 'SUMMARY' = 'STEP') => ({
      name: 'P',
      position: 1,
      type,
      questions,
    });
    const problems = (pages: object[]) =>
      questionnaireProblems(pages as RepairPage[]).map((p) => [problemKey(p.path), p.message]);

    expect(problems([])).toEqual([['pages', REPAIR_QUESTION_TEXTS.questionnaireNoPages]]);
    expect(problems([page([q({})], 'SUMMARY'), { ...page([q({ name: 'r' })]), position: 2 }])).toEqual([
      ['pages.0.type', REPAIR_QUESTION_TEXTS.questionnaireSummaryNotLast],
    ]);
    expect(problems([page([])])).toEqual([
      ['pages.0.questions', REPAIR_QUESTION_TEXTS.questionnaireEmptyPage],
    ]);
    expect(problems([{ ...page([q({ position: 2 })]), position: 3 }])).toEqual([
      ['pages.0.position', REPAIR_QUESTION_TEXTS.questionnairePosition(1)],
      ['pages.0.questions.0.position', REPAIR_QUESTION_TEXTS.questionnairePosition(1)],
    ]);
    expect(problems([page([q({ type: 'COST', duration_to_cost: true })])])).toEqual([
      ['pages.0.questions.0.cost_rate', REPAIR_QUESTION_TEXTS.questionCostRateMissing],
    ]);
    expect(problems([page([q({ type: 'COST', duration_to_cost: true, cost_rate: '0.00' })])])).toEqual([
      ['pages.0.questions.0.cost_rate', REPAIR_QUESTION_TEXTS.questionCostRateZero],
    ]);
    expect(
      problems([page([q({ type: 'STATE', cost_rate: '40', is_total: true, duration_to_cost: true })])]),
    ).toEqual([
      ['pages.0.questions.0.is_total', REPAIR_QUESTION_TEXTS.questionTotalNotCost],
      ['pages.0.questions.0.duration_to_cost', REPAIR_QUESTION_TEXTS.questionDurationToCostNotCost],
      ['pages.0.questions.0.cost_rate', REPAIR_QUESTION_TEXTS.questionCostRateNotCost],
    ]);
    expect(problems([page([q({ action: 'REMOVE_STOCK' })])])).toEqual([
      ['pages.0.questions.0.action', REPAIR_QUESTION_TEXTS.questionRemoveStockNotAction],
    ]);
    expect(problems([page([q({ name: 'q', parent: { name: 'q', conditional_value: 'x' } })])])).toEqual([
      ['pages.0.questions.0.parent.name', REPAIR_QUESTION_TEXTS.questionParentSelf],
    ]);
    const radio = {
      name: 'r',
      component: { type: 'RADIO_GROUP' },
      options: [
        { text: 'Yes', value: 'yes' },
        { text: 'Also yes', value: 'yes' },
      ],
      value: 'maybe',
    };
    expect(
      problems([page([q(radio), q({ position: 2, parent: { name: 'r', conditional_value: 'no' } })])]),
    ).toEqual([
      ['pages.0.questions.0.options.1.value', REPAIR_QUESTION_TEXTS.questionOptionValueTaken],
      ['pages.0.questions.0.value', REPAIR_QUESTION_TEXTS.questionValueNotOption(['yes'])],
      [
        'pages.0.questions.1.parent.conditional_value',
        REPAIR_QUESTION_TEXTS.questionConditionalValue(['yes']),
      ],
    ]);
    expect(
      problems([page([q({ component: { type: 'RADIO_GROUP' }, options: [{ text: 'A', value: 'a' }] })])]),
    ).toEqual([['pages.0.questions.0.options', REPAIR_QUESTION_TEXTS.questionOptionsMissing]]);
    expect(problems([page([q({ options: [{ text: 'A', value: 'a' }] })])])).toEqual([
      ['pages.0.questions.0.options', REPAIR_QUESTION_TEXTS.questionOptionsNotRadio],
    ]);
    expect(
      problems([page([q({ type: 'DURATION', component: { type: 'TEXT_AREA' }, value: 'an hour' })])]),
    ).toEqual([
      ['pages.0.questions.0.component.type', REPAIR_QUESTION_TEXTS.questionNumberComponent],
      ['pages.0.questions.0.value', REPAIR_QUESTION_TEXTS.questionNumberValue],
    ]);
  });

  it('the input schema reads an empty form field as none, and refuses unknown fields and a bad name', () => {
    const question = { ...blankQuestion('q'), text: 'Q', description: '', cost_rate: '', label: '  ' };
    const parsed = repairQuestionnaireInputSchema.parse({ pages: [{ name: 'P', questions: [question] }] });
    expect(parsed.pages[0]!.questions[0]).toMatchObject({ description: null, cost_rate: null, label: null });
    expect(parsed.pages[0]!.type).toBe('STEP');
    const bad = repairQuestionnaireInputSchema.safeParse({
      pages: [{ name: 'P', questions: [{ ...question, name: 'has space', colour: 'red' }] }],
    });
    expect(bad.error!.issues.map((i) => [problemKey(i.path as (string | number)[]), i.message])).toEqual(
      expect.arrayContaining([['pages.0.questions.0.name', REPAIR_QUESTION_TEXTS.questionNameFormat]]),
    );
    expect(bad.error!.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
  });
});

/** A ring from `name` along its parents back to it: a → b → c → a. */
function walk(parentOf: ReadonlyMap<string, string>, name: string): string[] {
  const out = [name];
  let at = parentOf.get(name)!;
  while (at !== name) {
    out.push(at);
    at = parentOf.get(at)!;
  }
  return [...out, name];
}
