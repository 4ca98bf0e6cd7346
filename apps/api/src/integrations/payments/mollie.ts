/**
 * The Mollie adapter, through the official `@mollie/api-client`. A charge is a recurring payment on the
 * customer's mandate (`sequenceType: 'recurring'`, `customerId`, `mandateId`), sent with the attempt's key
 * as `Idempotency-Key` (the client also retries a 5xx up to three times with that same key) and in
 * `metadata.idempotency_key`. Mollie has no search: `lookup` without a reference lists the most recent
 * payments (or refunds) and matches the key, as Mollie's idempotency guide advises.
 *
 * Webhooks carry only `id=tr_...` (form-encoded, unsigned): `parseWebhook` returns that id and the engine
 * fetches the payment (`lookup(key, id)`), which is also what makes an unsigned call harmless.
 *
 * The client has no time-out of its own: the call is raced against `timeoutMs` and a loser is `unknown`
 * (the request may still be executed; the same key or the lookup resolves it).
 */
import {
  createMollieClient,
  type Mandate,
  MollieApiError,
  type Payment,
  type Refund,
} from '@mollie/api-client';
import { minorToDecimal } from '@rentloop/domain/money';
import { assertOutsideTransaction } from '../../db/transaction-scope.ts';
import { canceledDecline, classifyMollieFailure, rejectedDecline } from './declines.ts';
import { cardLabel, sepaLabel } from './method-labels.ts';
import type {
  ChargeRequest,
  GatewayOutcome,
  InboundEvent,
  MethodCheck,
  PaymentGateway,
  RefundRequest,
} from './types.ts';

export interface MollieCredentials {
  api_key: string;
}

export interface MollieAdapterOptions {
  /** MOLLIE_API_BASE: another API root than https://api.mollie.com/v2/ (https only: the client pins its CA bundle). */
  apiBase?: string;
  /** Time allowed for one call, the client's own 5xx retries included (default 30 000 ms). */
  timeoutMs?: number;
  /** Where Mollie reports a payment's changes (the company's inbound webhook route); none: no webhooks. */
  webhookUrl?: string;
  /** How many of the most recent payments/refunds `lookup` scans for a key (default 1 000). */
  lookupDepth?: number;
}

export const KEY_METADATA = 'idempotency_key';

type Details = {
  failureReason?: string;
  failureMessage?: string;
  bankReasonCode?: string;
  bankReason?: string;
};

const plain = (o: unknown) => JSON.parse(JSON.stringify(o)) as unknown;

export function paymentOutcome(payment: Payment): GatewayOutcome {
  const raw = plain(payment);
  const ref = payment.id;
  switch (payment.status) {
    case 'paid':
      return { state: 'succeeded', providerStatus: 'succeeded', providerReference: ref, raw };
    case 'authorized':
      return { state: 'pending', providerStatus: 'authorized', providerReference: ref, raw };
    case 'open':
    case 'pending':
      // A SEPA direct debit stays pending for days; the webhook closes it.
      return { state: 'pending', providerStatus: 'pending', providerReference: ref, raw };
    case 'expired':
      return {
        state: 'failed',
        providerStatus: 'authorization_expired',
        providerReference: ref,
        decline: canceledDecline('expired', 'The payment expired.'),
        raw,
      };
    case 'canceled':
      return {
        state: 'failed',
        providerStatus: 'failed',
        providerReference: ref,
        decline: canceledDecline('canceled', 'The payment was canceled.'),
        raw,
      };
    default: {
      const details = (payment.details ?? {}) as Details;
      return {
        state: 'failed',
        providerStatus: 'processor_declined',
        providerReference: ref,
        decline: classifyMollieFailure({
          failureReason: details.failureReason,
          bankReasonCode: details.bankReasonCode,
          message: details.failureMessage ?? details.bankReason,
        }),
        raw,
      };
    }
  }
}

