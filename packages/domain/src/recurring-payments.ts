/**
 * Recurring payments (spec 01 §3 "Recurring payment", §7 "Recurring payments", §9 batch limit 10;
 * shared/BILLING.md "The billing run"): one per billing period of a subscription, created ahead by a
 * scheduled job (`UNIQUE(subscription_id, period_start)`), charged when due by the billing run or by
 * staff (POST recurring-payments/charge).
 *
 * `scheduled` until charged; `charging` once its invoice is issued and an attempt is under way;
 * `pending` when the gateway answered "the money comes later" (offline); `paid` or `failed` by the
 * answer. An item the run cannot bill for a reason a retry would not cure (no payment method, a
 * gateway not enabled) is `parked` with its reason and the run goes on. Dunning (dunning.ts) works on
 * `failed` ones; each row carries where it stands in it.
 */
import { z } from 'zod';
import { isoDate } from './api.ts';
import { DUNNING_END_ACTIONS, DUNNING_STATUSES, dunningFilterFields } from './dunning.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';
import { allocateProportionally } from './order-totals.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';
import { productDiscount, type RecurringVoucher } from './vouchers.ts';

/** Spec 01 §9: "Batch charge of recurring payments: limit 10". */
export const RECURRING_PAYMENTS_CHARGE_LIMIT = 10;

export const RECURRING_PAYMENT_STATUSES = [
  'scheduled',
  'charging',
  'pending',
  'paid',
  'failed',
  'parked',
  'cancelled',
] as const;
export type RecurringPaymentStatus = (typeof RECURRING_PAYMENT_STATUSES)[number];

/**
 * What an order's voucher takes off each of its subscriptions' amounts for payment number `payment`
 * (1 is the order's own first payment, so a period `n` of a subscription is payment n + 1): nothing
 * past the voucher's last covered payment or on products it does not cover; a percentage of each
 * covered amount's sum, or a fixed amount, shared over the covered amounts in proportion (largest
 * remainder, so the shares add up to the discount exactly, as the order's lines were discounted).
 */
export function periodVoucherDiscounts(
  voucher: RecurringVoucher | null,
  payment: number,
  items: readonly { product_id: number; amount: bigint }[],
): bigint[] {
  const none = items.map(() => 0n);
  if (!voucher || (voucher.until_payment !== null && payment > voucher.until_payment)) return none;
  const covered = items.map(
    (i) => voucher.product_ids.length === 0 || voucher.product_ids.includes(i.product_id),
  );
  const eligible = items.map((i, k) => (covered[k] ? i.amount : 0n));
  const discount = productDiscount(
    voucher,
    eligible.reduce((a, b) => a + b, 0n),
  );
  return discount === 0n ? none : allocateProportionally(discount, eligible);
}

// ---- records ----

export const recurringPaymentSchema = z.object({
  id: z.number().int(),
  subscription_id: z.number().int(),
  order_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  /** The billing period charged, inclusive dates in the company's time zone. */
  period_start: z.string(),
  period_end: z.string(),
  due_date: z.string(),
  /** What the period costs, gross. */
  amount: amountSchema,
  currency: z.string(),
  status: z.enum(RECURRING_PAYMENT_STATUSES),
  invoice_id: z.number().int().nullable(),
  /** Why the billing run set it aside (parked), else null. */
  park_reason: z.string().nullable(),
  /** Spec field: what was refunded of it so far. */
  refunded_amount: amountSchema,
  /**
   * Where it stands in dunning (packages/domain/src/dunning.ts), null when it never went into dunning.
   * Always answered by the list; optional for answers built elsewhere.
   */
  dunning: z
    .object({
      status: z.enum(DUNNING_STATUSES),
      step: z.number().int(),
      max_steps: z.number().int(),
      next_attempt_on: z.string().nullable(),
      end_action: z.enum(DUNNING_END_ACTIONS).nullable(),
    })
    .nullable()
    .optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringPayment = z.infer<typeof recurringPaymentSchema>;

/** GET recurring-payments/{id}/refunded-amount. */
export const refundedAmountSchema = z.object({ refunded_amount: amountSchema });

// ---- inputs ----

const id = z.number().int().positive();

/** POST recurring-payments/charge: at most 10 ids (spec 01 §9), duplicates folded. */
export const recurringPaymentsChargeSchema = z
  .object({
    ids: z
      .array(id)
      .min(1)
      .max(
        RECURRING_PAYMENTS_CHARGE_LIMIT,
        MESSAGES.recurringPaymentsChargeLimit(RECURRING_PAYMENTS_CHARGE_LIMIT),
      ),
  })
  .transform((v) => ({ ids: [...new Set(v.ids)] }));

/** One result per payment of POST recurring-payments/charge. */
export const recurringPaymentChargeResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  status: z.enum(RECURRING_PAYMENT_STATUSES).nullable(),
  invoice_id: z.number().int().nullable(),
  message: z.string(),
});
export type RecurringPaymentChargeResult = z.infer<typeof recurringPaymentChargeResultSchema>;

