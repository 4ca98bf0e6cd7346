/**
 * A customer's payment methods through the API, checked at the Stripe and Mollie fakes: the label comes
 * from the provider, one default, an Idempotency-Key replays the first answer, wrong references are 422s
 * naming the field, another company's customer or method is 404. And the rule "a new method triggers an
 * attempt": stored for a customer whose invoice was declined hard, it charges that invoice again (the
 * job, run by the workers), and leaves a softly declined one to dunning.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import {
  FAKE_MOLLIE,
  type FakeMollie,
  startFakeMollie,
} from '../../integrations/payments/testing/fake-mollie.ts';
import {
  FAKE_STRIPE,
  type FakeStripe,
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

type Method = { id: number; label: string; is_default: boolean; gateway: string; method_reference: string };
const methodsUrl = (c: GatewayCompany, customer: number) => c.api(`customers/${customer}/payment-methods`);
const add = (c: GatewayCompany, customer: number, body: object, key?: string) =>
  c.req('POST', methodsUrl(c, customer), body, key);
const list = async (c: GatewayCompany, customer: number) =>
  (await expectOk<Method[]>(await c.req('GET', methodsUrl(c, customer)))).data;
const stripeBody = (pm: string, extra: object = {}) => ({
  gateway: 'stripe',
  customer_reference: FAKE_STRIPE.customerId,
  method_reference: pm,
  ...extra,
});

describe('customer payment methods', () => {
  it('stores a Stripe card with the label Stripe gives; the newest is the default', async () => {
    const customer = await s.newCustomer();
    expect(await list(s, customer)).toEqual([]);
    const visa = await expectOk<Method>(await add(s, customer, stripeBody('pm_card_visa')), 201);
    expect(visa.message).toBe(MESSAGES.paymentMethodAdded);
    expect(visa.data).toMatchObject({
      gateway: 'stripe',
      label: 'Visa •••• 4242, 12/28',
      is_default: true,
      customer_reference: FAKE_STRIPE.customerId,
      method_reference: 'pm_card_visa',
    });
    const mc = await expectOk<Method>(await add(s, customer, stripeBody('pm_card_mastercard')), 201);
    expect(mc.data).toMatchObject({ label: 'Mastercard •••• 4444, 12/28', is_default: true });
    const spare = await expectOk<Method>(
      await add(s, customer, stripeBody('pm_fake_sepaProcessing', { is_default: false })),
      201,
    );
    expect(spare.data).toMatchObject({ label: 'SEPA mandate DE •••• 3000', is_default: false });
    expect((await list(s, customer)).map((x) => [x.id, x.is_default])).toEqual([
      [mc.data.id, true],
      [spare.data.id, false],
      [visa.data.id, false],
    ]);
    // Removing the default makes the newest left the default.
    const removed = await expectOk(await s.req('DELETE', `${methodsUrl(s, customer)}/${mc.data.id}`));
    expect(removed.message).toBe(MESSAGES.paymentMethodRemoved);
    expect((await list(s, customer)).map((x) => [x.id, x.is_default])).toEqual([
      [spare.data.id, true],
      [visa.data.id, false],
    ]);
    expect((await s.req('DELETE', `${methodsUrl(s, customer)}/${mc.data.id}`)).statusCode).toBe(404);
  });

  it('stores Mollie mandates (card and SEPA) with Mollie’s details', async () => {
    const customer = await m.newCustomer();
    const body = (mandate: string) => ({
      gateway: 'mollie',
      customer_reference: FAKE_MOLLIE.customerId,
      method_reference: mandate,
    });
    const card = await expectOk<Method>(await add(m, customer, body('mdt_paid')), 201);
    expect(card.data.label).toBe('Visa •••• 6787, 12/28');
    const sepa = await expectOk<Method>(await add(m, customer, body('mdt_sepa')), 201);
    expect(sepa.data.label).toBe('SEPA mandate NL55 •••• 0000');
    const revoked = await add(m, customer, body('mdt_revoked'));
    expect(revoked.statusCode).toBe(422);
    expect(revoked.json().errors).toEqual({ method_reference: ['This mandate is no longer valid.'] });
    const stranger = await add(m, customer, { ...body('mdt_paid'), customer_reference: 'cst_nobody' });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.customer_reference).toEqual(['Mollie has no customer cst_nobody.']);
  });

  it('refuses what the provider does not confirm, naming the field; and what is not for this company', async () => {
    const customer = await s.newCustomer();
    const missing = await add(s, customer, stripeBody('pm_nonexistent'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      method_reference: ['Stripe has no payment method pm_nonexistent.'],
    });
    const other = await add(s, customer, { ...stripeBody('pm_card_visa'), customer_reference: 'cus_other' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.method_reference[0]).toMatch(/not attached to the Stripe customer cus_other/);
    const offline = await add(s, customer, { ...stripeBody('x'), gateway: 'offlinegateway' });
    expect(offline.statusCode).toBe(422);
    expect(offline.json().errors.gateway).toEqual([MESSAGES.paymentMethodGatewayUnsupported]);
    const blank = await add(s, customer, {
      gateway: 'stripe',
      customer_reference: ' ',
      method_reference: 'pm;1',
    });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['customer_reference', 'method_reference']);
    // Mollie is not switched on in this company.
    const off = await add(s, customer, {
      gateway: 'mollie',
      customer_reference: FAKE_MOLLIE.customerId,
      method_reference: 'mdt_paid',
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(MESSAGES.gatewayNotEnabled('Mollie'));
    await expectOk(await add(s, customer, stripeBody('pm_card_visa')), 201);
    const twice = await add(s, customer, stripeBody('pm_card_visa'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.paymentMethodDuplicate);
    expect(await list(s, customer)).toHaveLength(1);
  });

  it('a provider that does not answer: 503, nothing stored', async () => {
    const customer = await s.newCustomer();
    stripe.inject({ status: 503, body: { error: { type: 'api_error', message: 'down' } }, times: 3 });
    const res = await add(s, customer, stripeBody('pm_card_visa'));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MESSAGES.paymentMethodUnverifiable('Stripe'));
    expect(await list(s, customer)).toEqual([]);
  });

  it('the same Idempotency-Key twice: one method, the first answer replayed', async () => {
    const customer = await s.newCustomer();
    const first = await add(s, customer, stripeBody('pm_card_visa'), `pm-${customer}`);
    const again = await add(s, customer, stripeBody('pm_card_visa'), `pm-${customer}`);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await list(s, customer)).toHaveLength(1);
  });

  it('another company’s customer or method is not found, whichever way it is named', async () => {
    const mine = await s.newCustomer();
    const method = await s.addMethod(mine, 'pm_card_visa');
    const theirs = await m.newCustomer();
    // My company's URL with their customer; their company's URL (they are not members) with mine.
    expect((await s.req('GET', methodsUrl(s, theirs))).statusCode).toBe(404);
    expect((await add(s, theirs, stripeBody('pm_card_visa'))).statusCode).toBe(404);
    expect((await s.req('DELETE', `${methodsUrl(s, theirs)}/${method}`)).statusCode).toBe(404);
    expect((await m.req('GET', methodsUrl(m, mine))).statusCode).toBe(404);
    expect((await m.req('DELETE', `${methodsUrl(m, theirs)}/${method}`)).statusCode).toBe(404);
    expect((await s.req('GET', methodsUrl(m, mine))).statusCode).toBe(404);
    expect(await list(s, mine)).toHaveLength(1);
  });
});

describe('a new method triggers an attempt', () => {
  type Charged = { invoice: { id: number; payment_status: string }; transaction: { decline_class: string } };
  const invoice = async (id: number) =>
    (await expectOk<{ payment_status: string }>(await s.req('GET', s.api(`invoices/${id}`)))).data;
  const attempts = async (id: number) =>
    (
      await expectOk<{ state: string; attempt_no: number }[]>(
        await s.req(
          'GET',
          `/read-replica/${s.cid}/rentloopdb/transactions?filters=${encodeURIComponent(JSON.stringify({ invoice_id: id }))}`,
        ),
      )
    ).data;

  it('charges again the invoice declined hard, once the new card is stored; a soft decline is left to dunning', async () => {
    const charge = async (customer: number) =>
      expectOk<Charged>(await s.req('POST', s.api(`orders/${await s.placeOrder(customer)}/charge`), {}));
    const stolen = await s.newCustomer();
    await s.addMethod(stolen, 'pm_card_chargeDeclinedStolenCard');
    const hard = await charge(stolen);
    expect(hard.data.transaction.decline_class).toBe('hard');
    const broke = await s.newCustomer();
    await s.addMethod(broke, 'pm_card_chargeDeclinedInsufficientFunds');
    const soft = await charge(broke);
    expect(soft.data.transaction.decline_class).toBe('soft');

    await s.addMethod(broke, 'pm_card_visa');
    await s.addMethod(stolen, 'pm_card_visa');
    await vi.waitFor(
      async () => expect((await invoice(hard.data.invoice.id)).payment_status).toBe('settled'),
      {
        timeout: 20_000,
      },
    );
    const tries = await attempts(hard.data.invoice.id);
    expect(tries.map((t) => [t.attempt_no, t.state])).toEqual([
      [2, 'succeeded'],
      [1, 'failed'],
    ]);
    // The softly declined invoice is dunning's: the new method did not charge it. Its customer's job
    // ran first (enqueued first, same queue), so by now it would have.
    expect((await invoice(soft.data.invoice.id)).payment_status).toBe('failed');
    expect(await attempts(soft.data.invoice.id)).toHaveLength(1);
  });
});