export function refundOutcome(refund: Refund): GatewayOutcome {
  const raw = plain(refund);
  switch (refund.status) {
    case 'refunded':
      return { state: 'succeeded', providerStatus: 'refunded', providerReference: refund.id, raw };
    case 'failed':
    case 'canceled':
      return {
        state: 'failed',
        providerStatus: 'failed_refund',
        providerReference: refund.id,
        decline: rejectedDecline(
          refund.status,
          `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'}.`,
          'technical',
        ),
        raw,
      };
    default:
      // queued, pending, processing: Mollie sends refunds in batches.
      return { state: 'pending', providerStatus: 'pending', providerReference: refund.id, raw };
  }
}

/** A thrown error as an outcome: a 4xx answer is a definitive refusal, anything else ambiguous. */
export function errorOutcome(err: unknown): GatewayOutcome {
  const message = err instanceof Error ? err.message : String(err);
  const status = err instanceof MollieApiError ? err.statusCode : undefined;
  // No status: no answer (time-out, reset, a body that was not JSON). 409: the key's first request is
  // still running. An idempotency conflict (the key first sent with another body) says nothing of the first.
  if (
    status === undefined ||
    status === 409 ||
    status === 429 ||
    status >= 500 ||
    /idempotency/i.test(message)
  ) {
    return { state: 'unknown', error: status ? `${status}: ${message}` : message, raw: null };
  }
  const raw = { status, message, field: (err as MollieApiError).field ?? null };
  const decline =
    status === 401 || status === 403
      ? rejectedDecline('unauthorized', message, 'technical')
      : rejectedDecline(
          (err as MollieApiError).field ? `invalid_${(err as MollieApiError).field}` : `http_${status}`,
          message,
        );
  return { state: 'failed', providerStatus: 'gateway_rejected', providerReference: null, decline, raw };
}

/** What staff see of a mandate: the card ("Visa •••• 6787, 12/28") or the account ("SEPA mandate NL55 •••• 0000"). */
export function mandateLabel(mandate: Mandate): string {
  const d = (mandate.details ?? {}) as unknown as Record<string, string | null | undefined>;
  if (mandate.method === 'creditcard') {
    const [year, month] = (d.cardExpiryDate ?? '').split('-').map(Number);
    return cardLabel(d.cardLabel, d.cardNumber ?? '????', month, year);
  }
  if (mandate.method === 'directdebit') {
    const account = (d.consumerAccount ?? '').replace(/\s+/g, '');
    return sepaLabel(account.slice(0, 4), account.slice(-4) || '????');
  }
  return `${mandate.method} ${d.consumerAccount ?? mandate.id}`;
}

/** A thrown error of a mandate read as a check: Mollie names the wrong reference in `field` or the text. */
function mandateError(err: unknown, customer: string, mandate: string): MethodCheck {
  if (err instanceof MollieApiError && err.statusCode === 404) {
    const customerMissing = err.field === 'customerId' || /customer/i.test(err.message);
    return customerMissing
      ? { state: 'refused', field: 'customer_reference', message: `Mollie has no customer ${customer}.` }
      : {
          state: 'refused',
          field: 'method_reference',
          message: `Mollie has no mandate ${mandate} for the customer ${customer}.`,
        };
  }
  const outcome = errorOutcome(err);
  if (outcome.state === 'failed') return { state: 'rejected', message: outcome.decline.message };
  return { state: 'unknown', error: outcome.state === 'unknown' ? outcome.error : 'No answer.' };
}

