/**
 * A local fake of Stripe's API (the plumbing of shops/testing/fake-server.ts) speaking its wire format:
 * form-encoded requests with bracketed keys (`metadata[k]=v`), Bearer secret keys, JSON objects with
 * `object` and `id`, errors as `{ error: { type, code, decline_code, message, ... } }` (402 for card errors),
 * and Stripe's idempotency: a key seen with the same body replays the stored answer with
 * `Idempotent-Replayed: true`, with another body it is a 400 `idempotency_error`.
 *
 * Outcomes are scripted by payment method, as Stripe's test payment methods are (`SCRIPTED`); a decline
 * leaves the PaymentIntent in `requires_payment_method` with its `last_payment_error`, as Stripe does.
 * `executions(key)` counts the charges that really ran for a key, so a test proves "charged once".
 * Events are signed as Stripe signs them (`Stripe-Signature: t=..,v1=HMAC-SHA256(secret, "t.payload")`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../shops/testing/fake-server.ts';

export const FAKE_STRIPE = {
  secretKey: 'sk_test_rentloop_fake',
  webhookSecret: 'whsec_rentloop_fake',
  /** The test customer every scripted payment method is attached to. */
  customerId: 'cus_fake4test',
};

type Decline = { code: string; decline_code?: string; advice_code?: string; message: string };
type Script = 'succeeded' | 'processing' | Decline;

