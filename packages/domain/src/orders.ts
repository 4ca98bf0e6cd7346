/**
 * Orders, draft orders (quotes) and their items (spec 01 §3 "Order", "Order item", "Draft order",
 * "Cancel payload", "Swap payload"; §4, §5, §7 "Orders"). Wire schemas are snake_case; amounts are
 * decimal strings (`amountSchema` in records, money.ts); the server keeps minor units and computes
 * the amounts with `orderTotals` (order-totals.ts).
 *
 * Status changes go through `ORDER_TRANSITIONS` only: a draft is finalised (POST orders/swap-draft/{id}),
 * an order is cancelled (POST orders/{id}/cancel), fulfilled, or reopened. The `status` of PUT orders
 * and PUT orders/{id} is read as "run the transition that leads there" (`orderActionTo`).
 */
import { z } from 'zod';
import { addressFieldsSchema, addressSchema } from './addresses.ts';
import { booleanFilter, businessDate, isoDate, MAX_BULK_IDS, safeText } from './api.ts';
import {
  ACCOUNT_PAYMENT_STATES,
  type AccountPaymentState,
  BILLING_INTERVALS,
  FREQUENCIES,
  ORDER_STATUSES,
  ORDER_SUB_STATUSES,
  type OrderStatus,
} from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';
import { ORDER_ITEM_KINDS } from './order-totals.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';
import { VOUCHER_CODE_PATTERN } from './vouchers.ts';

export { ORDER_ITEM_KINDS, type OrderItemKind } from './order-totals.ts';

export { MAX_BULK_IDS };
/** Most items an order holds. */
export const MAX_ORDER_ITEMS = 100;

const id = z.number().int().positive();
const percent = z.string();
/** Optional free text: trimmed, empty becomes absent. */
const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

// ---- records ----

export const orderItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  /** Snapshots at the time of the order: a later catalog change leaves them alone. */
  product_name: z.string(),
  variant_name: z.string().nullable(),
  sku: z.string().nullable(),
  kind: z.enum(ORDER_ITEM_KINDS),
  quantity: z.number().int(),
  unit_price: amountSchema,
  tax_percent: percent,
  /** The part of the order's discount allocated to this item. */
  discount: amountSchema,
  net: amountSchema,
  tax: amountSchema,
  gross: amountSchema,
  /** Rentals: the catalog interval the price is for, and the subscription's frequency and interval. */
  billing_interval: z.enum(BILLING_INTERVALS).nullable(),
  frequency: z.enum(FREQUENCIES).nullable(),
  interval: z.number().int().nullable(),
  minimum_term_months: z.number().int().nullable(),
  tracking_number: z.string().nullable(),
  serial_number: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  /** Given when a draft is finalised (drafts have none). */
  number: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(ACCOUNT_PAYMENT_STATES),
  tag: z.enum(ORDER_SUB_STATUSES).nullable(),
  tag_date: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  /** Snapshots of the customer's addresses when the order was placed (shown as stored). */
  billing_address: addressFieldsSchema.nullable(),
  shipping_address: addressFieldsSchema.nullable(),
  shipping_method_id: z.number().int().nullable(),
  shipping_method_name: z.string().nullable(),
  voucher_code: z.string().nullable(),
  currency: z.string(),
  consumable: z.boolean(),
  note: z.string().nullable(),
  // The amounts on one basis each (docs/decisions.md, "Order amounts"): `items_*` are the sums of the
  // items' own net, tax and gross (after their discounts), `shipping_*` the shipping line's (after its
  // discount), and net, tax and total (the gross) are items plus shipping.
  items_net: amountSchema,
  items_tax: amountSchema,
  items_gross: amountSchema,
  shipping_net: amountSchema,
  shipping_tax: amountSchema,
  shipping_gross: amountSchema,
  net: amountSchema,
  tax: amountSchema,
  /** The gross: net + tax, the first payment. */
  total: amountSchema,
  /** What the voucher took off the items, in the unit prices' basis (already in the items' amounts). */
  discount: amountSchema,
  /** What the voucher took off shipping, in the same basis (already in `shipping_*`). */
  shipping_discount: amountSchema,
  items: z.array(orderItemSchema),
  cancelled_at: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  cancellation_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** A row of the order list (and of the draft-order lists). */
