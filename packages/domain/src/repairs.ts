/**
 * Repairs (spec 01 §2 `/cms/repairs`, `/cms/repairs/{id}`; spec 02 §3 the questionnaire they are
 * answered with). One repair case per asset sent to repair: opened when the asset's status becomes
 * `to repair` (or by hand from the asset), answered page by page with the questionnaire version that
 * was current when it opened (pinned: later edits of the questionnaire never change it), and closed,
 * which sets the asset's status (in stock, broken, or removed when the answers say REMOVE_STOCK) and
 * records the repair's total cost. The spec names no repair calls: decision 55.
 */
import { z } from 'zod';
import { isoDate, safeText } from './api.ts';
import { ASSET_STATUSES } from './enums.ts';
import { amountSchema } from './money.ts';
import { repairPageSchema } from './repair-questions.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

export const REPAIR_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];
export const REPAIR_ACTIONS = ['close'] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];

/** Ours (the spec names no repair texts). */
export const REPAIR_TEXTS = {
  created: 'Repair opened.',
  createFailed: 'Could not open the repair.',
  saved: 'Repair answers saved.',
  saveFailed: 'Could not save the repair answers.',
  closed: 'Repair closed.',
  closeFailed: 'Could not close the repair.',
  notOpen: 'Only an open repair can be closed.',
  notEditable: 'Only an open repair can be answered.',
  alreadyOpen: 'This asset already has an open repair.',
  assetNotInRepair: 'The asset is no longer in repair: change its status back to repair first.',
  unknownQuestion: 'No such question in this repair’s questionnaire.',
  notAsked: 'This question is not asked with the answers given.',
  computed: 'This cost is computed, not answered.',
  notAnOption: (values: string[]) => `One of: ${values.join(', ')}.`,
  hours: 'Hours as a number, at most 2 decimals (1.5 is an hour and a half).',
  amount: 'An amount with at most the currency’s decimals.',
  tooLong: 'At most 2000 characters.',
  unknownPage: 'No such page in this repair’s questionnaire.',
} as const;

/**
 * The repair's table: closing is the one action staff take (the asset's status follows). A repair is
 * cancelled, not by hand, when its asset leaves `to repair` another way (marked stolen, removed).
 */
export const REPAIR_TRANSITIONS: TransitionTable<RepairStatus, RepairAction> = [
  { from: ['open'], action: 'close', to: 'closed', message: REPAIR_TEXTS.notOpen },
];
export const REPAIR_ACTION_LABELS: Record<RepairAction, string> = { close: 'Close repair' };

/** The asset statuses a closed repair leaves the asset in. */
export const REPAIR_OUTCOMES = [
  'in stock',
  'broken',
  'removed',
] as const satisfies readonly (typeof ASSET_STATUSES)[number][];
export type RepairOutcome = (typeof REPAIR_OUTCOMES)[number];

// ---- records ----

export const repairSchema = z.object({
  id: z.number().int(),
  product_tracking_id: z.number().int(),
  /** The asset's serial number and product when the repair opened. */
  serial_number: z.string(),
  product_name: z.string(),
  status: z.enum(REPAIR_STATUSES),
  /** The questionnaire version it is answered with (pinned when it opened). */
  questionnaire_id: z.number().int(),
  questionnaire_version: z.number().int(),
  /** The answers by question name (asked questions only). */
  answers: z.record(z.string(), z.string()),
  /** The repair's total cost, recorded when it closes (the asset's profit and loss reads it). */
  total_cost: amountSchema.nullable(),
  currency: z.string(),
  /** The asset status closing left it in. */
  outcome: z.enum(ASSET_STATUSES).nullable(),
  reason: z.string().nullable(),
  opened_by: z.string().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Repair = z.infer<typeof repairSchema>;

export const repairCostLineSchema = z.object({
  name: z.string(),
  text: z.string(),
  label: z.string().nullable(),
  amount: amountSchema,
  is_total: z.boolean(),
  duration_to_cost: z.boolean(),
});

/** `GET repairs/{id}`: the repair, its pinned questionnaire and the summary's costs with its answers. */
export const repairDetailSchema = repairSchema.extend({
  pages: z.array(repairPageSchema),
  summary: z.object({
    /** The asked DURATION answers together, in hours ("1.50"). */
    hours: z.string(),
    lines: z.array(repairCostLineSchema),
    /** What closing records as `total_cost` with the answers as they are. */
    total: amountSchema,
    /** Whether the answers remove the asset from stock on close (an ACTION REMOVE_STOCK answered yes). */
    removes_from_stock: z.boolean(),
  }),
});
export type RepairDetail = z.infer<typeof repairDetailSchema>;

export const repairActionsSchema = actionsSchema(z.enum(REPAIR_STATUSES), z.enum(REPAIR_ACTIONS));

// ---- inputs ----

const noteText = safeText()
  .trim()
  .max(2000)
  .nullable()
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** POST repairs: open a repair for an asset (sent to repair now when it is not already). */
export const repairCreateSchema = z.object({
  product_tracking_id: z.number().int().positive(),
  reason: noteText,
});
export type RepairCreate = z.input<typeof repairCreateSchema>;

/** An answer as typed: text, or a number read by its shortest decimal form. */
const answerValue = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/**
 * POST repairs/{id}/answers: the answers of one page (`page`: its position). Answers of other pages
 * may be given too; a question left out keeps its answer, an empty one clears it. The page's asked
 * mandatory questions must be answered.
 */
export const repairAnswersInputSchema = z.object({
  page: z.number().int().min(1).max(1000),
  answers: z.record(z.string().max(64), answerValue),
});
export type RepairAnswersInput = z.input<typeof repairAnswersInputSchema>;

/** POST repairs/{id}/close: where the asset goes when the answers do not remove it from stock. */
export const repairCloseSchema = z.object({
  asset_status: z.enum(['in stock', 'broken']).default('in stock'),
  reason: noteText,
});
export type RepairCloseInput = z.input<typeof repairCloseSchema>;

// ---- lists ----

export const REPAIR_SORTS = [
  'id',
  'serial_number',
  'status',
  'total_cost',
  'created_at',
  'closed_at',
] as const;

export const repairFiltersSchema = z.object({
  status: z.enum(REPAIR_STATUSES).optional(),
  product_tracking_id: z.coerce.number().int().positive().optional(),
  /** Opened on or after this day (the company's calendar day, as the list's dates are). */
  created_from: isoDate().optional(),
  created_to: isoDate().optional(),
});
export type RepairFilters = z.infer<typeof repairFiltersSchema>;
