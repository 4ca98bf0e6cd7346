/**
 * Subscriptions (spec 01 §3 "Subscription", §4, §7 "Subscriptions", §8): one per rented unit of an
 * order item, billed per period (billing-periods.ts). Wire schemas are snake_case; amounts are decimal
 * strings. Status changes go through `SUBSCRIPTION_TRANSITIONS` only, including the `status` of a bulk
 * update (`subscriptionActionTo`). The CSV import's rows are checked in
 * subscription-import-rows.ts.
 */
import { z } from 'zod';
import { booleanFilter, businessDate, isoDate, MAX_BULK_IDS, safeText } from './api.ts';
import { dunningSchema } from './dunning.ts';
import {
  FREQUENCIES,
  PRICE_MODES,
  REPLACEMENT_KINDS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema, amountSchema } from './money.ts';
import { percentInputSchema } from './percent.ts';
import { SUBSCRIPTION_END_REASONS } from './subscription-end.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

const id = z.number().int().positive();
/** The field rules a subscription's input and an imported row share (subscription-import-rows.ts). */
export const subscriptionInterval = z.number().int().min(1).max(365);
export const subscriptionQuantity = z.number().int().min(1).max(10_000);
export const subscriptionTermMonths = z.number().int().min(0).max(120);

// ---- record ----

export const subscriptionSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  order_id: z.number().int(),
  order_number: z.string().nullable(),
  order_item_id: z.number().int().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  variant_id: z.number().int().nullable(),
  variant_name: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  frequency: z.enum(FREQUENCIES),
  interval: z.number().int(),
  /** The amount of one period (unit price x quantity is the period's amount). */
  price: amountSchema,
  tax_percent: z.string(),
  quantity: z.number().int(),
  /** Whether the price may change with the catalog (changeable), stays (fixed), or is not charged (skipped). */
  price_mode: z.enum(PRICE_MODES),
  /** The same three modes, for the minimum term. */
  term_mode: z.enum(PRICE_MODES).nullable(),
  minimum_term_months: z.number().int(),
  start_date: z.string(),
  minimum_term_end: z.string(),
  next_billing_date: z.string().nullable(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  /** Why it ended (or will end), as churn is counted (subscription-end.ts); null when not ended by `end`. */
  end_reason_code: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
  /** The day the business jobs end it (an end asked for at the end of the term); null when none is due. */
  end_scheduled_on: z.string().nullable(),
  /** When it was bought out (process-buyout: status `ended`, action `bought_out`); null otherwise. */
  bought_out_at: z.string().nullable(),
  /**
   * Why it waits for a replacement (status pending replacement; null otherwise): what becomes of the unit
   * it holds when the replacement goes out (missing: written off as stolen; damaged: broken; faulty: to repair).
   */
  replacement_kind: z.enum(REPLACEMENT_KINDS).nullable(),
  auto_renew: z.boolean(),
  buyout_price: amountSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** One subscription as its page reads it: with the dunning of its payments (the running one, else the last). */
export const subscriptionDetailSchema = subscriptionSchema.extend({
  dunning: dunningSchema
    .nullable()
    .optional()
    .describe('Where its payments stand in dunning: the running dunning, else the latest; null when none.'),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

// ---- inputs ----

/** POST subscriptions: a subscription added by hand to an existing order. */
export const subscriptionInputSchema = z.object({
  order_id: id,
  order_item_id: id.nullable().optional(),
  variant_id: id,
  frequency: z.enum(FREQUENCIES),
  interval: subscriptionInterval.default(1),
  price: amountInputSchema,
  tax_percent: percentInputSchema,
  quantity: subscriptionQuantity.default(1),
  start_date: businessDate(),
  price_mode: z.enum(PRICE_MODES).default('changeable'),
  minimum_term_months: subscriptionTermMonths.default(0),
  auto_renew: z.boolean().default(true),
});
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;

/** Texts of ours for subscriptions (the spec names these rules but not their messages). */
export const SUBSCRIPTION_TEXTS = {
  nothingToUpdate: 'Nothing to update.',
  reasonRequired: 'A reason is required to end a subscription.',
  notReactivatable: 'A bought-out or lost subscription cannot be reactivated.',
  notActivatable: 'Only a subscription pending activation can be activated.',
  notPausable: 'Only an active subscription can be paused.',
  notResumable: 'Only a paused subscription can be resumed.',
  cancellationNotRequestable: 'Only an active or paused subscription can be cancelled by request.',
  notCancellable: 'This subscription can no longer be cancelled.',
  notEndable: 'This subscription has already ended.',
  returnNotRequestable: 'A return can only be requested for a running or cancelled subscription.',
  notPendingReturn: 'No return is pending for this subscription.',
  notLosable: 'Only a subscription whose product is with the customer can be reported lost or stolen.',
  buyoutNotRequestable: 'Only an active or paused subscription can be bought out.',
  notBuyable: 'This subscription cannot be bought out now.',
  replacementNotRequestable: 'Only an active or paused subscription can have its product replaced.',
  notPendingReplacement: 'No replacement is pending for this subscription.',
} as const;

/**
 * PUT subscriptions/{id}: `{action: 'reactivate'}`, `{action: 'auto_renew', auto_renew}` (spec 01
 * §4), or plain field updates (with `action: 'update'` or no action) of the price mode, price,
 * quantity and next billing date.
 */
// One object rather than a union, so the API description has one unambiguous body (a `oneOf` whose
// members all allow `action` cannot say which applies); the rules of each action are checked below.
export const subscriptionUpdateSchema = z
  .object({
    action: z.enum(['reactivate', 'auto_renew', 'update']).optional(),
    auto_renew: z.boolean().optional(),
    price_mode: z.enum(PRICE_MODES).optional(),
    price: amountInputSchema.optional(),
    quantity: subscriptionQuantity.optional(),
    next_billing_date: businessDate().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reactivate') return;
    if (v.action === 'auto_renew') {
      if (v.auto_renew === undefined)
        ctx.addIssue({ code: 'custom', path: ['auto_renew'], message: MESSAGES.required });
      return;
    }
    const fields = [v.price_mode, v.price, v.quantity, v.next_billing_date];
    if (fields.every((f) => f === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: SUBSCRIPTION_TEXTS.nothingToUpdate });
  });
export type SubscriptionUpdate = z.input<typeof subscriptionUpdateSchema>;

/** A reason to end: required, 1 to 500 characters (spec 01 §4 "Ending takes a reason"). */
const reason = z
  .string({ error: MESSAGES.required })
  .pipe(safeText().trim().min(1, SUBSCRIPTION_TEXTS.reasonRequired).max(500));

/**
 * PUT subscriptions: up to 100 at once; `status` runs the transition leading there for each
 * (`subscriptionActionTo`), `ended` needs the reason.
 */
export const subscriptionsBulkUpdateSchema = z
  .object({
    ids: z.array(id).min(1).max(MAX_BULK_IDS),
    status: z.enum(SUBSCRIPTION_STATUSES).optional(),
    auto_renew: z.boolean().optional(),
    reason: reason.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === undefined && v.auto_renew === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: SUBSCRIPTION_TEXTS.nothingToUpdate });
    if (v.status === 'ended' && v.reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: SUBSCRIPTION_TEXTS.reasonRequired });
  })
  .transform((v) => ({ ...v, ids: [...new Set(v.ids)] }));
