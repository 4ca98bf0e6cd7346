import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallInTransactionError, inTransactionScope } from '../../db/transaction-scope.ts';
import { createMollieGateway, KEY_METADATA } from './mollie.ts';
import { expectState } from './testing/expect-outcome.ts';
import { FAKE_MOLLIE, type FakeMollie, startFakeMollie } from './testing/fake-mollie.ts';
import type { ChargeRequest } from './types.ts';

let fake: FakeMollie;
beforeAll(async () => {
  fake = await startFakeMollie();
});
afterAll(() => fake.close());

const gateway = (options: { timeoutMs?: number } = {}) =>
  createMollieGateway(
    { api_key: FAKE_MOLLIE.apiKey },
    { apiBase: fake.apiEndpoint, webhookUrl: 'https://rentloop.example/hooks/mollie', ...options },
  );

let n = 0;
const charge = (mandate: string, over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: `rl:c1:invoice-${++n}:1`,
  amountMinor: 1990n,
  currency: 'EUR',
  description: `Invoice ${n}`,
  method: {
    gateway: 'mollie',
    customerReference: FAKE_MOLLIE.customerId,
    methodReference: mandate,
    label: 'Visa •••• 6787',
  },
  metadata: { company: 'c1', invoice: `inv-${n}` },
  ...over,
});

