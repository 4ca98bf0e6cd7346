/**
 * The one interface every payment gateway adapter implements (shared/BILLING.md, "Gateways" and "Money
 * movements"). The billing engine speaks only this; adapters translate to a provider's wire format.
 *
 * Rules every adapter keeps:
 * - No adapter method may run inside a database transaction (guarded-fetch refuses; the engine commits the
 *   attempt as `processing` first, calls, then records the answer in a short transaction of its own).
 * - `idempotencyKey` is the attempt's provider key (`rl:{company}:{object}:{attempt_no}`), sent as the
 *   provider's idempotency key AND put in the provider's metadata, so a lost answer can be found again.
 * - A definitive answer is `succeeded`, `failed` or `pending` (the money will come later: a bank transfer,
 *   an offline invoice, SEPA). Anything ambiguous (time-out, connection reset, 5xx) is `unknown`: never
 *   guessed, resolved by `lookup` with the same key (reconciliation) or by a retry with the same key.
 * - Amounts are integer minor units (bigint) with an ISO 4217 currency; never floats.
 */
import type { PAYMENT_GATEWAYS, PROVIDER_TRANSACTION_STATUSES } from '@rentloop/domain/enums';

export type GatewayName = (typeof PAYMENT_GATEWAYS)[number];
export type ProviderStatus = (typeof PROVIDER_TRANSACTION_STATUSES)[number];

/** How a decline is treated (BILLING.md "Declines are classified"). */
export type DeclineClass = 'hard' | 'soft' | 'technical';
/** The failed-payment chart's reasons (spec 02 §9). */
export type DeclineReason = 'gateway rejected' | 'credit card denied' | 'server timeout' | 'other reason';

export interface Decline {
  /** The provider's own code ("card_declined", "insufficient_funds", Mollie's failure reason ...). */
  code: string;
  /** Stripe's `decline_code` / network advice when the provider gives one. */
  adviceCode: string | null;
  message: string;
  class: DeclineClass;
  reason: DeclineReason;
}

/** The answer of a charge, a refund or a lookup. */
export type GatewayOutcome =
  | {
      state: 'succeeded' | 'pending';
      providerStatus: ProviderStatus;
      /** The provider's id of the payment/refund (pi_..., tr_..., re_...). */
      providerReference: string;
      /** The provider's answer as it came (JSON), kept on the transaction for support. */
      raw: unknown;
    }
  | {
      state: 'failed';
      providerStatus: ProviderStatus;
      providerReference: string | null;
      decline: Decline;
      raw: unknown;
    }
  | {
      /** No definitive answer: time-out, reset, 5xx, rate limit. Retry with the same key, or look it up. */
      state: 'unknown';
      error: string;
      raw: unknown;
    };

/** The customer's reusable payment method at the provider: never a card number. */
export interface PaymentMethodRef {
  gateway: GatewayName;
  /** Stripe `cus_...`, Mollie `cst_...`; null for the offline gateway. */
  customerReference: string | null;
  /** Stripe `pm_...`, Mollie `mdt_...` (mandate); null for the offline gateway. */
  methodReference: string | null;
  /** What staff see: "Visa •••• 4242, 12/28", "SEPA DE89 •••• 3000", "Invoice / bank transfer". */
  label: string;
}

export interface ChargeRequest {
  idempotencyKey: string;
  amountMinor: bigint;
  currency: string;
  description: string;
  method: PaymentMethodRef;
  /** Put in the provider's metadata as well: company, invoice, attempt. */
  metadata: Record<string, string>;
}

export interface RefundRequest {
  idempotencyKey: string;
  /** The provider reference of the charge being refunded. */
  chargeReference: string;
  amountMinor: bigint;
  currency: string;
  metadata: Record<string, string>;
}

/** An inbound provider webhook, verified and parsed (stored raw first; processed asynchronously). */
export interface InboundEvent {
  /** The provider's event id (Stripe evt_...; Mollie has none: the payment id plus its status). */
  eventId: string;
  type: string;
  /** The provider reference of the payment/refund it is about (fetched from the provider to act). */
  objectReference: string;
}

/**
 * What the provider says of a method staff want to store (customer + method references): `valid` with
 * the label staff see, `refused` naming the reference that is wrong (none at the provider, another
 * customer's, a revoked mandate), `rejected` when our own credentials are refused, `unknown` without
 * an answer (time-out, 5xx).
 */
export type MethodCheck =
  | { state: 'valid'; label: string; raw: unknown }
  | { state: 'refused'; field: 'customer_reference' | 'method_reference'; message: string }
  | { state: 'rejected'; message: string }
  | { state: 'unknown'; error: string };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Charges a stored method off-session (the customer is not present). */
  charge(request: ChargeRequest): Promise<GatewayOutcome>;
  refund(request: RefundRequest): Promise<GatewayOutcome>;
  /** The current state of the attempt made with this key (reconciliation), or null if the provider never saw it. */
  lookup(idempotencyKey: string, providerReference: string | null): Promise<GatewayOutcome | null>;
  /**
   * Reads a stored method at the provider: it exists, belongs to the customer and can be charged
   * off-session; answers its label. Absent on gateways that store no methods (offline).
   */
  describeMethod?(customerReference: string, methodReference: string): Promise<MethodCheck>;
  /**
   * Verifies (where the provider signs) and parses a webhook's raw body and headers; throws on a bad
   * signature. Mollie sends only an id: the event is then the payment id to fetch.
   */
  parseWebhook(rawBody: string, headers: Record<string, string | undefined>): InboundEvent;
}
