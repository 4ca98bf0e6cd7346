/**
 * Charges of invoices through Stripe and Mollie, end to end: the real routes (POST orders/{id}/charge,
 * POST invoices/{id}/charge), the registry building each company's adapter from its sealed credentials,
 * and the local fakes speaking the providers' wire formats. A success, a soft decline with its code on
 * the attempt, a time-out left `unknown`, a gateway without credentials refused before any attempt, and
 * 50 identical requests with one Idempotency-Key charging once at the Stripe fake.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companySettings, transactions } from '../../db/schema/index.ts';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import { type FakeMollie, startFakeMollie } from '../../integrations/payments/testing/fake-mollie.ts';
import { type FakeStripe, startFakeStripe } from '../../integrations/payments/testing/fake-stripe.ts';
import { call, createCompany, createUser, useHarness } from '../../testing/harness.ts';
import { expectOk, type GatewayCompany, gatewayCompany } from './gateways.testing.ts';

const gateways: GatewayConfig = { timeoutMs: 5_000, publicUrl: 'http://rentloop.test' };
const h = useHarness({ gateways });
let stripe: FakeStripe;
let mollie: FakeMollie;
let s: GatewayCompany;
let m: GatewayCompany;

type Charged = {
  invoice: { id: number; payment_status: string; gateway: string };
  transaction: {
    id: number;
    state: string;
    provider_key: string;
    provider_reference: string | null;
    decline_code: string | null;
    decline_class: string | null;
    decline_message: string | null;
  };
};

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

/** An order of a new customer whose stored method is `method`, charged: the answer. */
async function chargeNewOrder(c: GatewayCompany, method: string, key?: string) {
  const customer = await c.newCustomer();
  await c.addMethod(customer, method);
  const order = await c.placeOrder(customer);
  const res = await c.req('POST', c.api(`orders/${order}/charge`), {}, key);
  return { customer, order, res };
}

describe('Stripe', () => {
  it('charges the stored card off-session with the attempt key, settles the invoice and pays the order', async () => {
    const { order, res } = await chargeNewOrder(s, 'pm_card_visa');
    const answer = await expectOk<Charged>(res);
    expect(answer).toMatchObject({ status: true, message: MESSAGES.invoiceCharged });
    const { invoice, transaction } = answer.data;
    expect(invoice).toMatchObject({ gateway: 'stripe', payment_status: 'settled' });
    expect(transaction).toMatchObject({
      state: 'succeeded',
      provider_key: `rl:${s.cid}:inv${invoice.id}:1`,
      provider_reference: expect.stringMatching(/^pi_/),
    });
    const pi = stripe.paymentIntents.get(transaction.provider_reference!)!;
    expect(pi).toMatchObject({ amount: 4990, currency: 'eur', status: 'succeeded' });
    expect(pi.metadata.idempotency_key).toBe(transaction.provider_key);
    expect(stripe.executions(transaction.provider_key)).toBe(1);
    const read = await expectOk<{ payment_status: string }>(await s.req('GET', s.api(`orders/${order}`)));
    expect(read.data.payment_status).toBe('paid');
  });

  it('a soft decline fails the attempt with its code and class, and answers the card issuer’s words', async () => {
    const { res } = await chargeNewOrder(s, 'pm_card_chargeDeclinedInsufficientFunds');
    const answer = await expectOk<Charged>(res);
    expect(answer.status).toBe(false);
    expect(answer.message).toBe('Your card has insufficient funds.');
    expect(answer.data.invoice.payment_status).toBe('failed');
    const detail = await expectOk<Record<string, unknown>>(
      await s.req('GET', s.api(`transactions/${answer.data.transaction.id}`)),
    );
    expect(detail.data).toMatchObject({
      state: 'failed',
      settlement: 'failed',
      provider_status: 'processor_declined',
      decline_code: 'insufficient_funds',
      decline_class: 'soft',
      decline_reason: 'credit card denied',
      provider_reference: expect.stringMatching(/^pi_/),
    });
    // The provider's own answer, for support: Stripe's card error naming the PaymentIntent.
    expect(detail.data.raw).toMatchObject({ type: 'card_error', decline_code: 'insufficient_funds' });
  });

  it('a time-out leaves the attempt unknown (never failed), and the invoice refuses another charge', async () => {
    const customer = await s.newCustomer();
    await s.addMethod(customer, 'pm_card_visa');
    const order = await s.placeOrder(customer);
    const release = stripe.hold((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    gateways.timeoutMs = 300;
    let answer: Awaited<ReturnType<typeof expectOk<Charged>>>;
    try {
      answer = await expectOk<Charged>(await s.req('POST', s.api(`orders/${order}/charge`), {}));
    } finally {
      gateways.timeoutMs = 5_000;
      release();
    }
    expect(answer.status).toBe(false);
    expect(answer.data.transaction).toMatchObject({ state: 'unknown', provider_reference: null });
    expect(answer.data.transaction.decline_message).toMatch(/timeout|aborted/i);
    expect(answer.data.invoice.payment_status).toBe('pending payment');
    const again = await s.req('POST', s.api(`invoices/${answer.data.invoice.id}/charge`), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.invoicePaymentInProgress);
    // Stripe went on with the request the client gave up on (and its retries replayed it).
    await vi.waitFor(() => expect(stripe.executions(answer.data.transaction.provider_key)).toBe(1), {
      timeout: 15_000,
    });
  });

  it('50 concurrent identical charges with one Idempotency-Key: one charge at Stripe', async () => {
    // An invoice issued and failed (a declined card), then a working card: a charge of it is due.
    const { customer, res } = await chargeNewOrder(s, 'pm_card_chargeDeclined');
    const invoiceId = (await expectOk<Charged>(res)).data.invoice.id;
    await s.addMethod(customer, 'pm_card_mastercard');
    const before = stripe.requests.filter((r) => r.method === 'POST').length;
    const key = `charge-${invoiceId}-once`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => s.req('POST', s.api(`invoices/${invoiceId}/charge`), {}, key)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((x) => x === 200 || x === 409)).toBe(true);
    const posts = stripe.requests.slice(0).filter((r) => r.method === 'POST');
    expect(posts.length - before).toBe(1);
    const attemptKey = `rl:${s.cid}:inv${invoiceId}:2`;
    expect(stripe.executions(attemptKey)).toBe(1);
    const attempts = await h.database.primary
      .select({ state: transactions.state })
      .from(transactions)
      .where(and(eq(transactions.company_id, s.cid), eq(transactions.invoice_id, invoiceId)));
    expect(attempts.map((a) => a.state).sort()).toEqual(['failed', 'succeeded']);
    // Every 200 is the same answer: the first one, replayed.
    const bodies = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!).data.invoice.payment_status).toBe('settled');
  });
});

