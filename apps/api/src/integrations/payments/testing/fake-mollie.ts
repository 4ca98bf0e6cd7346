/**
 * A local fake of Mollie's API v2 (the plumbing of shops/testing/fake-server.ts, over https) speaking its
 * wire format: JSON bodies, Bearer API keys, HAL answers (`resource`, `_links`, lists under `_embedded`
 * with a `next` link carrying `from`), amounts as `{ currency, value: "19.90" }`, errors as
 * `{ status, title, detail, field, _links }`, and webhooks as Mollie sends them: a form-encoded `id=tr_...`
 * with no signature. Idempotency: a key seen with the same body replays the first answer; with another
 * body it is refused. `executions(key)` counts the payments really created for a key.
 *
 * Recurring payments are scripted by mandate (`MANDATES`), as a test customer's mandates would be: card
 * mandates answer at once (`paid`, or `failed` with `details.failureReason`), a SEPA mandate stays
 * `pending` until `settle()`. Refunds start `pending` until `processRefunds()`, as Mollie batches them.
 *
 * https, because the official client only speaks https and trusts only its bundled CA list (it
 * overwrites any `caCertificates` it is given): `startFakeMollie` makes a throwaway certificate with
 * openssl and lets https connections to the fake's own port trust it, for the life of the fake.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent as HttpsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currencyExponent } from '@rentloop/domain/currencies';
import {
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../shops/testing/fake-server.ts';

export const FAKE_MOLLIE = { apiKey: 'test_rentloopFakeMollieKey0000000000', customerId: 'cst_fake4test' };

type Outcome =
  | { status: 'paid'; method: 'creditcard' }
  | { status: 'pending'; method: 'directdebit' }
  | { status: 'failed'; method: 'creditcard'; failureReason: string; failureMessage: string }
  | { status: 'invalid' };

/** The test customer's mandates and what a recurring payment on each does. */
export const MANDATES: Record<string, Outcome> = {
  mdt_paid: { status: 'paid', method: 'creditcard' },
  mdt_sepa: { status: 'pending', method: 'directdebit' },
  mdt_insufficient: {
    status: 'failed',
    method: 'creditcard',
    failureReason: 'insufficient_funds',
    failureMessage: 'The card has insufficient funds.',
  },
  mdt_declined: {
    status: 'failed',
    method: 'creditcard',
    failureReason: 'card_declined',
    failureMessage: 'The card was declined.',
  },
  mdt_fraud: {
    status: 'failed',
    method: 'creditcard',
    failureReason: 'possible_fraud',
    failureMessage: 'The payment was declined due to suspected fraud.',
  },
  mdt_expired: {
    status: 'failed',
    method: 'creditcard',
    failureReason: 'card_expired',
    failureMessage: 'The card has expired.',
  },
  mdt_revoked: { status: 'invalid' },
};

type Obj = Record<string, unknown> & { id: string; status: string; metadata: unknown };