// ---- lists ----

export const RECURRING_PAYMENT_SORTS = [
  'id',
  'due_date',
  'period_start',
  'amount',
  'status',
  'created_at',
] as const;

const listId = z.coerce.number().int().positive().optional();
export const recurringPaymentFiltersSchema = z.object({
  status: z.enum(RECURRING_PAYMENT_STATUSES).optional(),
  subscription_id: listId,
  customer_id: listId,
  order_id: listId,
  due_from: isoDate().optional(),
  due_to: isoDate().optional(),
  ...dunningFilterFields,
});
export type RecurringPaymentFilters = z.infer<typeof recurringPaymentFiltersSchema>;

// ---- transitions ----

export const RECURRING_PAYMENT_ACTIONS = [
  'charge',
  'await',
  'pay',
  'fail',
  'park',
  'cancel',
  'void',
  'return',
] as const;
export type RecurringPaymentAction = (typeof RECURRING_PAYMENT_ACTIONS)[number];

/** What the guards read: whether the payment is due (its due date is the company's today or earlier). */
export interface RecurringPaymentGuardInput {
  due: boolean;
}

type S = RecurringPaymentStatus;
const changed = MESSAGES.recurringPaymentStateChanged;

/** Read one row as "from these statuses, action leads to status". */
export const RECURRING_PAYMENT_TRANSITIONS: TransitionTable<
  S,
  RecurringPaymentAction,
  RecurringPaymentGuardInput
> = [
  {
    from: ['scheduled', 'failed', 'parked'],
    action: 'charge',
    to: 'charging',
    guard: ({ due }) => (due ? null : MESSAGES.recurringPaymentNotDue),
    message: MESSAGES.recurringPaymentNotChargeable,
    event: 'recurring_payment.charge_started',
  },
  { from: ['charging'], action: 'await', to: 'pending', message: changed },
  /** A settlement may come after a failure (a late bank transfer). */
  { from: ['charging', 'pending', 'failed'], action: 'pay', to: 'paid', message: changed },
  { from: ['charging', 'pending'], action: 'fail', to: 'failed', message: changed },
  { from: ['scheduled', 'charging'], action: 'park', to: 'parked', message: changed },
  { from: ['scheduled', 'failed', 'parked'], action: 'cancel', to: 'cancelled', message: changed },
  /** Its invoice was cancelled unpaid (invoice-corrections.ts): no longer collected, by the run or dunning. */
  {
    from: ['failed', 'parked', 'pending'],
    action: 'void',
    to: 'cancelled',
    message: changed,
    event: 'recurring_payment.voided',
  },
  /** The money of its invoice went back (a returned direct debit): not settled, dunning takes it on. */
  { from: ['paid'], action: 'return', to: 'failed', message: changed },
];

export const recurringPaymentActionsSchema = actionsSchema(
  z.enum(RECURRING_PAYMENT_STATUSES),
  z.enum(RECURRING_PAYMENT_ACTIONS),
);
