/**
 * Payments, called transactions on the wire (spec 01 §3 "Transaction (payment)", §7 "Transactions"):
 * one row per attempt at a gateway, a charge or a refund (shared/BILLING.md "Transactions are attempts").
 *
 * An attempt is committed `processing` with its provider key before the gateway is called, then closed
 * by the answer: `succeeded`, `failed`, `pending` (a definitive "the money comes later": the offline
 * gateway's invoice, a bank transfer, SEPA) or `unknown` (time-out, 5xx: never guessed). Only the
 * reconciliation resolves an `unknown` attempt (`resolve_*`), so a live retry cannot double-close it.
 * `settlement` (the spec's invoice settlement values) is derived from the state, never stored apart.
 */
import { z } from 'zod';
import { isoDate, safeText } from './api.ts';
import { DEBIT_RETURN_CODES, type DebitReturnReason } from './debit-returns.ts';
import {
  INVOICE_SETTLEMENTS,
  type InvoiceSettlement,
  PAYMENT_GATEWAYS,
  PROVIDER_TRANSACTION_STATUSES,
} from './enums.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

export const TRANSACTION_KINDS = ['charge', 'refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const TRANSACTION_STATES = [
  'created',
  'processing',
  'pending',
  'succeeded',
  'failed',
  'unknown',
] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** How a decline is treated (BILLING.md "Declines are classified"). */
export const DECLINE_CLASSES = ['hard', 'soft', 'technical'] as const;
export type DeclineClass = (typeof DECLINE_CLASSES)[number];
/** The failed-payment chart's reasons (spec 02 §9). */
export const DECLINE_REASONS = [
  'gateway rejected',
  'credit card denied',
  'server timeout',
  'other reason',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The settlement a transaction's state stands for (spec: "settlement status plus provider status"). */
export const SETTLEMENT_OF_STATE: Record<TransactionState, InvoiceSettlement> = {
  created: 'not settled',
  processing: 'pending payment',
  pending: 'pending payment',
  unknown: 'pending payment',
  succeeded: 'settled',
  failed: 'failed',
};
/** The states that stand for a settlement (the list filter `settlement`). */
export const statesOfSettlement = (settlement: InvoiceSettlement): TransactionState[] =>
  TRANSACTION_STATES.filter((s) => SETTLEMENT_OF_STATE[s] === settlement);

/** States in which an attempt is still open: money POSTs on its invoice answer 409 meanwhile. */
export const OPEN_TRANSACTION_STATES: readonly TransactionState[] = ['created', 'processing', 'unknown'];

// ---- records ----

export const transactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  /** 1, 2, ... per invoice and kind: a new attempt only after the previous one closed. */
  attempt_no: z.number().int(),
  /** `rl:{company}:{object}:{attempt_no}`: the provider's idempotency key and metadata. */
  provider_key: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  state: z.enum(TRANSACTION_STATES),
  settlement: z.enum(INVOICE_SETTLEMENTS),
  provider_status: z.enum(PROVIDER_TRANSACTION_STATUSES).nullable(),
  /** The provider's id of the payment (pi_..., tr_...), or the reference staff gave when settling. */
  provider_reference: z.string().nullable(),
  amount: amountSchema,
  currency: z.string(),
  decline_code: z.string().nullable(),
  decline_class: z.enum(DECLINE_CLASSES).nullable(),
  decline_reason: z.enum(DECLINE_REASONS).nullable(),
  decline_message: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  order_id: z.number().int().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET transactions/{id}: with the provider's raw answer, for support. */
export const transactionDetailSchema = transactionSchema.extend({
  raw: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: "The provider's answer as it came (JSON object), null before one came." }),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

// ---- lists ----

export const TRANSACTION_SORTS = ['id', 'created_at', 'updated_at', 'amount', 'state', 'gateway'] as const;

const listId = z.coerce.number().int().positive().optional();
export const transactionFiltersSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS).optional(),
  kind: z.enum(TRANSACTION_KINDS).optional(),
  state: z.enum(TRANSACTION_STATES).optional(),
  provider_status: z.enum(PROVIDER_TRANSACTION_STATUSES).optional(),
  settlement: z.enum(INVOICE_SETTLEMENTS).optional(),
  decline_reason: z.enum(DECLINE_REASONS).optional(),
  invoice_id: listId,
  order_id: listId,
  customer_id: listId,
  created_from: isoDate().optional(),
  created_to: isoDate().optional(),
});
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

