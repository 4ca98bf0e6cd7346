/**
 * The Stripe adapter, through the official `stripe` package. A charge is a PaymentIntent confirmed at once
 * off-session on the customer's stored payment method; the attempt's key is Stripe's `Idempotency-Key`
 * (a retry with it within Stripe's 24 h window replays the first answer instead of charging again) and
 * `metadata.idempotency_key` (so `lookup` finds the attempt by search when its answer was lost).
 *
 * Answers: a PaymentIntent's status maps to an outcome; a card error (HTTP 402) is a classified decline
 * (declines.ts); other 4xx are definitive refusals of the request; time-outs, connection errors, 5xx,
 * 429 and idempotency conflicts are `unknown`, never failures: the money may have moved.
 */
import Stripe from 'stripe';
import { assertOutsideTransaction } from '../../db/transaction-scope.ts';
import { canceledDecline, classifyStripeCardDecline, rejectedDecline } from './declines.ts';
import { cardLabel, sepaLabel } from './method-labels.ts';
import type {
  ChargeRequest,
  GatewayOutcome,
  InboundEvent,
  MethodCheck,
  PaymentGateway,
  ProviderStatus,
  RefundRequest,
} from './types.ts';

export interface StripeCredentials {
  secret_key: string;
  webhook_secret: string;
}

export interface StripeAdapterOptions {
  /** STRIPE_API_BASE: another origin than https://api.stripe.com (a local fake in tests and demos). */
  apiBase?: string;
  /** Time allowed for one request (default 30 000 ms; Stripe's own default of 80 s holds a worker too long). */
  timeoutMs?: number;
  /** Retries of the package on connection errors and 5xx, with the same key (default 2). */
  maxNetworkRetries?: number;
  /** Seconds a webhook's signature time may be off (default 300, the package's). */
  webhookToleranceSeconds?: number;
}

/** The metadata key that carries the attempt's key (searchable: `metadata['idempotency_key']:'...'`). */
export const KEY_METADATA = 'idempotency_key';

type Intent = Stripe.PaymentIntent;
type Refund = Stripe.Refund;

/** A PaymentIntent as an outcome (`null` when it is not finished yet in a way the engine can wait for). */
export function intentOutcome(pi: Intent): GatewayOutcome {
  switch (pi.status) {
    case 'succeeded':
      return { state: 'succeeded', providerStatus: 'succeeded', providerReference: pi.id, raw: pi };
    case 'processing':
      // Bank debits (SEPA, ACH) settle days later; the webhook or the reconciliation closes them.
      return { state: 'pending', providerStatus: 'pending', providerReference: pi.id, raw: pi };
    case 'requires_capture':
      return { state: 'pending', providerStatus: 'authorized', providerReference: pi.id, raw: pi };
    case 'canceled':
      return {
        state: 'failed',
        providerStatus: 'failed',
        providerReference: pi.id,
        decline: canceledDecline(pi.cancellation_reason ?? 'canceled', 'The payment was canceled.'),
        raw: pi,
      };
    case 'requires_action': {
      // Off-session nobody can authenticate: the customer must come back (a hard decline).
      const e = pi.last_payment_error;
      return {
        state: 'failed',
        providerStatus: 'processor_declined',
        providerReference: pi.id,
        decline: classifyStripeCardDecline({
          code: e?.code ?? 'authentication_required',
          declineCode: e?.decline_code ?? 'authentication_required',
          adviceCode: e?.advice_code ?? e?.network_advice_code,
          message: e?.message ?? 'The payment needs the customer to authenticate.',
        }),
        raw: pi,
      };
    }
    case 'requires_payment_method': {
      const e = pi.last_payment_error;
      if (!e) break;
      return {
        state: 'failed',
        providerStatus: e.type === 'card_error' ? 'processor_declined' : 'gateway_rejected',
        providerReference: pi.id,
        decline: classifyStripeCardDecline({
          code: e.code,
          declineCode: e.decline_code,
          adviceCode: e.advice_code ?? e.network_advice_code,
          message: e.message,
        }),
        raw: pi,
      };
    }
  }
  // requires_confirmation / requires_payment_method without an error: confirmed but not decided.
  return { state: 'pending', providerStatus: 'pending', providerReference: pi.id, raw: pi };
}

