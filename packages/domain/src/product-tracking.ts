/**
 * Product tracking: assets, one record per physical unit (spec 01 §2 `/cms/assets`, §3 "Inventory item /
 * asset statuses" and "Tracked-status date ranges", §7; spec 02 §1 "Product tracking: id, serial_number,
 * bundle id, products", §9). A unit is a variant's (`variant_id`) or a bundle's (`bundle_id`); `products`
 * are the ids of the products the unit holds (the variant's product, or the bundle's products), kept
 * when it is created. Its purchase cost is an amount (the profit and loss reads it).
 *
 * Status changes go through `ASSET_TRANSITIONS` only (`POST product-tracking/{id}/actions`); each change
 * is kept in the asset's history with who, when, why and which subscription.
 */
import { z } from 'zod';
import { isoDate, safeText } from './api.ts';
import { ASSET_STATUSES, type AssetStatus, TRACKED_STATUS_RANGES_DAYS } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountInputSchema, amountSchema } from './money.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

export { ASSET_STATUSES, type AssetStatus, TRACKED_STATUS_RANGES_DAYS };

const id = z.number().int().positive();
/** Optional free text: trimmed, empty becomes null. */
const noteText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** A serial number: what is printed on the unit (letters, digits and `-_./ #`), unique per company ignoring case. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-_./ #]*$/;
export const serialNumberSchema = safeText()
  .trim()
  .min(1, MESSAGES.required)
  .max(100)
  .regex(SERIAL_PATTERN, 'Letters, digits and - _ . / # only.');

// ---- records ----

export const productTrackingSchema = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  variant_id: z.number().int().nullable(),
  bundle_id: z.number().int().nullable(),
  /** The products the unit holds: the variant's product, or the bundle's products. */
  products: z.array(z.number().int()),
  /** Names when the unit was created: the product (or bundle) and the variant. */
  product_name: z.string(),
  variant_name: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  location: z.string().nullable(),
  condition_note: z.string().nullable(),
  purchase_date: z.string().nullable(),
  purchase_cost: amountSchema.nullable(),
  /** The subscription that rents it (or bought it out, or had it when it was stolen). */
  subscription_id: z.number().int().nullable(),
  status_changed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The insights page's profit (collected − repairs − purchase), kept for the list's sort (decision 83);
   * null in the answer of the write that changed it, computed again just before that write commits.
   */
  profit: amountSchema.nullable(),
  /** The insights page's utilisation (a percentage, two decimals) on the company's day; null as above or before a day is owned. */
  utilisation: z.string().nullable(),
});
export type ProductTracking = z.infer<typeof productTrackingSchema>;

/** One status change of an asset (its creation is the first, `from_status` null). */
export const productTrackingHistorySchema = z.object({
  id: z.number().int(),
  from_status: z.enum(ASSET_STATUSES).nullable(),
  to_status: z.enum(ASSET_STATUSES),
  action: z.string().nullable(),
  reason: z.string().nullable(),
  subscription_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProductTrackingHistory = z.infer<typeof productTrackingHistorySchema>;

/** `GET product-tracking/{id}`: the asset with its history, newest first. */
export const productTrackingDetailSchema = productTrackingSchema.extend({
  history: z.array(productTrackingHistorySchema),
});
export type ProductTrackingDetail = z.infer<typeof productTrackingDetailSchema>;

// ---- inputs ----

/** POST product-tracking: a new unit, in stock. */
export const productTrackingInputSchema = z
  .object({
    serial_number: serialNumberSchema,
    variant_id: id.nullable().optional(),
    bundle_id: id.nullable().optional(),
    location: noteText(200),
    condition_note: noteText(2000),
    purchase_date: isoDate().nullable().optional(),
    purchase_cost: amountInputSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.variant_id == null) === (v.bundle_id == null))
      ctx.addIssue({
        code: 'custom',
        path: [v.variant_id == null ? 'variant_id' : 'bundle_id'],
        message: MESSAGES.assetVariantOrBundle,
      });
  });
export type ProductTrackingInput = z.input<typeof productTrackingInputSchema>;
export type ProductTrackingValues = z.output<typeof productTrackingInputSchema>;

// ---- transitions ----