// ---- transitions ----

export const TRANSACTION_ACTIONS = [
  'send',
  'succeed',
  'await',
  'fail',
  'lose',
  'resolve_succeeded',
  'resolve_pending',
  'resolve_failed',
  'return',
] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

const changed = MESSAGES.transactionStateChanged;

/** The attempt's state machine (BILLING.md): read one row as "from these states, action leads to state". */
export const TRANSACTION_TRANSITIONS: TransitionTable<TransactionState, TransactionAction> = [
  { from: ['created'], action: 'send', to: 'processing', message: changed },
  /** A live answer; `pending` attempts are closed later by a settlement or a provider's webhook. */
  { from: ['processing', 'pending'], action: 'succeed', to: 'succeeded', message: changed },
  { from: ['processing'], action: 'await', to: 'pending', message: changed },
  { from: ['processing', 'pending'], action: 'fail', to: 'failed', message: changed },
  /** No definitive answer: only the reconciliation (below) may close it. */
  { from: ['processing'], action: 'lose', to: 'unknown', message: changed },
  { from: ['unknown'], action: 'resolve_succeeded', to: 'succeeded', message: changed },
  { from: ['unknown'], action: 'resolve_pending', to: 'pending', message: changed },
  { from: ['unknown'], action: 'resolve_failed', to: 'failed', message: changed },
  /**
   * The money came and went back: a direct debit collected outside Rentloop (offline gateway) that the
   * customer's bank returned days later (POST transactions/{id}/return-debit). The only way out of
   * `succeeded`: the attempt is a decline from then on, so refunds and revenue no longer count it.
   */
  { from: ['succeeded'], action: 'return', to: 'failed', message: changed },
];

// ---- returned direct debits ----

/** POST transactions/{id}/return-debit: the bank's return reason code (debit-returns.ts), and what staff add. */
export const debitReturnInputSchema = z.strictObject({
  reason: z.enum(DEBIT_RETURN_CODES as [DebitReturnReason, ...DebitReturnReason[]], {
    message: MESSAGES.debitReturnReasonInvalid,
  }),
  message: safeText().trim().max(2000).optional(),
});
export type DebitReturnInput = z.infer<typeof debitReturnInputSchema>;

export const transactionActionsSchema = actionsSchema(
  z.enum(TRANSACTION_STATES),
  z.enum(TRANSACTION_ACTIONS),
);

// ---- payment methods ----

/** A customer's reusable payment method at a gateway (GET orders/{order_id}/payment-methods): never a card number. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** The customer at the provider (Stripe `cus_...`, Mollie `cst_...`). */
  customer_reference: z.string().nullable(),
  /** The method at the provider (Stripe `pm_...`, Mollie mandate `mdt_...`). */
  method_reference: z.string().nullable(),
  /** What staff see: "Visa •••• 4242, 12/28", "Invoice / bank transfer". */
  label: z.string(),
  /** The one charged by default (the newest when several). */
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The gateways whose methods are stored (the offline gateway charges no stored method). */
export const STORED_METHOD_GATEWAYS = ['stripe', 'mollie'] as const;

const providerReference = (example: string) =>
  safeText()
    .trim()
    .min(1, MESSAGES.required)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, `An id as the provider shows it, e.g. ${example}.`);

/**
 * POST customers/{id}/payment-methods: a method the customer set up at the provider (Stripe Checkout or
 * Elements, Mollie's first payment), named by its references; the provider is asked for the rest.
 */
export const paymentMethodInputSchema = z.strictObject({
  gateway: z.enum(STORED_METHOD_GATEWAYS, { message: MESSAGES.paymentMethodGatewayUnsupported }),
  customer_reference: providerReference('cus_... or cst_...'),
  method_reference: providerReference('pm_... or mdt_...'),
  /** Charged by default from now on (default true: a new method is the one staff mean to charge). */
  is_default: z.boolean().optional(),
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;