export function createMollieGateway(
  credentials: MollieCredentials,
  options: MollieAdapterOptions = {},
): PaymentGateway {
  const client = createMollieClient({
    apiKey: credentials.api_key,
    ...(options.apiBase ? { apiEndpoint: options.apiBase } : {}),
    versionStrings: ['Rentloop/0.1.0'],
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const depth = options.lookupDepth ?? 1000;

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    assertOutsideTransaction(`Mollie ${what}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Mollie ${what}: no answer within ${timeoutMs} ms (timeout)`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([fn(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  const outcome = async (what: string, fn: () => Promise<GatewayOutcome>) => {
    assertOutsideTransaction(`Mollie ${what}`);
    try {
      return await call(what, fn);
    } catch (err) {
      return errorOutcome(err);
    }
  };

  /** The first of the most recent items (newest first, pages of 250) that matches. */
  async function scan<T>(
    page: (from: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
    wanted: (item: T) => boolean,
  ): Promise<T | undefined> {
    let from: string | undefined;
    for (let seen = 0; seen < depth; ) {
      const { items, next } = await page(from);
      const hit = items.find(wanted);
      if (hit) return hit;
      seen += items.length;
      if (!next || items.length === 0) return undefined;
      from = next;
    }
    return undefined;
  }
  const keyOf = (item: { metadata?: unknown }) =>
    (item.metadata as Record<string, unknown> | null)?.[KEY_METADATA];
  const payments = async (from: string | undefined) => {
    const page = await client.payments.page({ limit: 250, ...(from ? { from } : {}) });
    return { items: [...page], next: page.nextPageCursor };
  };
  const refunds = async (from: string | undefined) => {
    const page = await client.refunds.page({ limit: 250, ...(from ? { from } : {}) });
    return { items: [...page], next: page.nextPageCursor };
  };

  return {
    name: 'mollie',

    charge(request: ChargeRequest) {
      return outcome('charge', async () => {
        const { customerReference, methodReference } = request.method;
        if (!customerReference || !methodReference) {
          return {
            state: 'failed',
            providerStatus: 'gateway_rejected',
            providerReference: null,
            decline: rejectedDecline('mandate_missing', 'No Mollie customer and mandate stored.'),
            raw: null,
          };
        }
        const payment = await client.payments.create({
          amount: {
            currency: request.currency,
            value: minorToDecimal(request.amountMinor, request.currency),
          },
          description: request.description,
          sequenceType: 'recurring',
          customerId: customerReference,
          mandateId: methodReference,
          metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
          ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
          idempotencyKey: request.idempotencyKey,
        } as Parameters<typeof client.payments.create>[0]);
        return paymentOutcome(payment);
      });
    },

    refund(request: RefundRequest) {
      return outcome('refund', async () => {
        const refund = await client.paymentRefunds.create({
          paymentId: request.chargeReference,
          amount: {
            currency: request.currency,
            value: minorToDecimal(request.amountMinor, request.currency),
          },
          metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
          idempotencyKey: request.idempotencyKey,
        } as Parameters<typeof client.paymentRefunds.create>[0]);
        return refundOutcome(refund);
      });
    },

    async lookup(idempotencyKey, providerReference) {
      assertOutsideTransaction('Mollie lookup');
      try {
        return await call('lookup', async () => {
          if (providerReference?.startsWith('tr_'))
            return paymentOutcome(await client.payments.get(providerReference));
          if (!providerReference) {
            const payment = await scan(payments, (p) => keyOf(p) === idempotencyKey);
            if (payment) return paymentOutcome(payment);
          }
          // A refund's own URL needs its payment's id, which a key or a refund id alone does not give.
          const refund = await scan(refunds, (r) =>
            providerReference ? r.id === providerReference : keyOf(r) === idempotencyKey,
          );
          return refund ? refundOutcome(refund) : null;
        });
      } catch (err) {
        if (err instanceof MollieApiError && err.statusCode === 404) return null;
        return errorOutcome(err);
      }
    },

    async describeMethod(customerReference, methodReference): Promise<MethodCheck> {
      assertOutsideTransaction('Mollie mandate');
      try {
        const mandate = await call('mandate', () =>
          client.customerMandates.get(methodReference, { customerId: customerReference }),
        );
        if (mandate.status === 'invalid') {
          return { state: 'refused', field: 'method_reference', message: 'This mandate is no longer valid.' };
        }
        return { state: 'valid', label: mandateLabel(mandate), raw: plain(mandate) };
      } catch (err) {
        return mandateError(err, customerReference, methodReference);
      }
    },

    parseWebhook(rawBody, _headers): InboundEvent {
      const id = new URLSearchParams(rawBody).get('id') ?? '';
      if (!/^tr_[A-Za-z0-9]{1,64}$/.test(id))
        throw new Error('A Mollie webhook carries id=tr_...; this one does not.');
      // No event id at Mollie: the engine makes it unique with the status it fetches (types.ts).
      return { eventId: id, type: 'payment.changed', objectReference: id };
    },
  };
}