export const orderListRowSchema = orderSchema
  .pick({
    id: true,
    number: true,
    status: true,
    payment_status: true,
    tag: true,
    tag_date: true,
    customer_id: true,
    customer_name: true,
    customer_email: true,
    consumable: true,
    total: true,
    currency: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ items_count: z.number().int() });
export type OrderListRow = z.infer<typeof orderListRowSchema>;

const item = orderItemSchema.shape;
/**
 * One line of an order as the data export's "order items" list writes it (decision 78): the line with its
 * order's number and status and the order's customer; amounts exact decimals of the company's currency.
 */
// Spelled out so the file's columns read as a person scans a line: its order and customer, then the line.
export const orderItemListRowSchema = z.object({
  id: item.id,
  order_id: item.order_id,
  order_number: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  product_id: item.product_id,
  product_name: item.product_name,
  variant_id: item.variant_id,
  variant_name: item.variant_name,
  sku: item.sku,
  kind: item.kind,
  quantity: item.quantity,
  unit_price: item.unit_price,
  tax_percent: item.tax_percent,
  discount: item.discount,
  net: item.net,
  tax: item.tax,
  gross: item.gross,
  currency: z.string(),
  billing_interval: item.billing_interval,
  created_at: z.string(),
});
export type OrderItemListRow = z.infer<typeof orderItemListRowSchema>;

/** Columns the order-items export may be sorted by: the line, or its order (lines kept together). */
export const ORDER_ITEM_SORTS = ['id', 'order_id', 'created_at'] as const;

/** `GET order-history?order_id`: the order's tag history, newest first. */
export const orderHistoryEntrySchema = z.object({
  id: z.number().int(),
  tag: z.enum(ORDER_SUB_STATUSES).nullable(),
  created_at: z.string(),
  tag_date: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

// ---- inputs ----

/** Texts of ours for order inputs. */
export const ORDER_TEXTS = {
  intervalOnlyForRentals: 'Only a rental has a billing interval.',
  nothingToUpdate: 'Nothing to update.',
  tagDateWithoutTag: 'A tag date needs a tag.',
  notBackToQuote: 'An order cannot go back to being a quote.',
} as const;

const orderLineInputSchema = z
  .object({
    variant_id: id,
    quantity: z.number().int().min(1).max(10_000),
    kind: z.enum(ORDER_ITEM_KINDS),
    /** Required for a rental (which of the product's rental prices), refused otherwise. */
    billing_interval: z.enum(BILLING_INTERVALS).optional(),
    /** A rental's minimum term; default: the product's (else the subscription settings'). */
    minimum_term_months: z.number().int().min(0).max(120).optional(),
  })
  .superRefine((line, ctx) => {
    if (line.kind === 'rental' && !line.billing_interval)
      ctx.addIssue({ code: 'custom', path: ['billing_interval'], message: MESSAGES.required });
    if (line.kind !== 'rental' && line.billing_interval)
      ctx.addIssue({
        code: 'custom',
        path: ['billing_interval'],
        message: ORDER_TEXTS.intervalOnlyForRentals,
      });
  });

/**
 * POST orders/full and POST draft-orders: prices, tax rates and names are taken from the catalog by
 * the server (never from the request); the addresses default to the customer's.
 */
export const orderInputSchema = z.object({
  customer_id: id,
  items: z.array(orderLineInputSchema).min(1, MESSAGES.orderHasNoItems).max(MAX_ORDER_ITEMS),
  shipping_method_id: id.nullable().optional(),
  voucher_code: safeText().trim().regex(VOUCHER_CODE_PATTERN).nullable().optional(),
  billing_address: addressSchema.nullable().optional(),
  shipping_address: addressSchema.nullable().optional(),
  consumable: z.boolean().default(false),
  note: optionalText(2000),
});
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderInputValues = z.output<typeof orderInputSchema>;

const tagFields = {
  tag: z.enum(ORDER_SUB_STATUSES).nullable().optional(),
  tag_date: businessDate().nullable().optional(),
};

/**
 * PUT orders/{id}: the tag (sub-status) and its date, the note, and `status`, which runs the
 * transition leading to it (`orderActionTo`); everything else of a placed order is a snapshot.
 */
export const orderUpdateSchema = z
  .object({
    ...tagFields,
    note: safeText().trim().max(2000).nullable().optional(),
    status: z.enum(ORDER_STATUSES).optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: ORDER_TEXTS.nothingToUpdate });
    if (v.tag === null && v.tag_date)
      ctx.addIssue({ code: 'custom', path: ['tag_date'], message: ORDER_TEXTS.tagDateWithoutTag });
  });
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** PUT orders: the same tag or status for up to 100 orders; each order succeeds or fails alone. */
export const ordersBulkUpdateSchema = z
  .object({
    ids: z.array(id).min(1).max(MAX_BULK_IDS),
    ...tagFields,
    status: z.enum(ORDER_STATUSES).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tag === undefined && v.tag_date === undefined && v.status === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: ORDER_TEXTS.nothingToUpdate });
  })
  .transform((v) => ({ ...v, ids: [...new Set(v.ids)] }));
