import { defaultRepairQuestionnaire } from '@rentloop/domain/repair-questions-default';
import { describe, expect, it } from 'vitest';
import { errorLeaves, hasProblem, problemList } from './problem-list.ts';

const pages = defaultRepairQuestionnaire();

describe('the editor’s problem list', () => {
  it('reads react-hook-form’s nested errors (arrays by index) into paths', () => {
    const errors = {
      pages: [
        undefined,
        {
          questions: [
            { parent: { name: { type: 'custom', message: 'No question has this name.', ref: {} } } },
          ],
          type: { type: 'custom', message: 'A SUMMARY page must be the last page.' },
        },
      ],
    };
    expect(errorLeaves(errors)).toEqual([
      { path: ['pages', 1, 'questions', 0, 'parent', 'name'], message: 'No question has this name.' },
      { path: ['pages', 1, 'type'], message: 'A SUMMARY page must be the last page.' },
    ]);
  });

  it('names the page, the question and the field, and what to select', () => {
    const problems = problemList(
      {
        pages: {
          0: { questions: { 2: { options: { 1: { value: { message: 'Taken.' } } } } } },
          2: {
            questions: { 0: { cost_rate: { message: 'Needs a rate.' } } },
            name: { message: 'Required field.' },
          },
        },
      },
      pages,
    );
    expect(problems.map(({ where, field, message, select }) => [where, field, message, select])).toEqual([
      ['Page 1 “Inspection” › missing_parts', 'Option 2 value', 'Taken.', { page: 0, question: 2 }],
      ['Page 3 “Summary” › duration_cost', 'Rate per hour', 'Needs a rate.', { page: 2, question: 0 }],
      ['Page 3 “Summary”', 'Name', 'Required field.', { page: 2, question: null }],
    ]);
    expect(hasProblem(problems, 2, 0)).toBe(true);
    expect(hasProblem(problems, 2, null)).toBe(true);
    expect(hasProblem(problems, 1, null)).toBe(false);
    expect(problemList({ pages: { message: 'Add at least one page.' } }, [])).toEqual([
      {
        path: 'pages',
        where: 'Questionnaire',
        field: 'pages',
        message: 'Add at least one page.',
        select: null,
      },
    ]);
  });
});
