import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallInTransactionError, inTransactionScope } from '../../db/transaction-scope.ts';
import { closedPort } from '../shops/testing/fake-server.ts';
import { createStripeGateway, KEY_METADATA } from './stripe.ts';
import { expectState } from './testing/expect-outcome.ts';
import { FAKE_STRIPE, type FakeStripe, startFakeStripe } from './testing/fake-stripe.ts';
import type { ChargeRequest, InboundEvent } from './types.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

const credentials = { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret };
const gateway = (options: { timeoutMs?: number; maxNetworkRetries?: number } = {}) =>
  createStripeGateway(credentials, { apiBase: fake.url, maxNetworkRetries: 0, ...options });

let n = 0;
const charge = (pm: string, over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: `rl:c1:invoice-${++n}:1`,
  amountMinor: 1990n,
  currency: 'EUR',
  description: `Invoice ${n}`,
  method: { gateway: 'stripe', customerReference: 'cus_test', methodReference: pm, label: 'Visa •••• 4242' },
  metadata: { company: 'c1', invoice: `inv-${n}` },
  ...over,
});

describe('Stripe adapter against the fake', () => {
  it('charges a stored method off-session with the key as Idempotency-Key and in metadata', async () => {
    const req = charge('pm_card_visa');
    const ok = expectState(await gateway().charge(req), 'succeeded');
    expect(ok.providerStatus).toBe('succeeded');
    expect(ok.providerReference).toMatch(/^pi_/);
    const sent = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(sent.headers['idempotency-key']).toBe(req.idempotencyKey);
    const form = new URLSearchParams(sent.body);
    expect(Object.fromEntries(form)).toMatchObject({
      amount: '1990',
      currency: 'eur',
      customer: 'cus_test',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      off_session: 'true',
      [`metadata[${KEY_METADATA}]`]: req.idempotencyKey,
      'metadata[invoice]': req.metadata.invoice,
    });
    expect(fake.paymentIntents.get(ok.providerReference)?.amount_received).toBe(1990);
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', null, 'soft', 'credit card denied'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', null, 'soft', 'credit card denied'],
    ['pm_card_chargeDeclinedStolenCard', 'stolen_card', null, 'hard', 'credit card denied'],
    ['pm_card_chargeDeclinedLostCard', 'lost_card', null, 'hard', 'credit card denied'],
    ['pm_card_chargeDeclinedFraudulent', 'fraudulent', null, 'hard', 'credit card denied'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', null, 'hard', 'credit card denied'],
    ['pm_card_authenticationRequired', 'authentication_required', null, 'hard', 'credit card denied'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error', null, 'technical', 'server timeout'],
    // do_not_honor alone is soft; the issuer's "do not try again" advice makes it hard.
    ['pm_fake_doNotHonorDoNotTryAgain', 'do_not_honor', 'do_not_try_again', 'hard', 'credit card denied'],
  ])('%s: declined as %s (advice %s), %s, "%s"', async (pm, code, advice, klass, reason) => {
    const failed = expectState(await gateway().charge(charge(pm)), 'failed');
    expect(failed.providerStatus).toBe('processor_declined');
    expect(failed.providerReference).toMatch(/^pi_/);
    expect(failed.decline).toMatchObject({ code, adviceCode: advice, class: klass, reason });
    expect(failed.decline.message.length).toBeGreaterThan(0);
    // The PaymentIntent stays as Stripe leaves it, and lookup reads the same decline from it.
    const again = expectState((await gateway().lookup('-', failed.providerReference))!, 'failed');
    expect(again.decline).toEqual(failed.decline);
  });

  it('a time-out is unknown; lookup by the key finds the outcome; a retry with the key charges once', async () => {
    const req = charge('pm_card_visa');
    const release = fake.hold(
      (r) => r.method === 'POST' && r.headers['idempotency-key'] === req.idempotencyKey,
    );
    const lost = await gateway({ timeoutMs: 200 }).charge(req);
    expect(expectState(lost, 'unknown').error).toMatch(/timeout|aborted/i);
    expect(await gateway().lookup(req.idempotencyKey, null)).toBeNull();
    release();
    // Stripe went on with the request the client gave up on.
    await vi.waitFor(() => expect(fake.executions(req.idempotencyKey)).toBe(1), { timeout: 15_000 });
    const found = expectState((await gateway().lookup(req.idempotencyKey, null))!, 'succeeded');
    const retried = expectState(await gateway().charge(req), 'succeeded');
    expect(retried.providerReference).toBe(found.providerReference);
    const replay = fake.requests.findLast((r) => r.headers['idempotency-key'] === req.idempotencyKey);
    expect(replay?.method).toBe('POST');
    expect(fake.executions(req.idempotencyKey)).toBe(1);
  });

  it('20 concurrent charges with one key: one charge at Stripe, the others replayed', async () => {
    const req = charge('pm_card_visa');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => gateway().charge(req)));
    const refs = new Set(outcomes.map((o) => expectState(o, 'succeeded').providerReference));
    expect(refs.size).toBe(1);
    expect(fake.executions(req.idempotencyKey)).toBe(1);
    const sameKey = [...fake.paymentIntents.values()].filter(
      (pi) => pi.metadata[KEY_METADATA] === req.idempotencyKey,
    );
    expect(sameKey).toHaveLength(1);
  });

  it('the package retries a 500 with the same key (no second charge); a 500 left is unknown', async () => {
    const req = charge('pm_card_visa');
    fake.inject({
      status: 500,
      body: { error: { type: 'api_error', message: 'boom' } },
      when: (r) => r.method === 'POST',
    });
    const retried = expectState(await gateway({ maxNetworkRetries: 1 }).charge(req), 'succeeded');
    expect(retried.providerReference).toMatch(/^pi_/);
    expect(fake.executions(req.idempotencyKey)).toBe(1);
    const other = charge('pm_card_visa');
    fake.inject({
      status: 500,
      body: { error: { type: 'api_error', message: 'boom' } },
      when: (r) => r.method === 'POST',
    });
    expect(expectState(await gateway().charge(other), 'unknown').error).toMatch(/api_error|boom/i);
    expect(fake.executions(other.idempotencyKey)).toBe(0);
  });

  it('a connection refused and a rate limit are unknown, never failed', async () => {
    const down = createStripeGateway(credentials, {
      apiBase: `http://127.0.0.1:${await closedPort()}`,
      maxNetworkRetries: 0,
    });
    expectState(await down.charge(charge('pm_card_visa')), 'unknown');
    fake.inject({
      status: 429,
      body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } },
    });
    expectState(await gateway().charge(charge('pm_card_visa')), 'unknown');
  });

  it('the same key with another body is an idempotency error: unknown, nothing charged twice', async () => {
    const req = charge('pm_card_visa');
    expectState(await gateway().charge(req), 'succeeded');
    const conflicting = await gateway().charge({ ...req, amountMinor: 2500n });
    expect(expectState(conflicting, 'unknown').error).toMatch(/idempotency/i);
    expect(fake.executions(req.idempotencyKey)).toBe(1);
  });

  it('refusals of the request itself are definitive: a wrong key is technical, an unknown method hard', async () => {
    const wrongKey = createStripeGateway(
      { ...credentials, secret_key: 'sk_test_wrong' },
      { apiBase: fake.url, maxNetworkRetries: 0 },
    );
    const auth = expectState(await wrongKey.charge(charge('pm_card_visa')), 'failed');
    expect(auth.decline).toMatchObject({ class: 'technical', reason: 'gateway rejected' });
    const noMethod = expectState(await gateway().charge(charge('pm_nonexistent')), 'failed');
    expect(noMethod.providerStatus).toBe('gateway_rejected');
    expect(noMethod.decline).toMatchObject({
      code: 'resource_missing',
      class: 'hard',
      reason: 'gateway rejected',
    });
  });

  it('a SEPA debit still processing is pending', async () => {
    const pending = expectState(await gateway().charge(charge('pm_fake_sepaProcessing')), 'pending');
    expect(pending.providerStatus).toBe('pending');
  });

  it('refunds partially, then the rest, then refuses more; lookup finds a refund by its key', async () => {
    const paid = expectState(
      await gateway().charge(charge('pm_card_visa', { amountMinor: 1000n })),
      'succeeded',
    );
    const refund = (amountMinor: bigint, key: string) =>
      gateway().refund({
        idempotencyKey: key,
        chargeReference: paid.providerReference,
        amountMinor,
        currency: 'EUR',
        metadata: { company: 'c1' },
      });
    const part = expectState(await refund(300n, `rl:c1:refund-${n}:1`), 'succeeded');
    expect(part).toMatchObject({
      providerStatus: 'refunded',
      providerReference: expect.stringMatching(/^re_/),
    });
    expect(fake.refunds.get(part.providerReference)).toMatchObject({
      amount: 300,
      payment_intent: paid.providerReference,
    });
    // The same refund again with its key is replayed, not refunded twice.
    expect(expectState(await refund(300n, `rl:c1:refund-${n}:1`), 'succeeded').providerReference).toBe(
      part.providerReference,
    );
    expectState(await refund(700n, `rl:c1:refund-${n}:2`), 'succeeded');
    const more = expectState(await refund(1n, `rl:c1:refund-${n}:3`), 'failed');
    expect(more.decline).toMatchObject({ code: 'charge_already_refunded', reason: 'gateway rejected' });
    const found = expectState((await gateway().lookup(`rl:c1:refund-${n}:2`, null))!, 'succeeded');
    expect(fake.refunds.get(found.providerReference)?.amount).toBe(700);
    expect(await gateway().lookup('rl:c1:never-sent:1', null)).toBeNull();
  });

  it('never calls out from inside a database transaction', async () => {
    await expect(inTransactionScope(() => gateway().charge(charge('pm_card_visa')))).rejects.toThrow(
      CallInTransactionError,
    );
    await expect(inTransactionScope(() => gateway().lookup('k', null))).rejects.toThrow(
      CallInTransactionError,
    );
  });
});