export type OrdersBulkUpdate = z.input<typeof ordersBulkUpdateSchema>;

/** One order's outcome in a bulk update: `message` is the refusal (a transition's) when not ok. */
export const orderBulkResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  message: z.string().nullable(),
});
export type OrderBulkResult = z.infer<typeof orderBulkResultSchema>;

/** A select's "None" means no reason (spec 01 §5): it is dropped before validation. */
const dropNone = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = { ...(value as Record<string, unknown>) };
  if (v.reason === 'None' || v.reason === null) delete v.reason;
  return v;
};

/** POST orders/{id}/cancel. */
export const orderCancelSchema = z.preprocess(
  dropNone,
  z.object({
    refunded: z.boolean(),
    cancellation_message: optionalText(2000),
    reason: optionalText(500),
  }),
);
export type OrderCancel = z.output<typeof orderCancelSchema>;

/**
 * POST orders/swap: swap the subscription of a product that is missing (lost, not delivered) for a
 * replacement. `order` is the order's id, `missing_product` the id of the order item whose product is
 * missing. Reason "None" and an empty note are dropped (spec 01 §5).
 */
export const orderSwapSchema = z.preprocess(
  (value) => {
    const v = dropNone(value);
    if (typeof v === 'object' && v !== null && 'note' in v) {
      const note = (v as { note?: unknown }).note;
      if (note === null || (typeof note === 'string' && note.trim() === '')) {
        const { note: _dropped, ...rest } = v as Record<string, unknown>;
        return rest;
      }
    }
    return v;
  },
  z.object({
    order: id,
    missing_product: id,
    reason: optionalText(500),
    note: optionalText(2000),
  }),
);
export type OrderSwap = z.output<typeof orderSwapSchema>;

/**
 * PUT order_items/{id}: `{action: 'add_tracking_number', tracking_number}` (the number is required,
 * spec 01 §5), or plain fields: the serial number and the tracking number (null clears).
 */
// One object rather than a union (the API description's body stays unambiguous); the action's rule below.
export const orderItemUpdateSchema = z
  .object({
    action: z.literal('add_tracking_number').optional(),
    tracking_number: safeText().trim().max(100).nullable().optional(),
    serial_number: safeText().trim().max(100).nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'add_tracking_number') {
      if (!v.tracking_number)
        ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: MESSAGES.required });
      return;
    }
    if (v.serial_number === undefined && v.tracking_number === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: ORDER_TEXTS.nothingToUpdate });
  });
