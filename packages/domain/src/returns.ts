/**
 * Returns (spec 01 §2 `/cms/returns`; issue 26 item 2): a rented unit (asset) coming back. The spec names
 * the screen and the subscription status "pending return" but no return calls (docs/decisions.md,
 * "Returns"). A return opens when a subscription ends or is cancelled while it holds a rented out asset,
 * or by hand; it is received (day, who, condition), inspected (complete or what is missing, damaged or
 * not), then closed with an outcome that moves the asset through its own transition table. A unit that
 * never comes back closes the return as `stolen` (the asset stolen, the subscription lost/stolen).
 */
import { z } from 'zod';
import { isoDate, safeText } from './api.ts';
import { MESSAGES } from './messages.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

export const RETURN_STATUSES = ['pending', 'received', 'inspected', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What became of the unit: the asset status the close moves it to. */
export const RETURN_OUTCOMES = ['in stock', 'to repair', 'broken', 'removed', 'stolen'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];
/** The outcomes of a unit that came back (closing an inspected return). */
export const RETURN_CLOSE_OUTCOMES = ['in stock', 'to repair', 'broken', 'removed'] as const;

/** Why the return was opened. */
export const RETURN_SOURCES = ['subscription_ended', 'subscription_cancelled', 'manual'] as const;
export type ReturnSource = (typeof RETURN_SOURCES)[number];
export const RETURN_SOURCE_LABELS: Record<ReturnSource, string> = {
  subscription_ended: 'Subscription ended',
  subscription_cancelled: 'Subscription cancelled',
  manual: 'Created by hand',
};

export const RETURN_ACTIONS = ['receive', 'inspect', 'close', 'report_stolen'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];
export const RETURN_ACTION_LABELS: Record<ReturnAction, string> = {
  receive: 'Receive',
  inspect: 'Inspect',
  close: 'Close',
  report_stolen: 'Stolen or lost',
};

/** The return's state machine: received, inspected, closed; or closed as stolen before it arrived. */
export const RETURN_TRANSITIONS: TransitionTable<ReturnStatus, ReturnAction> = [
  { from: ['pending'], action: 'receive', to: 'received', message: MESSAGES.returnNotReceivable },
  { from: ['received'], action: 'inspect', to: 'inspected', message: MESSAGES.returnNotInspectable },
  { from: ['inspected'], action: 'close', to: 'closed', message: MESSAGES.returnNotClosable },
  { from: ['pending'], action: 'report_stolen', to: 'closed', message: MESSAGES.returnNotStolen },
];

export const returnActionsSchema = actionsSchema(z.enum(RETURN_STATUSES), z.enum(RETURN_ACTIONS));

const id = z.number().int().positive();
/** Optional free text: trimmed, empty becomes null. */
const noteText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

// ---- record ----

export const returnSchema = z.object({
  id: z.number().int(),
  product_tracking_id: z.number().int(),
  serial_number: z.string(),
  product_name: z.string(),
  subscription_id: z.number().int().nullable(),
  subscription_number: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  status: z.enum(RETURN_STATUSES),
  outcome: z.enum(RETURN_OUTCOMES).nullable(),
  source: z.enum(RETURN_SOURCES),
  /** The parcel's carrier and tracking number (shipping label), when there is one. */
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  note: z.string().nullable(),
  received_on: z.string().nullable(),
  received_by: z.string().nullable(),
  condition_note: z.string().nullable(),
  inspected_at: z.string().nullable(),
  inspected_by: z.string().nullable(),
  /** The short inspection: all parts there (else `missing` says what is not), damaged (with `damage`). */
  complete: z.boolean().nullable(),
  missing: z.string().nullable(),
  damaged: z.boolean().nullable(),
  damage: z.string().nullable(),
  inspection_note: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  close_note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

// ---- inputs ----

/** POST returns: a return opened by hand for a rented out asset. */
export const returnInputSchema = z.object({
  product_tracking_id: id,
  carrier: noteText(100),
  tracking_number: noteText(200),
  note: noteText(2000),
});
export type ReturnInput = z.input<typeof returnInputSchema>;

/** PUT returns/{id}: the parcel and the note, while the return is open. */
export const returnUpdateSchema = z.object({
  carrier: noteText(100),
  tracking_number: noteText(200),
  note: noteText(2000),
});
export type ReturnUpdate = z.input<typeof returnUpdateSchema>;

/**
 * POST returns/{id}/actions. `receive`: the day it arrived (default today) and its condition.
 * `inspect`: `complete` and `damaged` are required; not complete needs `missing`, damaged needs `damage`.
 * `close`: the `outcome`. `report_stolen`: the note says what is known.
 */
export const returnActionSchema = z
  .object({
    action: z.enum(RETURN_ACTIONS),
    received_on: isoDate().optional(),
    condition_note: noteText(2000),
    complete: z.boolean().optional(),
    missing: noteText(1000),
    damaged: z.boolean().optional(),
    damage: noteText(1000),
    outcome: z.enum(RETURN_CLOSE_OUTCOMES).optional(),
    note: noteText(2000),
  })
  .superRefine((v, ctx) => {
    const need = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.required });
    if (v.action === 'inspect') {
      if (v.complete === undefined) need('complete');
      if (v.damaged === undefined) need('damaged');
      if (v.complete === false && !v.missing) need('missing');
      if (v.damaged === true && !v.damage) need('damage');
    }
    if (v.action === 'close' && v.outcome === undefined) need('outcome');
  });
export type ReturnActionInput = z.input<typeof returnActionSchema>;
export type ReturnActionValues = z.output<typeof returnActionSchema>;

// ---- list ----

export const RETURN_SORTS = [
  'id',
  'status',
  'serial_number',
  'received_on',
  'closed_at',
  'created_at',
] as const;

export const returnFiltersSchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  outcome: z.enum(RETURN_OUTCOMES).optional(),
  product_tracking_id: z.coerce.number().int().positive().optional(),
  subscription_id: z.coerce.number().int().positive().optional(),
  /** Opened on or after / on or before these days. */
  created_from: isoDate().optional(),
  created_to: isoDate().optional(),
});
export type ReturnFilters = z.infer<typeof returnFiltersSchema>;