describe('Mollie', () => {
  it('charges the mandate as a recurring payment; paid settles the invoice', async () => {
    const { res } = await chargeNewOrder(m, 'mdt_paid');
    const answer = await expectOk<Charged>(res);
    expect(answer.status).toBe(true);
    expect(answer.data.transaction).toMatchObject({
      state: 'succeeded',
      provider_reference: expect.stringMatching(/^tr_/),
    });
    expect(answer.data.invoice.payment_status).toBe('settled');
    const payment = mollie.payments.get(answer.data.transaction.provider_reference!)!;
    expect(payment).toMatchObject({ amount: { currency: 'EUR', value: '49.90' }, mandateId: 'mdt_paid' });
    // Mollie is told where to report the payment's changes: this company's webhook route.
    expect(payment.webhookUrl).toBe(`http://rentloop.test/api/webhooks/payments/mollie/${m.cid}`);
  });

  it('a SEPA debit is pending (the money comes days later): invoice pending payment, order payment pending', async () => {
    const { order, res } = await chargeNewOrder(m, 'mdt_sepa');
    const answer = await expectOk<Charged>(res);
    expect(answer.status).toBe(true);
    expect(answer.data.transaction.state).toBe('pending');
    expect(answer.data.invoice.payment_status).toBe('pending payment');
    const read = await expectOk<{ payment_status: string }>(await m.req('GET', m.api(`orders/${order}`)));
    expect(read.data.payment_status).toBe('payment_pending');
  });

  it('a soft decline stores Mollie’s failure reason on the attempt', async () => {
    const { res } = await chargeNewOrder(m, 'mdt_insufficient');
    const answer = await expectOk<Charged>(res);
    expect(answer.status).toBe(false);
    expect(answer.data.transaction).toMatchObject({
      state: 'failed',
      decline_code: 'insufficient_funds',
      decline_class: 'soft',
    });
  });
});

describe('a gateway the company cannot use', () => {
  it('without credentials: 409 saying so, and no attempt is written', async () => {
    const company = await createCompany(h.database, { name: 'No Keys Rentals', currency: 'EUR' });
    const staff = await createUser(h, { company, role: 'admin' });
    // Switched on with credentials that were lost since (the settings route refuses to switch it on without).
    await h.database.primary.insert(companySettings).values({
      company_id: company.id,
      group: 'payment_service_provider',
      data: {
        ...SETTINGS_SECTIONS.payment_service_provider.defaults,
        enabled_gateways: ['offlinegateway', 'stripe'],
        default_gateway: 'stripe',
      },
    });
    const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
    const product = await expectOk<{ variants: { id: number }[] }>(
      await call(h.app, staff, {
        method: 'POST',
        url: api('products'),
        payload: {
          name: 'Bike',
          rental_prices: { monthly: '10.00' },
          variants: [{ sku: 'NK-1', name: 'M' }],
        },
      }),
      201,
    );
    const customer = await expectOk<{ id: number }>(
      await call(h.app, staff, {
        method: 'POST',
        url: api('customers'),
        payload: { name: 'Kim', email: 'kim@nokeys.test', language: 'en' },
      }),
      201,
    );
    const order = await expectOk<{ id: number }>(
      await call(h.app, staff, {
        method: 'POST',
        url: api('orders/full'),
        payload: {
          customer_id: customer.data.id,
          items: [
            {
              variant_id: product.data.variants[0]!.id,
              quantity: 1,
              kind: 'rental',
              billing_interval: 'monthly',
            },
          ],
        },
      }),
      201,
    );
    const res = await call(h.app, staff, {
      method: 'POST',
      url: api(`orders/${order.data.id}/charge`),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(MESSAGES.gatewayCredentialsMissing('Stripe'));
    const attempts = await h.database.primary
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.company_id, company.id));
    expect(attempts).toEqual([]);
  });
});
