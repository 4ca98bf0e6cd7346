/**
 * The repair questionnaire (spec 02 §3 "Repair questionnaire page" and "question", §4, §7 "Repair
 * questions"): the pages and questions a repair is answered with, edited at `/cms/questions` and saved
 * whole with `POST /api/{company}/rentloopdb/repairs-questions`. Field names and enumerations are the
 * spec's. Every save is kept as a version (the API's `id` and `version`), so a repair shows the
 * questions it was answered with.
 *
 * - The questionnaire's rules (a parent that exists and is no cycle, the SUMMARY page last, a rate where
 *   durations become cost, ...): `repair-questions-rules.ts`, run by the input schema below, so the web
 *   form and the API's 422 name the same field by the same path (`pages.1.questions.2.parent.name`).
 * - The editor's moves, adds and deletes: `repair-questions-editor.ts`.
 * - The questionnaire a company starts with (spec 02 §4): `repair-questions-default.ts`.
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema, amountSchema } from './money.ts';
import { questionnaireProblems, REPAIR_QUESTION_TEXTS } from './repair-questions-rules.ts';

export const REPAIR_PAGE_TYPES = ['STEP', 'SUMMARY'] as const;
export type RepairPageType = (typeof REPAIR_PAGE_TYPES)[number];
export const REPAIR_QUESTION_TYPES = ['STATE', 'ACTION', 'DURATION', 'COST'] as const;
export type RepairQuestionType = (typeof REPAIR_QUESTION_TYPES)[number];
export const REPAIR_QUESTION_ACTIONS = ['NONE', 'REMOVE_STOCK'] as const;
export type RepairQuestionAction = (typeof REPAIR_QUESTION_ACTIONS)[number];
export const REPAIR_COMPONENT_TYPES = ['RADIO_GROUP', 'TEXT_AREA', 'TEXT_FIELD'] as const;
export type RepairComponentType = (typeof REPAIR_COMPONENT_TYPES)[number];

/** What each value means, for the editor's selects (the value itself is the spec's). */
export const REPAIR_PAGE_TYPE_HELP: Record<RepairPageType, string> = {
  STEP: 'A step of questions',
  SUMMARY: 'The costs of the repair, last',
};
export const REPAIR_QUESTION_TYPE_HELP: Record<RepairQuestionType, string> = {
  STATE: 'What state the product is in',
  ACTION: 'Does something to the asset',
  DURATION: 'Working time, in hours',
  COST: 'An amount of money',
};
export const REPAIR_QUESTION_ACTION_HELP: Record<RepairQuestionAction, string> = {
  NONE: 'Nothing',
  REMOVE_STOCK: 'Removes the asset from stock',
};
export const REPAIR_COMPONENT_HELP: Record<RepairComponentType, string> = {
  RADIO_GROUP: 'Choose one of the options',
  TEXT_AREA: 'Several lines of text',
  TEXT_FIELD: 'One line: a text, hours or an amount',
};

/** How big a questionnaire may grow (ours: generous for a repair, bounded for the request). */
export const REPAIR_QUESTIONNAIRE_LIMITS = {
  pages: 20,
  questionsPerPage: 50,
  options: 20,
} as const;

/** A question's name: what a child names as its parent and what a repair stores its answer under. */
export const QUESTION_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An optional text: empty (a cleared form field) is none. */
const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

const questionName = safeText().trim().regex(QUESTION_NAME_PATTERN, REPAIR_QUESTION_TEXTS.questionNameFormat);
const requiredText = (max: number) => safeText().trim().min(1, MESSAGES.required).max(max);

/** A rate per hour in the company's currency; empty (a cleared form field) is none. */
const optionalAmount = z
  .union([z.literal('').transform(() => null), amountInputSchema])
  .nullable()
  .default(null);

const position = z.number().int().min(1).max(1000);

export const repairOptionInputSchema = z.strictObject({
  text: requiredText(200),
  value: requiredText(100),
});

export const repairParentInputSchema = z.strictObject({
  /** The name of the question this one depends on. */
  name: safeText().trim().min(1, MESSAGES.required).max(64),
  /** The parent's answer that shows this question. */
  conditional_value: requiredText(100),
});