describe('Mollie adapter against the fake', () => {
  it('creates a recurring payment on the mandate with the key as Idempotency-Key and in metadata', async () => {
    const req = charge('mdt_paid');
    const paid = expectState(await gateway().charge(req), 'succeeded');
    expect(paid).toMatchObject({
      providerStatus: 'succeeded',
      providerReference: expect.stringMatching(/^tr_/),
    });
    const sent = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v2/payments')!;
    expect(sent.headers['idempotency-key']).toBe(req.idempotencyKey);
    expect(JSON.parse(sent.body)).toEqual({
      amount: { currency: 'EUR', value: '19.90' },
      description: req.description,
      sequenceType: 'recurring',
      customerId: FAKE_MOLLIE.customerId,
      mandateId: 'mdt_paid',
      metadata: { ...req.metadata, [KEY_METADATA]: req.idempotencyKey },
      webhookUrl: 'https://rentloop.example/hooks/mollie',
    });
  });

  it.each([
    ['mdt_insufficient', 'insufficient_funds', 'soft', 'credit card denied'],
    ['mdt_declined', 'card_declined', 'soft', 'credit card denied'],
    ['mdt_fraud', 'possible_fraud', 'hard', 'credit card denied'],
    ['mdt_expired', 'card_expired', 'hard', 'credit card denied'],
  ])('%s: failed with %s, %s, "%s"', async (mandate, code, klass, reason) => {
    const failed = expectState(await gateway().charge(charge(mandate)), 'failed');
    expect(failed.providerStatus).toBe('processor_declined');
    expect(failed.providerReference).toMatch(/^tr_/);
    expect(failed.decline).toMatchObject({ code, class: klass, reason });
    expect(failed.decline.message).toMatch(/card|fraud/i);
  });

  it('a revoked mandate is refused by the API: a hard "gateway rejected" naming the field', async () => {
    const failed = expectState(await gateway().charge(charge('mdt_revoked')), 'failed');
    expect(failed).toMatchObject({ providerStatus: 'gateway_rejected', providerReference: null });
    expect(failed.decline).toMatchObject({
      code: 'invalid_mandateId',
      class: 'hard',
      reason: 'gateway rejected',
    });
    const wrongKey = createMollieGateway(
      { api_key: 'test_wrongwrongwrongwrongwrongwrong' },
      { apiBase: fake.apiEndpoint },
    );
    const auth = expectState(await wrongKey.charge(charge('mdt_paid')), 'failed');
    expect(auth.decline).toMatchObject({ class: 'technical', reason: 'gateway rejected' });
  });

  it('a SEPA debit is pending until collected or returned (with the bank reason classified)', async () => {
    const collected = expectState(await gateway().charge(charge('mdt_sepa')), 'pending');
    const returned = expectState(await gateway().charge(charge('mdt_sepa')), 'pending');
    fake.settle(collected.providerReference, 'paid');
    fake.settle(returned.providerReference, 'failed', 'AC04');
    expectState((await gateway().lookup('-', collected.providerReference))!, 'succeeded');
    const closed = expectState((await gateway().lookup('-', returned.providerReference))!, 'failed');
    expect(closed.decline).toMatchObject({ code: 'AC04', adviceCode: 'AC04', class: 'hard' });
  });

  it('a time-out is unknown; lookup by the key finds the payment; a retry with the key creates none', async () => {
    const req = charge('mdt_paid');
    const release = fake.hold(
      (r) => r.method === 'POST' && r.headers['idempotency-key'] === req.idempotencyKey,
    );
    expect(expectState(await gateway({ timeoutMs: 200 }).charge(req), 'unknown').error).toMatch(/timeout/);
    expect(await gateway().lookup(req.idempotencyKey, null)).toBeNull();
    release();
    await vi.waitFor(() => expect(fake.executions(req.idempotencyKey)).toBe(1), { timeout: 15_000 });
    const found = expectState((await gateway().lookup(req.idempotencyKey, null))!, 'succeeded');
    const retried = expectState(await gateway().charge(req), 'succeeded');
    expect(retried.providerReference).toBe(found.providerReference);
    expect(fake.executions(req.idempotencyKey)).toBe(1);
  });

  it('lookup finds an older attempt behind newer ones in the list (newest first)', async () => {
    const old = charge('mdt_paid');
    const first = expectState(await gateway().charge(old), 'succeeded');
    for (let i = 0; i < 3; i++) await gateway().charge(charge('mdt_paid'));
    const paged = createMollieGateway(
      { api_key: FAKE_MOLLIE.apiKey },
      { apiBase: fake.apiEndpoint, lookupDepth: 1000 },
    );
    expect(expectState((await paged.lookup(old.idempotencyKey, null))!, 'succeeded').providerReference).toBe(
      first.providerReference,
    );
    const listed = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v2/payments');
    expect(listed.at(-1)?.query.get('limit')).toBe('250');
  });

  it('the client retries a 5xx with the same key: one payment; 5xx every time is unknown', async () => {
    const req = charge('mdt_paid');
    const boom = {
      status: 503,
      headers: { 'retry-after': '0' },
      body: { status: 503, title: 'Service Unavailable', detail: 'Try again' },
    };
    fake.inject({ ...boom, when: (r) => r.method === 'POST' });
    expectState(await gateway().charge(req), 'succeeded');
    expect(fake.executions(req.idempotencyKey)).toBe(1);
    const keys = fake.requests.filter(
      (r) => r.method === 'POST' && r.headers['idempotency-key'] === req.idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    const other = charge('mdt_paid');
    fake.inject({ ...boom, when: (r) => r.method === 'POST', times: 3 });
    expect(expectState(await gateway().charge(other), 'unknown').error).toMatch(/503/);
    expect(fake.executions(other.idempotencyKey)).toBe(0);
  });

  it('the same key with another body is unknown, never a second payment', async () => {
    const req = charge('mdt_paid');
    expectState(await gateway().charge(req), 'succeeded');
    expectState(await gateway().charge({ ...req, amountMinor: 2500n }), 'unknown');
    expect(fake.executions(req.idempotencyKey)).toBe(1);
  });

  it('refunds partially and fully (pending until Mollie processes them), refuses more than was paid', async () => {
    const paid = expectState(await gateway().charge(charge('mdt_paid', { amountMinor: 1000n })), 'succeeded');
    const refund = (amountMinor: bigint, key: string) =>
      gateway().refund({
        idempotencyKey: key,
        chargeReference: paid.providerReference,
        amountMinor,
        currency: 'EUR',
        metadata: { company: 'c1' },
      });
    const part = expectState(await refund(250n, `rl:c1:refund-${n}:1`), 'pending');
    expect(fake.refunds.get(part.providerReference)).toMatchObject({
      amount: { value: '2.50', currency: 'EUR' },
      paymentId: paid.providerReference,
    });
    const rest = expectState(await refund(750n, `rl:c1:refund-${n}:2`), 'pending');
    const more = expectState(await refund(1n, `rl:c1:refund-${n}:3`), 'failed');
    expect(more.decline).toMatchObject({ code: 'invalid_amount', class: 'hard', reason: 'gateway rejected' });
    fake.processRefunds();
    expect(
      expectState((await gateway().lookup(`rl:c1:refund-${n}:2`, null))!, 'succeeded').providerReference,
    ).toBe(rest.providerReference);
    expect(
      expectState((await gateway().lookup('-', part.providerReference))!, 'succeeded').providerStatus,
    ).toBe('refunded');
  });

  it('never calls out from inside a database transaction', async () => {
    await expect(inTransactionScope(() => gateway().charge(charge('mdt_paid')))).rejects.toThrow(
      CallInTransactionError,
    );
    await expect(
      inTransactionScope(() =>
        gateway().refund({
          idempotencyKey: 'k',
          chargeReference: 'tr_x',
          amountMinor: 1n,
          currency: 'EUR',
          metadata: {},
        }),
      ),
    ).rejects.toThrow(CallInTransactionError);
  });
});

describe('Mollie webhooks', () => {
  it('parses the id-only form body Mollie posts; the engine then fetches the payment', async () => {
    const paid = expectState(await gateway().charge(charge('mdt_paid')), 'succeeded');
    const seen: unknown[] = [];
    const receiver = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      try {
        const event = gateway().parseWebhook(body, req.headers as Record<string, string>);
        seen.push({
          event,
          contentType: req.headers['content-type'],
          fetched: await gateway().lookup('-', event.objectReference),
        });
        res.writeHead(200).end();
      } catch (err) {
        seen.push(String(err));
        res.writeHead(400).end();
      }
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/mollie`;
      expect(await fake.deliver(url, paid.providerReference)).toBe(200);
      expect(seen[0]).toMatchObject({
        event: {
          eventId: paid.providerReference,
          type: 'payment.changed',
          objectReference: paid.providerReference,
        },
        contentType: 'application/x-www-form-urlencoded',
        fetched: { state: 'succeeded', providerReference: paid.providerReference },
      });
    } finally {
      receiver.close();
    }
    expect(() => gateway().parseWebhook('id=cst_abc', {})).toThrow(/tr_/);
    expect(() => gateway().parseWebhook('{"id":"tr_abc"}', {})).toThrow(/tr_/);
  });
});
