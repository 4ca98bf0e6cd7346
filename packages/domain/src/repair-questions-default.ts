/**
 * The questionnaire a company starts with (spec 02 §4, §9): 3 pages (2 STEP, 1 SUMMARY), 13 questions.
 * - Inspection: is it complete? If no, are parts missing, are parts damaged; each yes leads to a
 *   free-text list of them.
 * - Repair: the working time; rentable again? If no, sell for parts? If no, delete from stock (the
 *   ACTION REMOVE_STOCK).
 * - Summary: the duration cost (the working time at the labour rate, 40 per hour), replaced parts,
 *   repaired parts and the total.
 * The rate is 40 in the company's currency (the spec's EUR for a company in euros); the API states the
 * currency with it.
 */

import type { RepairPage, RepairQuestion } from './repair-questions.ts';
import { blankQuestion, renumber } from './repair-questions-editor.ts';

/** Spec 02 §9: "Repair default labour rate 40 per hour in EUR". */
export const DEFAULT_LABOUR_RATE = '40';

const YES_NO = [
  { text: 'Yes', value: 'yes' },
  { text: 'No', value: 'no' },
];

type Fields = Partial<RepairQuestion> & Pick<RepairQuestion, 'name' | 'text' | 'type'>;
const question = (fields: Fields): RepairQuestion => ({ ...blankQuestion(fields.name), ...fields });
const yesNo = (fields: Fields): RepairQuestion =>
  question({ component: { type: 'RADIO_GROUP' }, options: YES_NO, mandatory: true, ...fields });
const cost = (fields: Omit<Fields, 'type'>): RepairQuestion =>
  question({ type: 'COST', placeholder: '0.00', ...fields });

const PAGES: RepairPage[] = [
  {
    name: 'Inspection',
    position: 1,
    type: 'STEP',
    questions: [
      yesNo({
        name: 'is_complete',
        text: 'Is the product complete?',
        description: 'Check it against the parts it was rented out with.',
        type: 'STATE',
      }),
      yesNo({
        name: 'has_missing_parts',
        text: 'Are parts missing?',
        type: 'STATE',
        parent: { name: 'is_complete', conditional_value: 'no' },
        link_description: 'Asked when the product is not complete.',
      }),
      question({
        name: 'missing_parts',
        text: 'Which parts are missing?',
        type: 'STATE',
        component: { type: 'TEXT_AREA' },
        label: 'Missing parts',
        placeholder: 'One part per line',
        mandatory: true,
        parent: { name: 'has_missing_parts', conditional_value: 'yes' },
        link_description: 'Asked when parts are missing.',
      }),
      yesNo({
        name: 'has_damaged_parts',
        text: 'Are parts damaged?',
        type: 'STATE',
        parent: { name: 'is_complete', conditional_value: 'no' },
        link_description: 'Asked when the product is not complete.',
      }),
      question({
        name: 'damaged_parts',
        text: 'Which parts are damaged?',
        type: 'STATE',
        component: { type: 'TEXT_AREA' },
        label: 'Damaged parts',
        placeholder: 'One part per line, with what is wrong',
        mandatory: true,
        parent: { name: 'has_damaged_parts', conditional_value: 'yes' },
        link_description: 'Asked when parts are damaged.',
      }),
    ],
  },
  {
    name: 'Repair',
    position: 2,
    type: 'STEP',
    questions: [
      question({
        name: 'repair_duration',
        text: 'How long did the repair take?',
        description: 'Hours of work; 1.5 is an hour and a half. Leave empty when there was nothing to do.',
        type: 'DURATION',
        label: 'Working time',
        suffix: 'h',
        placeholder: '1.5',
      }),
      yesNo({ name: 'rentable_again', text: 'Can the product be rented again?', type: 'STATE' }),
      yesNo({
        name: 'sell_for_parts',
        text: 'Sell it for parts?',
        type: 'STATE',
        parent: { name: 'rentable_again', conditional_value: 'no' },
        link_description: 'Asked when the product cannot be rented again.',
      }),
      yesNo({
        name: 'delete_from_stock',
        text: 'Delete it from stock?',
        description: 'Yes removes the asset from stock.',
        type: 'ACTION',
        action: 'REMOVE_STOCK',
        parent: { name: 'sell_for_parts', conditional_value: 'no' },
        link_description: 'Asked when it is not sold for parts.',
      }),
    ],
  },
  {
    name: 'Summary',
    position: 3,
    type: 'SUMMARY',
    questions: [
      cost({
        name: 'duration_cost',
        text: 'Duration cost',
        description: 'The working time at the labour rate.',
        label: 'Labour',
        duration_to_cost: true,
        cost_rate: DEFAULT_LABOUR_RATE,
      }),
      cost({ name: 'replaced_parts_cost', text: 'Replaced parts', label: 'Replaced parts' }),
      cost({ name: 'repaired_parts_cost', text: 'Repaired parts', label: 'Repaired parts' }),
      cost({
        name: 'total_cost',
        text: 'Total',
        description: 'The duration cost and the parts together.',
        label: 'Total',
        is_total: true,
      }),
    ],
  },
];

/** A fresh copy of the default questionnaire (the rate as `DEFAULT_LABOUR_RATE`, in any currency). */
export function defaultRepairQuestionnaire(): RepairPage[] {
  return renumber(structuredClone(PAGES));
}