describe('Stripe webhooks', () => {
  it('verifies and parses every event type the engine needs, delivered as Stripe sends them', async () => {
    const received: (InboundEvent | string)[] = [];
    const receiver = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      try {
        received.push(gateway().parseWebhook(body, req.headers as Record<string, string>));
        res.writeHead(200).end();
      } catch (err) {
        received.push(String(err));
        res.writeHead(400).end();
      }
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    try {
      const from = fake.events.length;
      const paid = expectState(await gateway().charge(charge('pm_card_visa')), 'succeeded');
      expectState(await gateway().charge(charge('pm_card_chargeDeclinedInsufficientFunds')), 'failed');
      await gateway().refund({
        idempotencyKey: `rl:c1:wh-refund-${n}:1`,
        chargeReference: paid.providerReference,
        amountMinor: 100n,
        currency: 'EUR',
        metadata: {},
      });
      fake.dispute(paid.providerReference);
      const events = fake.events.slice(from);
      expect(events.map((e) => e.type)).toEqual([
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'charge.refunded',
        'charge.dispute.created',
      ]);
      // Delivered out of order and one twice: parsing is per event; ordering and duplicates are the engine's.
      for (const e of [events[3]!, events[0]!, events[2]!, events[1]!, events[0]!]) {
        expect(await fake.deliver(url, e)).toBe(200);
      }
      expect(received).toEqual([
        { eventId: events[3]!.id, type: 'charge.dispute.created', objectReference: paid.providerReference },
        { eventId: events[0]!.id, type: 'payment_intent.succeeded', objectReference: paid.providerReference },
        { eventId: events[2]!.id, type: 'charge.refunded', objectReference: paid.providerReference },
        {
          eventId: events[1]!.id,
          type: 'payment_intent.payment_failed',
          objectReference: expect.stringMatching(/^pi_/),
        },
        { eventId: events[0]!.id, type: 'payment_intent.succeeded', objectReference: paid.providerReference },
      ]);
      // Forged: signed with another secret.
      expect(await fake.deliver(url, events[0]!, 'whsec_attacker')).toBe(400);
      expect(received.at(-1)).toMatch(/signature/i);
    } finally {
      receiver.close();
    }
  });

  it('refuses an altered body, a stale signature and a missing header', () => {
    const event = fake.events[0] ?? { id: 'evt_1', type: 'payment_intent.succeeded' };
    const good = fake.signed(event);
    expect(gateway().parseWebhook(good.body, good.headers).eventId).toBe(event.id);
    expect(() => gateway().parseWebhook(good.body.replace(event.id, 'evt_forged'), good.headers)).toThrow(
      /signature/i,
    );
    const stale = fake.signed(event, FAKE_STRIPE.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect(() => gateway().parseWebhook(stale.body, stale.headers)).toThrow(/tolerance|timestamp/i);
    expect(() => gateway().parseWebhook(good.body, {})).toThrow(/Stripe-Signature/);
  });
});