export type SubscriptionsBulkUpdate = z.input<typeof subscriptionsBulkUpdateSchema>;

/** POST subscriptions/{id}/process-buyout. */
export const subscriptionBuyoutSchema = z.object({
  buyout_price: amountInputSchema,
  message: safeText().trim().max(2000).nullable().optional(),
});

export const SUBSCRIPTION_SORTS = [
  'id',
  'status',
  'start_date',
  'next_billing_date',
  'price',
  'created_at',
  'updated_at',
] as const;

const listId = z.coerce.number().int().positive().optional();
export const subscriptionFiltersSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  product_id: listId,
  customer_id: listId,
  order_id: listId,
  next_billing_from: isoDate().optional(),
  next_billing_to: isoDate().optional(),
  /** Ended (any final status) on or after / on or before this day: the churn graph's drill-down. */
  ended_from: isoDate().optional(),
  ended_to: isoDate().optional(),
  auto_renew: booleanFilter(),
  /** Running on this day (started by then, not pending activation, not ended on or before it, UTC):
   * the active-subscriptions graph's drill-down. */
  running_on: isoDate().optional(),
});
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

// ---- transitions ----

export const SUBSCRIPTION_ACTIONS = [
  'activate',
  'pause',
  'resume',
  'request_cancellation',
  'cancel',
  'end',
  'reactivate',
  'request_return',
  'mark_returned',
  'report_lost',
  'request_buyout',
  'bought_out',
  'manual_buyout',
  'request_replacement',
  'replace',
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/**
 * What the guards read. `status`: the subscription's current status (the reactivate guard tells a
 * bought-out or lost subscription from an ended one). `reason`: the reason to end; undefined while only
 * listing the actions (`GET .../actions`, where the dialog has not asked yet), null or blank when the
 * call has none.
 */
export interface SubscriptionGuardInput {
  status: SubscriptionStatus;
  reason?: string | null;
  /** Whether it was bought out (ended with the action bought_out): never reactivated. */
  bought_out?: boolean;
}

type S = SubscriptionStatus;
/** The product is with the customer and the subscription runs or winds down. */
const RUNNING: S[] = ['active', 'paused', 'cancellation requested'];
const FINAL: S[] = ['bought out', 'manual bought out', 'lost/stolen', 'ended'];
const NOT_REACTIVATABLE: S[] = ['bought out', 'manual bought out', 'lost/stolen'];
const everyStatusBut = (...but: S[]) => SUBSCRIPTION_STATUSES.filter((s) => !but.includes(s));

/** The subscription's state machine: read one row as "from these statuses, action leads to status". */
export const SUBSCRIPTION_TRANSITIONS: TransitionTable<S, SubscriptionAction, SubscriptionGuardInput> = [
  {
    from: ['pending activation'],
    action: 'activate',
    to: 'active',
    message: SUBSCRIPTION_TEXTS.notActivatable,
  },
  { from: ['active'], action: 'pause', to: 'paused', message: SUBSCRIPTION_TEXTS.notPausable },
  { from: ['paused'], action: 'resume', to: 'active', message: SUBSCRIPTION_TEXTS.notResumable },
  {
    from: ['active', 'paused'],
    action: 'request_cancellation',
    to: 'cancellation requested',
    message: SUBSCRIPTION_TEXTS.cancellationNotRequestable,
  },
  {
    from: [...RUNNING, 'pending activation'],
    action: 'cancel',
    to: 'cancelled',
    message: SUBSCRIPTION_TEXTS.notCancellable,
  },
  {
    from: everyStatusBut(...FINAL),
    action: 'end',
    to: 'ended',
    guard: ({ reason }) =>
      reason === undefined || (reason !== null && reason.trim() !== '')
        ? null
        : SUBSCRIPTION_TEXTS.reasonRequired,
    message: SUBSCRIPTION_TEXTS.notEndable,
  },
  {
    from: everyStatusBut('active'),
    action: 'reactivate',
    to: 'active',
    guard: ({ status, bought_out }) =>
      bought_out || NOT_REACTIVATABLE.includes(status) ? SUBSCRIPTION_TEXTS.notReactivatable : null,
    message: MESSAGES.subscriptionAlreadyActive,
  },
  {
    from: [...RUNNING, 'cancelled'],
    action: 'request_return',
    to: 'pending return',
    message: SUBSCRIPTION_TEXTS.returnNotRequestable,
  },
  {
    from: ['pending return'],
    action: 'mark_returned',
    to: 'ended',
    message: SUBSCRIPTION_TEXTS.notPendingReturn,
  },
  {
    from: [...RUNNING, 'pending return', 'pending replacement', 'pending buyout'],
    action: 'report_lost',
    to: 'lost/stolen',
    message: SUBSCRIPTION_TEXTS.notLosable,
  },
  {
    from: RUNNING,
    action: 'request_buyout',
    to: 'pending buyout',
    message: SUBSCRIPTION_TEXTS.buyoutNotRequestable,
  },
  // Spec 01 §4: "Marking as bought out sets status ended with action bought_out" (process-buyout, which
  // also deletes the payments not yet billed and charges the buyout). The status `bought out` of the
  // spec's enumeration is reached by no action any more (docs/decisions.md, "Buyouts").
  {
    from: [...RUNNING, 'pending buyout'],
    action: 'bought_out',
    to: 'ended',
    message: SUBSCRIPTION_TEXTS.notBuyable,
    event: 'subscription.bought_out',
  },
  {
    from: [...RUNNING, 'pending buyout', 'pending return'],
    action: 'manual_buyout',
    to: 'manual bought out',
    message: SUBSCRIPTION_TEXTS.notBuyable,
    event: 'subscription.bought_out',
  },
  {
    from: ['active', 'paused'],
    action: 'request_replacement',
    to: 'pending replacement',
    message: SUBSCRIPTION_TEXTS.replacementNotRequestable,
  },
  {
    from: ['pending replacement'],
    action: 'replace',
    to: 'active',
    message: SUBSCRIPTION_TEXTS.notPendingReplacement,
  },
];

export const subscriptionActionsSchema = actionsSchema(
  z.enum(SUBSCRIPTION_STATUSES),
  z.enum(SUBSCRIPTION_ACTIONS),
);

/**
 * The action a `status` field (bulk update, import) asks for: the first transition in the table's order
 * that leads to `to` from `from` (paused → active is resume, not reactivate), or, when none starts from
 * `from`, the first one leading to `to`, whose refusal then says why. Null when `from` is already `to` or
 * nothing leads there.
 */
export function subscriptionActionTo(
  from: SubscriptionStatus,
  to: SubscriptionStatus,
): SubscriptionAction | null {
  if (from === to) return null;
  const leading = SUBSCRIPTION_TRANSITIONS.filter((t) => t.to === to);
  return (leading.find((t) => t.from.includes(from)) ?? leading[0])?.action ?? null;
}

/**
 * What a customer still owes to buy out the product (GET subscriptions/{id}/buyout): the buyout price
 * less what they paid so far, never below zero. Minor units.
 */
export function buyoutOffer({
  buyout_price,
  paid_so_far,
}: {
  buyout_price: bigint;
  paid_so_far: bigint;
}): bigint {
  const due = buyout_price - paid_so_far;
  return due > 0n ? due : 0n;
}