export const repairQuestionInputSchema = z.strictObject({
  name: questionName,
  text: requiredText(500),
  description: optionalText(2000),
  /** Shown to whoever fills in a repair; off keeps the question in the questionnaire, not asked. */
  display: z.boolean().default(true),
  mandatory: z.boolean().default(false),
  /** Its place on the page, from 1 (left out: its place in the list). */
  position: position.optional(),
  /** The answer it starts with (a repair keeps its answer here). */
  value: optionalText(2000),
  type: z.enum(REPAIR_QUESTION_TYPES),
  action: z.enum(REPAIR_QUESTION_ACTIONS).default('NONE'),
  /** A COST question that sums the other costs. */
  is_total: z.boolean().default(false),
  /** A COST question whose amount is the repair's working time (DURATION answers) at `cost_rate`. */
  duration_to_cost: z.boolean().default(false),
  /** The rate per hour of a COST question that turns durations into cost, in the company's currency. */
  cost_rate: optionalAmount,
  /** Says when the question is asked ("Asked when the product is not complete."). */
  link_description: optionalText(500),
  parent: repairParentInputSchema.nullable().default(null),
  component: z.strictObject({ type: z.enum(REPAIR_COMPONENT_TYPES) }),
  options: z.array(repairOptionInputSchema).max(REPAIR_QUESTIONNAIRE_LIMITS.options).default([]),
  label: optionalText(100),
  prefix: optionalText(20),
  suffix: optionalText(20),
  placeholder: optionalText(100),
});

export const repairPageInputSchema = z.strictObject({
  name: requiredText(100),
  position: position.optional(),
  type: z.enum(REPAIR_PAGE_TYPES).default('STEP'),
  questions: z.array(repairQuestionInputSchema).max(REPAIR_QUESTIONNAIRE_LIMITS.questionsPerPage),
});

/**
 * `POST repairs-questions`: the whole questionnaire. `version` is the version the editor loaded (null:
 * the default); when someone saved another since, the save is refused (409) rather than undoing theirs.
 * The questionnaire's rules run once every field is well formed.
 */
export const repairQuestionnaireInputSchema = z
  .strictObject({
    pages: z.array(repairPageInputSchema).max(REPAIR_QUESTIONNAIRE_LIMITS.pages),
    version: z.number().int().min(1).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    for (const problem of questionnaireProblems(value.pages)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  });
export type RepairQuestionnaireInput = z.output<typeof repairQuestionnaireInputSchema>;
export type RepairPageInput = z.output<typeof repairPageInputSchema>;
export type RepairQuestionInput = z.output<typeof repairQuestionInputSchema>;

export const repairOptionSchema = z.object({ text: z.string(), value: z.string() });
export const repairParentSchema = z.object({ name: z.string(), conditional_value: z.string() });

export const repairQuestionSchema = z.object({
  name: z.string(),
  text: z.string(),
  description: z.string().nullable(),
  display: z.boolean(),
  mandatory: z.boolean(),
  position: z.number().int(),
  value: z.string().nullable(),
  type: z.enum(REPAIR_QUESTION_TYPES),
  action: z.enum(REPAIR_QUESTION_ACTIONS),
  is_total: z.boolean(),
  duration_to_cost: z.boolean(),
  /** Per hour, in `currency` of the questionnaire. */
  cost_rate: amountSchema.nullable(),
  link_description: z.string().nullable(),
  parent: repairParentSchema.nullable(),
  component: z.object({ type: z.enum(REPAIR_COMPONENT_TYPES) }),
  options: z.array(repairOptionSchema),
  label: z.string().nullable(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
  placeholder: z.string().nullable(),
});
export type RepairQuestion = z.infer<typeof repairQuestionSchema>;

export const repairPageSchema = z.object({
  name: z.string(),
  position: z.number().int(),
  type: z.enum(REPAIR_PAGE_TYPES),
  questions: z.array(repairQuestionSchema),
});
export type RepairPage = z.infer<typeof repairPageSchema>;

/** The questionnaire as `GET repairs-questions` answers it: the latest version, or the default. */
export const repairQuestionnaireSchema = z.object({
  /** The version's id (what a repair refers to); null while the company has saved none. */
  id: z.number().int().nullable(),
  /** 1 for the first save, then one more for each save that changed something; null: the default. */
  version: z.number().int().nullable(),
  /** The default questionnaire of spec 02 §4: the company has not saved its own yet. */
  is_default: z.boolean(),
  /** The currency of the rates (the company's when it was saved). */
  currency: z.string(),
  created_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  pages: z.array(repairPageSchema),
});
export type RepairQuestionnaire = z.infer<typeof repairQuestionnaireSchema>;
