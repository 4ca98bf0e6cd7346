/**
 * Inbound gateway webhooks through the public route and the job workers: Stripe's signed events
 * (valid, bad signature, duplicate, out of order) and Mollie's id-only calls, stored raw in
 * `gateway_events`, acknowledged, and processed by the job against the fakes: only forward transitions.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayEvents, transactions } from '../../db/schema/index.ts';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import { type FakeMollie, startFakeMollie } from '../../integrations/payments/testing/fake-mollie.ts';
import {
  type FakeStripe,
  type StripeEventBody,
  startFakeStripe,
} from '../../integrations/payments/testing/fake-stripe.ts';
import { useHarness } from '../../testing/harness.ts';
import { expectOk, type GatewayCompany, gatewayCompany } from './gateways.testing.ts';

const gateways: GatewayConfig = { timeoutMs: 5_000 };
const h = useHarness({ gateways, jobs: true });
let stripe: FakeStripe;
let mollie: FakeMollie;
let s: GatewayCompany;
let m: GatewayCompany;

beforeAll(async () => {
  stripe = await startFakeStripe();
  mollie = await startFakeMollie();
  gateways.stripeApiBase = stripe.url;
  gateways.mollieApiBase = mollie.apiEndpoint;
  s = await gatewayCompany(h, 'stripe');
  m = await gatewayCompany(h, 'mollie');
});
afterAll(async () => {
  await stripe?.close();
  await mollie?.close();
});

type Charged = {
  invoice: { id: number; payment_status: string };
  transaction: { id: number; state: string; provider_key: string; provider_reference: string | null };
};

async function charge(c: GatewayCompany, method: string, opts: { timeout?: boolean } = {}) {
  const customer = await c.newCustomer();
  await c.addMethod(customer, method);
  const order = await c.placeOrder(customer);
  const release = opts.timeout
    ? stripe.hold((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
    : () => {};
  if (opts.timeout) gateways.timeoutMs = 300;
  try {
    return (await expectOk<Charged>(await c.req('POST', c.api(`orders/${order}/charge`), {}))).data;
  } finally {
    gateways.timeoutMs = 5_000;
    release();
  }
}

const hookUrl = (gateway: string, company: number) => `/api/webhooks/payments/${gateway}/${company}`;

function postStripe(event: StripeEventBody, opts: { secret?: string; body?: string } = {}) {
  const signed = stripe.signed(event, opts.secret);
  return h.app.inject({
    method: 'POST',
    url: hookUrl('stripe', s.cid),
    headers: signed.headers,
    payload: opts.body ?? signed.body,
  });
}

const postMollie = (id: string, company = m.cid) =>
  h.app.inject({
    method: 'POST',
    url: hookUrl('mollie', company),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id }).toString(),
  });

function eventOf(type: string, object: Record<string, unknown>, created: number): StripeEventBody {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object: structuredClone(object) },
    livemode: false,
    type,
  };
}

async function attempt(id: number) {
  const [row] = await h.database.primary.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function storedEvents(companyId: number) {
  return h.database.primary.select().from(gatewayEvents).where(eq(gatewayEvents.company_id, companyId));
}

async function invoiceStatus(c: GatewayCompany, id: number) {
  return (await expectOk<{ payment_status: string }>(await c.req('GET', c.api(`invoices/${id}`)))).data
    .payment_status;
}

describe('Stripe: signed events', () => {
  let lost: Charged;
  let succeeded: StripeEventBody;

  it('an event about a payment whose answer was lost resolves the unknown attempt', async () => {
    lost = await charge(s, 'pm_card_visa', { timeout: true });
    expect(lost.transaction.state).toBe('unknown');
    await vi.waitFor(() => expect(stripe.executions(lost.transaction.provider_key)).toBe(1), {
      timeout: 15_000,
    });
    succeeded = stripe.events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data as { object: { metadata: Record<string, string> } }).object.metadata.idempotency_key ===
          lost.transaction.provider_key,
    )!;
    const res = await postStripe(succeeded);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ received: 'stored' });
    await vi.waitFor(async () => expect((await attempt(lost.transaction.id)).state).toBe('succeeded'), {
      timeout: 15_000,
    });
    const row = await attempt(lost.transaction.id);
    expect(row.provider_reference).toBe((succeeded.data as { object: { id: string } }).object.id);
    expect(await invoiceStatus(s, lost.invoice.id)).toBe('settled');
    const [stored] = (await storedEvents(s.cid)).filter((e) => e.event_id === succeeded.id);
    expect(stored).toMatchObject({ provider: 'stripe', status: 'processed', error: null });
    // Stored raw: the exact bytes Stripe signed, and the signature that was checked.
    expect((stored!.payload as { body: string }).body).toBe(stripe.signed(succeeded).body);
  });

  it('a duplicate delivery stores nothing new and changes nothing', async () => {
    const before = await storedEvents(s.cid);
    const res = await postStripe(succeeded);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 'duplicate' });
    expect(await storedEvents(s.cid)).toHaveLength(before.length);
  });

  it('a bad signature, an altered body or no signature: 400, nothing stored', async () => {
    const before = (await storedEvents(s.cid)).length;
    const event = eventOf('payment_intent.succeeded', { id: 'pi_forged', object: 'payment_intent' }, 1);
    const forged = await postStripe(event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    const altered = await postStripe(event, { body: JSON.stringify({ ...event, type: 'charge.refunded' }) });
    expect(altered.statusCode).toBe(400);
    const unsigned = await h.app.inject({
      method: 'POST',
      url: hookUrl('stripe', s.cid),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await storedEvents(s.cid)).toHaveLength(before);
  });

  it('events out of order: the newer settles a SEPA debit, the older one after it changes nothing', async () => {
    const sepa = await charge(s, 'pm_fake_sepaProcessing');
    expect(sepa.transaction.state).toBe('pending');
    const pi = stripe.paymentIntents.get(sepa.transaction.provider_reference!)!;
    const processing = eventOf('payment_intent.processing', pi, 1_000);
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
    const paid = eventOf('payment_intent.succeeded', pi, 2_000);
    expect((await postStripe(paid)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await attempt(sepa.transaction.id)).state).toBe('succeeded'), {
      timeout: 15_000,
    });
    expect(await invoiceStatus(s, sepa.invoice.id)).toBe('settled');
    // Even if the provider itself answered the older state now, nothing moves back.
    Object.assign(pi, { status: 'processing' });
    expect((await postStripe(processing)).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [row] = (await storedEvents(s.cid)).filter((e) => e.event_id === processing.id);
        expect(row?.status).toBe('processed');
      },
      { timeout: 15_000 },
    );
    expect((await attempt(sepa.transaction.id)).state).toBe('succeeded');
    expect(await invoiceStatus(s, sepa.invoice.id)).toBe('settled');
  });

  it('an event about a payment Rentloop did not make is stored and ignored', async () => {
    // A PaymentIntent of the merchant's Stripe account made elsewhere (their shop): no attempt of ours.
    stripe.paymentIntents.set('pi_made_elsewhere', {
      id: 'pi_made_elsewhere',
      object: 'payment_intent',
      amount: 1000,
      currency: 'eur',
      status: 'succeeded',
      metadata: {},
    });
    const other = eventOf(
      'payment_intent.succeeded',
      { id: 'pi_made_elsewhere', object: 'payment_intent' },
      3_000,
    );
    expect((await postStripe(other)).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [row] = (await storedEvents(s.cid)).filter((e) => e.event_id === other.id);
        expect(row).toMatchObject({ status: 'ignored', error: expect.stringMatching(/no payment attempt/i) });
      },
      { timeout: 15_000 },
    );
  });
});

describe('Mollie: id-only calls', () => {
  it('a SEPA debit collected: the payment is fetched, stored as id plus status, the attempt succeeds', async () => {
    const sepa = await charge(m, 'mdt_sepa');
    expect(sepa.transaction.state).toBe('pending');
    const id = sepa.transaction.provider_reference!;
    mollie.settle(id, 'paid');
    const res = await postMollie(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ received: 'stored' });
    await vi.waitFor(async () => expect((await attempt(sepa.transaction.id)).state).toBe('succeeded'), {
      timeout: 15_000,
    });
    expect(await invoiceStatus(m, sepa.invoice.id)).toBe('settled');
    const rows = (await storedEvents(m.cid)).filter((e) => e.event_id.startsWith(id));
    expect(rows.map((r) => r.event_id)).toEqual([`${id}:paid`]);
    // Mollie calls again (it does, until it is sure): the same change is stored once.
    expect((await postMollie(id)).json().data).toEqual({ received: 'duplicate' });
    expect((await storedEvents(m.cid)).filter((e) => e.event_id.startsWith(id))).toHaveLength(1);
  });

  it('a SEPA debit returned by the bank: the attempt fails with the bank reason, the invoice failed', async () => {
    const sepa = await charge(m, 'mdt_sepa');
    const id = sepa.transaction.provider_reference!;
    mollie.settle(id, 'failed', 'AM04');
    expect((await postMollie(id)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await attempt(sepa.transaction.id)).state).toBe('failed'), {
      timeout: 15_000,
    });
    expect(await attempt(sepa.transaction.id)).toMatchObject({
      decline_code: 'AM04',
      decline_class: 'soft',
      provider_status: 'processor_declined',
    });
    expect(await invoiceStatus(m, sepa.invoice.id)).toBe('failed');
  });

  it('an id Mollie does not know (a forged call) is acknowledged and stores nothing', async () => {
    const before = (await storedEvents(m.cid)).length;
    const res = await postMollie('tr_doesnotexist');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 'unknown_object' });
    expect(await storedEvents(m.cid)).toHaveLength(before);
    expect((await postMollie('not-a-payment-id')).statusCode).toBe(400);
  });

  it('a company without the gateway’s credentials, or a gateway without webhooks: 404', async () => {
    const noKeys = await postMollie('tr_x', s.cid);
    expect(noKeys.statusCode, noKeys.body).toBe(404);
    const offline = await h.app.inject({
      method: 'POST',
      url: hookUrl('offlinegateway', m.cid),
      payload: '',
    });
    expect(offline.statusCode, offline.body).toBe(404);
    const none = await h.app.inject({ method: 'POST', url: hookUrl('stripe', 999_999), payload: '' });
    expect(none.statusCode).toBe(404);
  });
});