/** What a charge on a payment method does (Stripe's test payment methods; `pm_fake_*` are ours). */
export const SCRIPTED: Record<string, Script> = {
  pm_card_visa: 'succeeded',
  pm_card_mastercard: 'succeeded',
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedStolenCard: {
    code: 'card_declined',
    decline_code: 'stolen_card',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedLostCard: {
    code: 'card_declined',
    decline_code: 'lost_card',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedFraudulent: {
    code: 'card_declined',
    decline_code: 'fraudulent',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  pm_card_chargeDeclinedProcessingError: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  pm_card_authenticationRequired: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  pm_fake_doNotHonorDoNotTryAgain: {
    code: 'card_declined',
    decline_code: 'do_not_honor',
    advice_code: 'do_not_try_again',
    message: 'Your card was declined.',
  },
  pm_fake_sepaProcessing: 'processing',
};

/** What GET /v1/payment_methods/{id} tells of each scripted method (Stripe's test cards' numbers). */
const CARDS: Record<string, [brand: string, last4: string]> = {
  pm_card_visa: ['visa', '4242'],
  pm_card_mastercard: ['mastercard', '4444'],
  pm_card_chargeDeclined: ['visa', '0002'],
  pm_card_chargeDeclinedInsufficientFunds: ['visa', '9995'],
  pm_card_chargeDeclinedStolenCard: ['visa', '9979'],
  pm_card_chargeDeclinedLostCard: ['visa', '9987'],
  pm_card_chargeDeclinedFraudulent: ['visa', '0019'],
  pm_card_chargeDeclinedExpiredCard: ['visa', '0069'],
  pm_card_chargeDeclinedProcessingError: ['visa', '0119'],
  pm_card_authenticationRequired: ['visa', '3184'],
  pm_fake_doNotHonorDoNotTryAgain: ['mastercard', '0005'],
};

function paymentMethodObject(pm: string): Record<string, unknown> {
  const base = { id: pm, object: 'payment_method', customer: FAKE_STRIPE.customerId, livemode: false };
  const card = CARDS[pm];
  if (card) {
    const [brand, last4] = card;
    return {
      ...base,
      type: 'card',
      card: { brand, last4, exp_month: 12, exp_year: 2028, country: 'US', funding: 'credit' },
    };
  }
  return {
    ...base,
    type: 'sepa_debit',
    sepa_debit: { bank_code: '37040044', branch_code: null, country: 'DE', last4: '3000' },
  };
}

type Obj = Record<string, unknown> & { id: string; metadata: Record<string, string> };
export type StripeEventBody = Record<string, unknown> & { id: string; type: string };

export interface FakeStripe extends FakeServer {
  /** How many charges really ran for an idempotency key (replays not counted). */
  executions(idempotencyKey: string): number;
  readonly paymentIntents: Map<string, Obj>;
  readonly refunds: Map<string, Obj>;
  /** Every event the fake raised, oldest first (payment_intent.*, charge.refunded, charge.dispute.created). */
  readonly events: StripeEventBody[];
  /** Opens a dispute on a PaymentIntent's charge (raises charge.dispute.created). */
  dispute(paymentIntentId: string): StripeEventBody;
  /** The body and headers Stripe would POST for an event, signed with `secret` (default the fake's). */
  signed(
    event: StripeEventBody,
    secret?: string,
    timestamp?: number,
  ): { body: string; headers: Record<string, string> };
  /** POSTs an event, signed, to a URL as Stripe does; the answer's status. */
  deliver(url: string, event: StripeEventBody, secret?: string): Promise<number>;
}

/** Stripe's form encoding back into objects: `a[b][c]=1`, `a[0]=x` (arrays as index-keyed objects). */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}

export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const error = (status: number, body: Record<string, unknown>): FakeResponse => ({
  status,
  body: { error: body },
});
const missing = (what: string, ref: string, param?: string, status = 404) =>
  error(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${ref}'`,
    param,
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const events: StripeEventBody[] = [];
  const stored = new Map<string, { body: string; response: FakeResponse }>();
  const counts = new Map<string, number>();

  const raise = (type: string, object: Obj) => {
    const event: StripeEventBody = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return event;
  };

  const createIntent = (p: Record<string, unknown>): FakeResponse => {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid integer: amount',
      });
    }
    const pm = String(p.payment_method ?? '');
    const script = SCRIPTED[pm];
    if (!script) return missing('PaymentMethod', pm, 'payment_method', 400);
    const chargeId = id('ch');
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(p.currency),
      customer: p.customer ?? null,
      payment_method: pm,
      description: p.description ?? null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      cancellation_reason: null,
      created: now(),
      livemode: false,
      latest_charge: chargeId,
      last_payment_error: null,
      metadata: (p.metadata as Record<string, string>) ?? {},
      status: 'processing',
    };
    paymentIntents.set(pi.id, pi);
    const charge: Obj = {
      id: chargeId,
      object: 'charge',
      amount,
      amount_refunded: 0,
      currency: pi.currency,
      payment_intent: pi.id,
      refunded: false,
      disputed: false,
      status: 'pending',
      metadata: pi.metadata,
    };
    charges.set(chargeId, charge);
    if (script === 'succeeded') {
      Object.assign(pi, { status: 'succeeded', amount_received: amount });
      Object.assign(charge, { status: 'succeeded', paid: true });
      raise('payment_intent.succeeded', pi);
      return { status: 200, body: pi };
    }
    if (script === 'processing') return { status: 200, body: pi };
    const lastError = {
      type: 'card_error',
      charge: chargeId,
      payment_method: { id: pm, object: 'payment_method' },
      ...script,
    };
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: lastError });
    Object.assign(charge, {
      status: 'failed',
      failure_code: script.code,
      outcome: { type: 'issuer_declined' },
    });
    raise('payment_intent.payment_failed', pi);
    return error(402, {
      ...lastError,
      payment_intent: pi,
      doc_url: `https://docs.stripe.com/error-codes/${script.code}`,
    });
  };

  const createRefund = (p: Record<string, unknown>): FakeResponse => {
    const pi = paymentIntents.get(String(p.payment_intent ?? ''));
    if (!pi) return missing('payment_intent', String(p.payment_intent ?? ''), 'payment_intent');
    const charge = charges.get(String(pi.latest_charge))!;
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (pi.status !== 'succeeded') {
      return error(400, {
        type: 'invalid_request_error',
        message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      });
    }
    if (left === 0) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return error(400, {
        type: 'invalid_request_error',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    const refund: Obj = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: pi.currency,
      payment_intent: pi.id,
      created: now(),
      reason: p.reason ?? null,
      status: 'succeeded',
      metadata: (p.metadata as Record<string, string>) ?? {},
    };
    refunds.set(refund.id, refund);
    Object.assign(charge, {
      amount_refunded: Number(charge.amount_refunded) + amount,
      refunded: amount === left,
    });
    raise('charge.refunded', charge);
    return { status: 200, body: refund };
  };

  /** POSTs that create something: replayed by key (Stripe keeps keys 24 h; the fake, for its lifetime). */
  const idempotent = (req: FakeRequest, run: () => FakeResponse): FakeResponse => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return run();
    const seen = stored.get(key);
    if (seen) {
      if (seen.body !== req.body) {
        return error(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...seen.response, headers: { ...seen.response.headers, 'idempotent-replayed': 'true' } };
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const response = run();
    stored.set(key, { body: req.body, response });
    return response;
  };

  const handle = (req: FakeRequest): FakeResponse => {
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) {
      return error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
    }
    const [, version, resource, ref] = req.path.split('/');
    if (version !== 'v1') return missing('route', req.path);
    const params = parseStripeForm(req.body);
    if (resource === 'payment_intents') {
      if (req.method === 'POST' && !ref) return idempotent(req, () => createIntent(params));
      if (req.method === 'GET' && ref === 'search') {
        const m = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(req.query.get('query') ?? '');
        const data = m
          ? [...paymentIntents.values()].filter((pi) => pi.metadata[m[1]!] === m[2]!.replace(/\\(.)/g, '$1'))
          : [];
        return {
          status: 200,
          body: {
            object: 'search_result',
            data,
            has_more: false,
            next_page: null,
            url: '/v1/payment_intents/search',
          },
        };
      }
      if (req.method === 'GET' && ref)
        return paymentIntents.has(ref)
          ? { status: 200, body: paymentIntents.get(ref) }
          : missing('payment_intent', ref, 'intent');
    }
    if (resource === 'payment_methods' && req.method === 'GET' && ref) {
      return SCRIPTED[ref]
        ? { status: 200, body: paymentMethodObject(ref) }
        : missing('PaymentMethod', ref, 'payment_method');
    }
    if (resource === 'refunds') {
      if (req.method === 'POST' && !ref) return idempotent(req, () => createRefund(params));
      if (req.method === 'GET' && ref)
        return refunds.has(ref) ? { status: 200, body: refunds.get(ref) } : missing('refund', ref, 'id');
      if (req.method === 'GET') {
        const data = [...refunds.values()].reverse();
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
      }
    }
    return missing('route', req.path);
  };

  const server = await startFakeServer(handle);
  const signed = (event: StripeEventBody, secret = FAKE_STRIPE.webhookSecret, timestamp = now()) => {
    const body = JSON.stringify(event, null, 2);
    return {
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(body, secret, timestamp),
      },
    };
  };
  return {
    ...server,
    paymentIntents,
    refunds,
    events,
    executions: (key) => counts.get(key) ?? 0,
    dispute(paymentIntentId) {
      const pi = paymentIntents.get(paymentIntentId);
      if (!pi) throw new Error(`no PaymentIntent ${paymentIntentId}`);
      const dispute: Obj = {
        id: id('dp'),
        object: 'dispute',
        amount: pi.amount,
        charge: pi.latest_charge,
        payment_intent: pi.id,
        currency: pi.currency,
        reason: 'fraudulent',
        status: 'needs_response',
        metadata: {},
      };
      Object.assign(charges.get(String(pi.latest_charge))!, { disputed: true });
      return raise('charge.dispute.created', dispute);
    },
    signed,
    async deliver(url, event, secret) {
      const { body, headers } = signed(event, secret);
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return res.status;
    },
  };
}