export function refundOutcome(refund: Refund): GatewayOutcome {
  switch (refund.status) {
    case 'succeeded':
      return { state: 'succeeded', providerStatus: 'refunded', providerReference: refund.id, raw: refund };
    case 'failed':
    case 'canceled':
      return {
        state: 'failed',
        providerStatus: 'failed_refund',
        providerReference: refund.id,
        decline: rejectedDecline(
          refund.failure_reason ?? refund.status,
          `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'}.`,
          'technical',
        ),
        raw: refund,
      };
    default:
      return { state: 'pending', providerStatus: 'pending', providerReference: refund.id, raw: refund };
  }
}

/** A thrown error of the package as an outcome: definitive refusals vs. ambiguous failures. */
export function errorOutcome(err: unknown): GatewayOutcome {
  if (!(err instanceof Stripe.errors.StripeError)) {
    return { state: 'unknown', error: err instanceof Error ? err.message : String(err), raw: null };
  }
  const raw = err.raw ?? null;
  if (err instanceof Stripe.errors.StripeCardError) {
    return {
      state: 'failed',
      providerStatus: 'processor_declined',
      providerReference: err.payment_intent?.id ?? null,
      decline: classifyStripeCardDecline({
        code: err.code,
        declineCode: err.decline_code,
        adviceCode: err.advice_code ?? err.network_advice_code,
        message: err.message,
      }),
      raw,
    };
  }
  const status = err.statusCode ?? 0;
  // Another request with this key is running (409), or it was first used with another body (400
  // idempotency_error): what happened to the first is not known here.
  const ambiguous =
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeIdempotencyError ||
    status === 0 ||
    status === 409 ||
    status === 429 ||
    status >= 500;
  if (ambiguous) return { state: 'unknown', error: `${err.type}: ${err.message}`, raw };
  const decline =
    err instanceof Stripe.errors.StripeAuthenticationError ||
    err instanceof Stripe.errors.StripePermissionError
      ? // Our key is wrong or lacks a permission: the merchant fixes it, the customer is not told.
        rejectedDecline(err.code ?? 'authentication_error', err.message, 'technical')
      : rejectedDecline(err.code ?? 'invalid_request_error', err.message);
  const providerStatus: ProviderStatus = 'gateway_rejected';
  return { state: 'failed', providerStatus, providerReference: err.payment_intent?.id ?? null, decline, raw };
}

function connection(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  } as const;
}

/** What staff see of a PaymentMethod: its card or SEPA account, never a full number. */
export function stripeMethodLabel(pm: Stripe.PaymentMethod): string {
  if (pm.card) return cardLabel(pm.card.brand, pm.card.last4, pm.card.exp_month, pm.card.exp_year);
  if (pm.sepa_debit) return sepaLabel(pm.sepa_debit.country, pm.sepa_debit.last4 ?? '????');
  return `${pm.type} ${pm.id}`;
}

/** A PaymentMethod as a check: it must be attached to the customer the charges name. */
async function checkMethod(stripe: Stripe, customer: string, method: string): Promise<MethodCheck> {
  try {
    const pm = await stripe.paymentMethods.retrieve(method);
    const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
    if (owner !== customer) {
      return {
        state: 'refused',
        field: 'method_reference',
        message: `This payment method is not attached to the Stripe customer ${customer}.`,
      };
    }
    return { state: 'valid', label: stripeMethodLabel(pm), raw: pm };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
      return {
        state: 'refused',
        field: 'method_reference',
        message: `Stripe has no payment method ${method}.`,
      };
    }
    const outcome = errorOutcome(err);
    if (outcome.state === 'failed') return { state: 'rejected', message: outcome.decline.message };
    return { state: 'unknown', error: outcome.state === 'unknown' ? outcome.error : 'No answer.' };
  }
}