export type OrderItemUpdate = z.input<typeof orderItemUpdateSchema>;

/** POST orders/{id}/clone. */
export const orderCloneSchema = z.object({
  original_order_id: z
    .number({ error: MESSAGES.cloneOrderIdMissing })
    .int(MESSAGES.cloneOrderIdMissing)
    .positive(MESSAGES.cloneOrderIdMissing),
});

/** POST orders/draft: a draft (quote) prefilled from a subscription. */
export const draftFromSubscriptionSchema = z.object({ subscription_id: id });

/** POST orders/{id}/charge. */
export const orderChargeSchema = z.object({ message: optionalText(2000) });

// ---- lists ----

export const ORDER_SORTS = [
  'id',
  'number',
  'status',
  'payment_status',
  'tag',
  'total',
  'created_at',
  'updated_at',
] as const;
export const DRAFT_ORDER_SORTS = ['id', 'total', 'created_at', 'updated_at'] as const;

const listId = z.coerce.number().int().positive().optional();

export const orderFiltersSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(ACCOUNT_PAYMENT_STATES).optional(),
  tag: z.enum(ORDER_SUB_STATUSES).optional(),
  customer_id: listId,
  product_id: listId,
  created_from: isoDate().optional(),
  created_to: isoDate().optional(),
  consumable: booleanFilter(),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** The draft-order (quote) lists: consumable drafts are listed apart (spec 01 §3 "Draft order"). */
export const draftOrderFiltersSchema = orderFiltersSchema.pick({
  customer_id: true,
  product_id: true,
  created_from: true,
  created_to: true,
  consumable: true,
});
export type DraftOrderFilters = z.infer<typeof draftOrderFiltersSchema>;

// ---- transitions ----

export const ORDER_ACTIONS = ['finalise', 'cancel', 'fulfil', 'reopen'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What the order guards read: how many items the order has. */
export interface OrderGuardInput {
  items_count: number;
}

/**
 * The order's state machine. A cancelled order is final (its cancellation invoice and refund are
 * issued); a fulfilled one may be reopened (a replacement or a return sends goods again).
 */
export const ORDER_TRANSITIONS: TransitionTable<OrderStatus, OrderAction, OrderGuardInput> = [
  {
    from: ['draft'],
    action: 'finalise',
    to: 'open',
    guard: ({ items_count }) => (items_count > 0 ? null : MESSAGES.orderHasNoItems),
    message: MESSAGES.orderFinaliseFailed,
    event: 'order.finalised',
  },
  { from: ['draft', 'open'], action: 'cancel', to: 'cancelled', message: MESSAGES.orderNotCancellable },
  { from: ['open'], action: 'fulfil', to: 'fulfilled', message: MESSAGES.orderNotFulfillable },
  { from: ['fulfilled'], action: 'reopen', to: 'open', message: MESSAGES.orderNotReopenable },
];

/**
 * The action a `status` field of an update asks for: the transition leading to `to` from `from`
 * (or, when none starts from `from`, the first leading to `to`, so its refusal explains why).
 * Null when no action leads to `to` (draft) or the order already has that status.
 */
export function orderActionTo(from: OrderStatus, to: OrderStatus): OrderAction | null {
  if (from === to) return null;
  // A quote is finalised only by `POST orders/swap-draft/{id}`, which numbers it: never by a status field.
  const leading = ORDER_TRANSITIONS.filter((t) => t.to === to && t.action !== 'finalise');
  return (leading.find((t) => t.from.includes(from)) ?? leading[0])?.action ?? null;
}

export const orderActionsSchema = actionsSchema(z.enum(ORDER_STATUSES), z.enum(ORDER_ACTIONS));

/** POST orders/{id}/charge: why the initial payment may not be charged, or null when it may. */
export function paymentStatusRefusal(payment_status: AccountPaymentState): string | null {
  return payment_status === 'payment_required' ? null : MESSAGES.orderNoInitialPayment;
}

export { shownPaymentStatus } from './order-payment.ts';