/** GET /v2/customers/{customerId}/mandates/{id} as Mollie answers it. */
function mandateObject(
  id: string,
  outcome: Outcome,
  link: (path: string) => { href: string; type: string },
): Record<string, unknown> {
  const sepa = outcome.status === 'pending';
  return {
    resource: 'mandate',
    id,
    mode: 'test',
    status: outcome.status === 'invalid' ? 'invalid' : 'valid',
    method: sepa ? 'directdebit' : 'creditcard',
    details: sepa
      ? { consumerName: 'Test Customer', consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' }
      : {
          cardHolder: 'Test Customer',
          cardNumber: '6787',
          cardLabel: 'Visa',
          cardFingerprint: 'fp_fake',
          cardExpiryDate: '2028-12-31',
        },
    mandateReference: null,
    signatureDate: '2026-01-05',
    createdAt: '2026-01-05T10:00:00+00:00',
    _links: {
      self: link(`customers/${FAKE_MOLLIE.customerId}/mandates/${id}`),
      customer: link(`customers/${FAKE_MOLLIE.customerId}`),
    },
  };
}

export interface FakeMollie extends FakeServer {
  /** The API root to give the client (`https://127.0.0.1:port/v2/`). */
  readonly apiEndpoint: string;
  readonly payments: Map<string, Obj>;
  readonly refunds: Map<string, Obj>;
  executions(idempotencyKey: string): number;
  /** Moves a pending payment on (a SEPA debit collected or returned with a bank reason code). */
  settle(paymentId: string, status: 'paid' | 'failed', bankReasonCode?: string): void;
  /** Every pending refund becomes `refunded`. */
  processRefunds(): void;
  /** POSTs `id=tr_...` to a URL as Mollie does; the answer's status. */
  deliver(url: string, paymentId: string): Promise<number>;
}

let certificate: { key: string; cert: string } | undefined;
function throwawayCertificate() {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'fake-mollie-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    certificate = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lets https connections to 127.0.0.1:port trust `cert` (and nothing else changes); returns the undo. */
function trustFor(port: number, cert: string): () => void {
  const original = HttpsAgent.prototype.createConnection;
  type Create = (this: HttpsAgent, options: Record<string, unknown>, cb?: unknown) => unknown;
  const patched: Create = function (this: HttpsAgent, options, cb) {
    const o = options as { host?: string; port?: number | string; ca?: unknown };
    if (o.host === '127.0.0.1' && Number(o.port) === port) o.ca = cert;
    return (original as unknown as Create).call(this, o, cb);
  };
  HttpsAgent.prototype.createConnection = patched as unknown as typeof original;
  return () => {
    if (HttpsAgent.prototype.createConnection === (patched as unknown))
      HttpsAgent.prototype.createConnection = original;
  };
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex').slice(0, 10)}`;
const fail = (status: number, title: string, detail: string, field?: string): FakeResponse => ({
  status,
  headers: { 'content-type': 'application/hal+json' },
  body: {
    status,
    title,
    detail,
    ...(field ? { field } : {}),
    _links: {
      documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' },
    },
  },
});
const ok = (body: unknown, status = 200): FakeResponse => ({
  status,
  headers: { 'content-type': 'application/hal+json' },
  body,
});

function amountOk(a: unknown): a is { currency: string; value: string } {
  if (typeof a !== 'object' || a === null) return false;
  const { currency, value } = a as Record<string, unknown>;
  if (typeof currency !== 'string' || typeof value !== 'string') return false;
  const decimals = currencyExponent(currency);
  return new RegExp(decimals ? `^\\d+\\.\\d{${decimals}}$` : '^\\d+$').test(value) && Number(value) > 0;
}

export async function startFakeMollie(): Promise<FakeMollie> {
  const payments = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const stored = new Map<string, { body: string; response: FakeResponse }>();
  const counts = new Map<string, number>();
  let origin = '';
  const link = (path: string) => ({ href: `${origin}/v2/${path}`, type: 'application/hal+json' });

  const createPayment = (b: Record<string, unknown>): FakeResponse => {
    if (!amountOk(b.amount)) return fail(422, 'Unprocessable Entity', 'The amount is invalid.', 'amount');
    if (b.sequenceType !== 'recurring')
      return fail(422, 'Unprocessable Entity', 'Only recurring payments are faked.', 'sequenceType');
    if (b.customerId !== FAKE_MOLLIE.customerId)
      return fail(404, 'Not Found', `No customer exists with token ${String(b.customerId)}.`, 'customerId');
    const mandate = MANDATES[String(b.mandateId)];
    if (!mandate) return fail(422, 'Unprocessable Entity', 'The mandate does not exist.', 'mandateId');
    if (mandate.status === 'invalid')
      return fail(422, 'Unprocessable Entity', 'The mandate is invalid.', 'mandateId');
    const payment: Obj = {
      resource: 'payment',
      id: id('tr'),
      mode: 'test',
      createdAt: new Date().toISOString(),
      amount: b.amount,
      description: b.description,
      method: mandate.method,
      metadata: b.metadata ?? null,
      status: mandate.status,
      isCancelable: mandate.status === 'pending',
      sequenceType: 'recurring',
      customerId: b.customerId,
      mandateId: b.mandateId,
      profileId: 'pfl_fake',
      webhookUrl: b.webhookUrl ?? null,
      amountRefunded: { value: '0.00', currency: (b.amount as { currency: string }).currency },
      details:
        mandate.status === 'failed'
          ? {
              cardNumber: '6787',
              failureReason: mandate.failureReason,
              failureMessage: mandate.failureMessage,
            }
          : mandate.method === 'directdebit'
            ? {
                consumerName: 'Test Customer',
                consumerAccount: 'NL55INGB0000000000',
                consumerBic: 'INGBNL2A',
              }
            : { cardNumber: '6787', cardLabel: 'Visa', cardCountryCode: 'NL' },
      ...(mandate.status === 'paid' ? { paidAt: new Date().toISOString() } : {}),
      ...(mandate.status === 'failed' ? { failedAt: new Date().toISOString() } : {}),
    };
    payment._links = {
      self: link(`payments/${payment.id}`),
      customer: link(`customers/${FAKE_MOLLIE.customerId}`),
      documentation: { href: 'https://docs.mollie.com/reference/create-payment', type: 'text/html' },
    };
    payments.set(payment.id, payment);
    return ok(payment, 201);
  };

  const minor = (v: { value: string; currency: string }) => BigInt(v.value.replace('.', ''));
  const createRefund = (paymentId: string, b: Record<string, unknown>): FakeResponse => {
    const payment = payments.get(paymentId);
    if (!payment) return fail(404, 'Not Found', `No payment exists with token ${paymentId}.`);
    if (payment.status !== 'paid')
      return fail(422, 'Unprocessable Entity', 'The payment cannot be refunded.');
    if (!amountOk(b.amount)) return fail(422, 'Unprocessable Entity', 'The amount is invalid.', 'amount');
    const paid = payment.amount as { value: string; currency: string };
    const refunded = payment.amountRefunded as { value: string; currency: string };
    const left = minor(paid) - minor(refunded);
    const asked = minor(b.amount);
    if (asked > left)
      return fail(
        422,
        'Unprocessable Entity',
        'The amount is higher than the amount that remains refundable.',
        'amount',
      );
    const decimals = currencyExponent(paid.currency);
    const total = (minor(refunded) + asked).toString().padStart(decimals + 1, '0');
    payment.amountRefunded = {
      currency: paid.currency,
      value: decimals ? `${total.slice(0, -decimals)}.${total.slice(-decimals)}` : total,
    };
    const refund: Obj = {
      resource: 'refund',
      id: id('re'),
      amount: b.amount,
      status: 'pending',
      createdAt: new Date().toISOString(),
      description: b.description ?? '',
      metadata: b.metadata ?? null,
      paymentId,
      _links: { self: link(`payments/${paymentId}/refunds/`), payment: link(`payments/${paymentId}`) },
    };
    (refund._links as Record<string, { href: string }>).self!.href += refund.id;
    refunds.set(refund.id, refund);
    return ok(refund, 201);
  };

  const idempotent = (req: FakeRequest, run: () => FakeResponse): FakeResponse => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return run();
    const seen = stored.get(key);
    if (seen) {
      return seen.body === req.body
        ? seen.response
        : fail(
            422,
            'Unprocessable Entity',
            'The idempotency key was already used for a request with other parameters.',
          );
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const response = run();
    stored.set(key, { body: req.body, response });
    return response;
  };

  const list = (req: FakeRequest, all: Map<string, Obj>, name: string): FakeResponse => {
    const items = [...all.values()].reverse();
    const limit = Math.min(Number(req.query.get('limit') ?? 50), 250);
    const from = req.query.get('from');
    const start = from
      ? Math.max(
          0,
          items.findIndex((i) => i.id === from),
        )
      : 0;
    const page = items.slice(start, start + limit);
    const next = items[start + limit];
    return ok({
      count: page.length,
      _embedded: { [name]: page },
      _links: {
        self: link(`${name}?limit=${limit}`),
        previous: null,
        next: next ? link(`${name}?from=${next.id}&limit=${limit}`) : null,
        documentation: { href: `https://docs.mollie.com/reference/list-${name}`, type: 'text/html' },
      },
    });
  };

  const handle = (req: FakeRequest, reqOrigin: string): FakeResponse => {
    origin = reqOrigin;
    if (req.headers.authorization !== `Bearer ${FAKE_MOLLIE.apiKey}`) {
      return fail(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    }
    const [, v2, resource, ref, sub] = req.path.split('/');
    if (v2 !== 'v2') return fail(404, 'Not Found', 'The resource does not exist.');
    const body = () => (req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {});
    if (resource === 'payments' && !ref && req.method === 'POST')
      return idempotent(req, () => createPayment(body()));
    if (resource === 'payments' && !ref && req.method === 'GET') return list(req, payments, 'payments');
    if (resource === 'payments' && ref && !sub && req.method === 'GET') {
      const p = payments.get(ref);
      return p ? ok(p) : fail(404, 'Not Found', `No payment exists with token ${ref}.`);
    }
    if (resource === 'payments' && ref && sub === 'refunds' && req.method === 'POST')
      return idempotent(req, () => createRefund(ref, body()));
    if (resource === 'refunds' && !ref && req.method === 'GET') return list(req, refunds, 'refunds');
    if (resource === 'customers' && sub === 'mandates' && req.method === 'GET') {
      const mandateId = req.path.split('/')[5] ?? '';
      if (ref !== FAKE_MOLLIE.customerId)
        return fail(404, 'Not Found', `No customer exists with token ${ref}.`);
      const mandate = MANDATES[mandateId];
      return mandate
        ? ok(mandateObject(mandateId, mandate, link))
        : fail(404, 'Not Found', `No mandate exists with token ${mandateId}.`);
    }
    return fail(404, 'Not Found', 'The resource does not exist.');
  };

  const tls = throwawayCertificate();
  const server = await startFakeServer(handle, { tls });
  const port = Number(new URL(server.url).port);
  const untrust = trustFor(port, tls.cert);
  return {
    ...server,
    apiEndpoint: `${server.url}/v2/`,
    payments,
    refunds,
    executions: (key) => counts.get(key) ?? 0,
    settle(paymentId, status, bankReasonCode) {
      const p = payments.get(paymentId);
      if (p?.status !== 'pending') throw new Error(`payment ${paymentId} is not pending`);
      p.status = status;
      if (status === 'paid') p.paidAt = new Date().toISOString();
      else {
        p.failedAt = new Date().toISOString();
        p.details = {
          ...(p.details as object),
          bankReasonCode: bankReasonCode ?? 'MS03',
          bankReason: 'Returned by the bank',
        };
      }
    },
    processRefunds() {
      for (const r of refunds.values()) if (r.status === 'pending') r.status = 'refunded';
    },
    async deliver(url, paymentId) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: paymentId }).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
    async close() {
      untrust();
      await server.close();
    },
  };
}