const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function createStripeGateway(
  credentials: StripeCredentials,
  options: StripeAdapterOptions = {},
): PaymentGateway {
  const stripe = new Stripe(credentials.secret_key, {
    ...connection(options.apiBase),
    timeout: options.timeoutMs ?? 30_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    appInfo: { name: 'Rentloop' },
  });

  const call = async (what: string, fn: () => Promise<GatewayOutcome>): Promise<GatewayOutcome> => {
    assertOutsideTransaction(`Stripe ${what}`);
    try {
      return await fn();
    } catch (err) {
      return errorOutcome(err);
    }
  };

  return {
    name: 'stripe',

    charge(request: ChargeRequest) {
      return call('charge', async () => {
        const { customerReference, methodReference } = request.method;
        if (!customerReference || !methodReference) {
          return {
            state: 'failed',
            providerStatus: 'gateway_rejected',
            providerReference: null,
            decline: rejectedDecline('payment_method_missing', 'No stored Stripe payment method.'),
            raw: null,
          };
        }
        const pi = await stripe.paymentIntents.create(
          {
            amount: Number(request.amountMinor),
            currency: request.currency.toLowerCase(),
            customer: customerReference,
            payment_method: methodReference,
            confirm: true,
            off_session: true,
            description: request.description,
            metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return intentOutcome(pi);
      });
    },

    refund(request: RefundRequest) {
      return call('refund', async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.chargeReference,
            amount: Number(request.amountMinor),
            metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundOutcome(refund);
      });
    },

    async lookup(idempotencyKey, providerReference) {
      assertOutsideTransaction('Stripe lookup');
      try {
        if (providerReference?.startsWith('re_')) {
          return refundOutcome(await stripe.refunds.retrieve(providerReference));
        }
        if (providerReference) {
          return intentOutcome(await stripe.paymentIntents.retrieve(providerReference));
        }
        const found = await stripe.paymentIntents.search({
          query: `metadata[${quoted(KEY_METADATA)}]:${quoted(idempotencyKey)}`,
          limit: 1,
        });
        const pi = found.data[0];
        if (pi) return intentOutcome(pi);
        // Refunds cannot be searched: the most recent ones are listed and matched by key.
        for await (const refund of stripe.refunds.list({ limit: 100 })) {
          if (refund.metadata?.[KEY_METADATA] === idempotencyKey) return refundOutcome(refund);
          if (refund.created < Date.now() / 1000 - 7 * 86_400) break;
        }
        return null;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
          return null;
        }
        return errorOutcome(err);
      }
    },

    describeMethod(customerReference, methodReference) {
      assertOutsideTransaction('Stripe payment method');
      return checkMethod(stripe, customerReference, methodReference);
    },

    parseWebhook(rawBody, headers): InboundEvent {
      const signature = headers['stripe-signature'];
      if (!signature) throw new Error('Missing Stripe-Signature header.');
      // Throws StripeSignatureVerificationError on a forged, altered or stale event.
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        credentials.webhook_secret,
        options.webhookToleranceSeconds,
      );
      return { eventId: event.id, type: event.type, objectReference: eventObjectReference(event) };
    },
  };
}

/**
 * The object an event is about, as the engine stores it: the PaymentIntent for payment and refund and
 * dispute events (a charge's refunds and disputes point at their PaymentIntent), else the object's id.
 */
function eventObjectReference(event: Stripe.Event): string {
  const object = event.data.object as unknown as {
    id: string;
    object: string;
    payment_intent?: string | { id: string } | null;
    charge?: string | { id: string } | null;
  };
  const ref = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);
  switch (object.object) {
    case 'charge':
    case 'dispute':
    case 'refund':
      return ref(object.payment_intent) ?? ref(object.charge) ?? object.id;
    default:
      return object.id;
  }
}