export const ASSET_ACTIONS = [
  'rent_out',
  'return',
  'send_to_repair',
  'repaired',
  'mark_broken',
  'mark_stolen',
  'recover',
  'remove',
  'buy_out',
] as const;
export type AssetAction = (typeof ASSET_ACTIONS)[number];

/**
 * The asset's state machine. Renting out ties it to a subscription (the action's `subscription_id`,
 * or POST subscriptions/{id}/product-tracking by serial); a return, repair or recovery puts it back in
 * stock; bought out and removed are final (the unit has left the fleet).
 */
export const ASSET_TRANSITIONS: TransitionTable<AssetStatus, AssetAction> = [
  { from: ['in stock'], action: 'rent_out', to: 'rented out', message: MESSAGES.assetNotRentable },
  { from: ['rented out'], action: 'return', to: 'in stock', message: MESSAGES.assetNotReturnable },
  {
    from: ['in stock', 'rented out', 'broken'],
    action: 'send_to_repair',
    to: 'to repair',
    message: MESSAGES.assetNotRepairable,
  },
  { from: ['to repair'], action: 'repaired', to: 'in stock', message: MESSAGES.assetNotRepaired },
  {
    from: ['in stock', 'rented out', 'to repair'],
    action: 'mark_broken',
    to: 'broken',
    message: MESSAGES.assetNotBreakable,
  },
  {
    from: ['in stock', 'rented out', 'to repair'],
    action: 'mark_stolen',
    to: 'stolen',
    message: MESSAGES.assetNotStealable,
  },
  { from: ['stolen'], action: 'recover', to: 'in stock', message: MESSAGES.assetNotRecoverable },
  {
    from: ['in stock', 'broken', 'to repair'],
    action: 'remove',
    to: 'removed',
    message: MESSAGES.assetNotRemovable,
  },
  { from: ['rented out'], action: 'buy_out', to: 'bought out', message: MESSAGES.assetNotBuyable },
];

/** Labels of the actions on the screens. */
export const ASSET_ACTION_LABELS: Record<AssetAction, string> = {
  rent_out: 'Rent out',
  return: 'Return to stock',
  send_to_repair: 'Send to repair',
  repaired: 'Repaired',
  mark_broken: 'Mark broken',
  mark_stolen: 'Mark stolen',
  recover: 'Recovered',
  remove: 'Remove from fleet',
  buy_out: 'Bought out',
};

export const productTrackingActionsSchema = actionsSchema(z.enum(ASSET_STATUSES), z.enum(ASSET_ACTIONS));

/** POST product-tracking/{id}/actions: an action, why, and for `rent_out` the subscription. */
export const productTrackingActionSchema = z
  .object({
    action: z.enum(ASSET_ACTIONS),
    reason: noteText(2000),
    subscription_id: id.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'rent_out' && v.subscription_id == null)
      ctx.addIssue({ code: 'custom', path: ['subscription_id'], message: MESSAGES.required });
  });
export type ProductTrackingAction = z.input<typeof productTrackingActionSchema>;

/** POST subscriptions/{id}/product-tracking: give the subscription the unit of this serial (scanned or typed). */
export const subscriptionAssetAssignSchema = z.object({
  serial_number: serialNumberSchema,
  reason: noteText(2000),
});

// ---- lists ----

export const PRODUCT_TRACKING_SORTS = [
  'id',
  'serial_number',
  'product_name',
  'status',
  'purchase_date',
  'purchase_cost',
  'status_changed_at',
  'created_at',
  'updated_at',
  // Kept figures, equal to the insights page's (decision 83).
  'profit',
  'utilisation',
] as const;

const listId = z.coerce.number().int().positive().optional();

export const productTrackingFiltersSchema = z.object({
  status: z.enum(ASSET_STATUSES).optional(),
  variant_id: listId,
  product_id: listId,
  bundle_id: listId,
  subscription_id: listId,
  /** The status changed in the last 30, 90 or 180 days (spec 01 §3 "Tracked-status date ranges"). */
  status_changed_within: z.coerce
    .number()
    .pipe(z.literal(TRACKED_STATUS_RANGES_DAYS, { error: 'One of 30, 90 or 180 days.' }))
    .optional(),
});
export type ProductTrackingFilters = z.infer<typeof productTrackingFiltersSchema>;
