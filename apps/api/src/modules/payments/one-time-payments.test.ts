/**
 * One-time payments and buyouts through the real routes and the Stripe fake (issue 24 parts 3 and 4):
 * the invoice's type, number and lines; the charge at Stripe, once for repeated requests with one
 * Idempotency-Key; a decline; validation naming the field; another company's records 404; the buyout's
 * status, action, deleted payments, offer and invoice.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, recurringPayments } from '../../db/schema/index.ts';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import { type FakeStripe, startFakeStripe } from '../../integrations/payments/testing/fake-stripe.ts';
import { useHarness } from '../../testing/harness.ts';
import { expectOk, type GatewayCompany, gatewayCompany } from './gateways.testing.ts';

const gateways: GatewayConfig = { timeoutMs: 5_000, publicUrl: 'http://rentloop.test' };
const h = useHarness({ gateways });
let stripe: FakeStripe;
let s: GatewayCompany;
let other: GatewayCompany;

type Inv = {
  id: number;
  type: string;
  number: string;
  gross: string;
  payment_status: string;
  subscription_id: number | null;
  lines: { description: string; quantity: number; gross: string; tax_percent: string }[];
};
type Tx = {
  id: number;
  state: string;
  amount: string;
  provider_key: string;
  provider_reference: string | null;
};
type Charged = { invoice: Inv; transaction: Tx };

beforeAll(async () => {
  stripe = await startFakeStripe();
  gateways.stripeApiBase = stripe.url;
  s = await gatewayCompany(h, 'stripe');
  other = await gatewayCompany(h, 'stripe');
});
afterAll(async () => {
  await stripe?.close();
});

/** An order of a new customer (one monthly bike), its initial payment charged at Stripe with `method`. */
async function paidOrder(c: GatewayCompany = s, method = 'pm_card_visa') {
  const customer = await c.newCustomer();
  await c.addMethod(customer, 'pm_card_visa');
  const order = await expectOk<{ id: number; subscription_ids: number[] }>(
    await c.req('POST', c.api('orders/full'), {
      customer_id: customer,
      items: [{ variant_id: c.variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  const paid = await expectOk<Charged>(await c.req('POST', c.api(`orders/${order.data.id}/charge`), {}));
  expect(paid.data.transaction.state).toBe('succeeded');
  if (method !== 'pm_card_visa') await c.addMethod(customer, method);
  return {
    customer,
    order: order.data.id,
    subscription: order.data.subscription_ids[0]!,
    initial: paid.data.invoice,
  };
}

const seq = (number: string) => Number(number.match(/(\d+)$/)?.[1]);

describe('POST one-time-payments', () => {
  it('issues a "one time payment" invoice with the next number and charges it once at Stripe', async () => {
    const o = await paidOrder();
    const body = {
      order_id: o.order,
      subscription_id: o.subscription,
      message: 'Cleaning fee',
      products: [
        { product: 'Cleaning', amount: '12.50', tax_percent: '19', quantity: 2 },
        { product: 'Helmet', amount: '30.00', tax_percent: '7', quantity: 1 },
      ],
    };
    const first = await expectOk<Charged>(await s.req('POST', s.api('one-time-payments'), body, 'otp-1'));
    expect(first.status).toBe(true);
    const inv = first.data.invoice;
    expect(inv.type).toBe('one time payment');
    expect(seq(inv.number)).toBe(seq(o.initial.number) + 1);
    expect(inv.subscription_id).toBe(o.subscription);
    expect(inv.lines.map((l) => [l.description, l.quantity, l.tax_percent])).toEqual([
      ['Cleaning', 2, '19'],
      ['Helmet', 1, '7'],
    ]);
    expect(inv.payment_status).toBe('settled');
    expect(first.data.transaction.state).toBe('succeeded');
    expect(first.data.transaction.amount).toBe(inv.gross);
    expect(stripe.executions(first.data.transaction.provider_key)).toBe(1);
    // The same key again: the first answer, nothing charged or issued twice.
    const again = await expectOk<Charged>(await s.req('POST', s.api('one-time-payments'), body, 'otp-1'));
    expect(again.data.invoice.id).toBe(inv.id);
    expect(stripe.executions(first.data.transaction.provider_key)).toBe(1);
    // The same key with another body: 422.
    const reused = await s.req('POST', s.api('one-time-payments'), { ...body, message: 'x' }, 'otp-1');
    expect(reused.statusCode).toBe(422);
  });

  it('bills an amount alone as one line at the subscription’s rate', async () => {
    const o = await paidOrder();
    const res = await expectOk<Charged>(
      await s.req('POST', s.api('one-time-payments'), { order_id: o.order, amount: '20.00' }, 'otp-2'),
    );
    expect(res.data.invoice.lines).toHaveLength(1);
    expect(res.data.invoice.gross).toBe('20.00');
  });

  it('names the field of bad input, and answers 404 for another company’s order or subscription', async () => {
    const o = await paidOrder();
    const post = (body: object) => s.req('POST', s.api('one-time-payments'), body, `otp-${Math.random()}`);
    const errorsOf = async (body: object) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json().errors);
    };
    expect(await errorsOf({ order_id: o.order })).toEqual(['amount']);
    expect(await errorsOf({ order_id: o.order, amount: '-3' })).toEqual(['amount']);
    expect(await errorsOf({ order_id: o.order, amount: '0' })).toEqual(['amount']);
    expect(await errorsOf({ amount: '5.00' })).toEqual(['order_id']);
    expect(
      await errorsOf({ order_id: o.order, products: [{ product: 'X', amount: 'abc', tax_percent: '19' }] }),
    ).toEqual(['products.0.amount']);
    expect(
      await errorsOf({
        order_id: o.order,
        amount: '9.00',
        products: [{ product: 'X', amount: '5', tax_percent: '19' }],
      }),
    ).toEqual(['amount']);
    expect(
      await errorsOf({ order_id: o.order, products: [{ product: 999999, amount: '5', tax_percent: '19' }] }),
    ).toEqual(['products.0.product']);
    const second = await paidOrder();
    expect(await errorsOf({ order_id: o.order, subscription_id: second.subscription, amount: '5' })).toEqual([
      'subscription_id',
    ]);
    const foreign = await paidOrder(other);
    expect((await post({ order_id: foreign.order, amount: '5' })).statusCode).toBe(404);
    expect(
      (await post({ order_id: o.order, subscription_id: foreign.subscription, amount: '5' })).statusCode,
    ).toBe(404);
  });

  it('leaves the invoice failed when Stripe declines, with Stripe’s message', async () => {
    const o = await paidOrder(s, 'pm_card_chargeDeclined');
    const res = await expectOk<Charged>(
      await s.req('POST', s.api('one-time-payments'), { order_id: o.order, amount: '15.00' }, 'otp-decline'),
    );
    expect(res.status).toBe(false);
    expect(res.message).toBe('Your card was declined.');
    expect(res.data.transaction.state).toBe('failed');
    expect(res.data.invoice.payment_status).toBe('failed');
  });
});

type Offer = {
  buyout_price: string | null;
  source: string | null;
  paid_so_far: string;
  amount_due: string | null;
};
type Bought = { subscription_id: number; status: string; invoice: Inv | null; transaction: Tx | null };

describe('buyouts', () => {
  it('offers the catalog price less what was paid, then ends the subscription, deletes its unbilled payments and charges the buyout', async () => {
    const o = await paidOrder();
    const product = (
      await expectOk<{ id: number }[]>(await s.req('GET', `/read-replica/${s.cid}/rentloopdb/products`))
    ).data[0]!.id;
    await expectOk(
      await s.req('PUT', s.api('products'), { products: [{ id: product, buyout_price: '500.00' }] }),
    );
    const offer = await expectOk<Offer>(await s.req('GET', s.api(`subscriptions/${o.subscription}/buyout`)));
    expect(offer.data).toMatchObject({ buyout_price: '500.00', source: 'catalog', paid_so_far: '49.90' });
    expect(offer.data.amount_due).toBe('450.10');

    const [upcoming] = await h.database.primary
      .insert(recurringPayments)
      .values({
        company_id: s.cid,
        subscription_id: o.subscription,
        order_id: o.order,
        customer_id: o.customer,
        period_start: '2099-01-01',
        period_end: '2099-01-31',
        due_date: '2099-01-01',
        amount: 4990n,
        status: 'scheduled',
      })
      .returning({ id: recurringPayments.id });

    const url = s.api(`subscriptions/${o.subscription}/process-buyout`);
    const body = { buyout_price: offer.data.amount_due, message: 'Customer keeps the bike' };
    const done = await expectOk<Bought>(await s.req('POST', url, body, 'buyout-1'));
    expect(done.status).toBe(true);
    expect(done.data.status).toBe('ended');
    expect(done.data.invoice).toMatchObject({ type: 'buyout', gross: '450.10', payment_status: 'settled' });
    expect(seq(done.data.invoice!.number)).toBe(seq(o.initial.number) + 1);
    expect(done.data.transaction!.state).toBe('succeeded');
    expect(stripe.executions(done.data.transaction!.provider_key)).toBe(1);
    const replay = await expectOk<Bought>(await s.req('POST', url, body, 'buyout-1'));
    expect(replay.data.invoice!.id).toBe(done.data.invoice!.id);
    expect(stripe.executions(done.data.transaction!.provider_key)).toBe(1);

    const sub = await expectOk<{
      status: string;
      bought_out_at: string | null;
      next_billing_date: string | null;
    }>(await s.req('GET', s.api(`subscriptions/${o.subscription}`)));
    expect(sub.data).toMatchObject({ status: 'ended', next_billing_date: null });
    expect(sub.data.bought_out_at).not.toBeNull();
    const left = await h.database.primary
      .select()
      .from(recurringPayments)
      .where(eq(recurringPayments.id, upcoming!.id));
    expect(left).toEqual([]);
    const [event] = await h.database.primary
      .select()
      .from(events)
      .where(and(eq(events.type, 'subscription.bought_out'), eq(events.object_id, o.subscription)));
    expect(event?.payload).toMatchObject({ action: 'bought_out', to: 'ended' });
    // Bought out is final: no reactivation, no second buyout.
    const reactivate = await s.req('PUT', s.api(`subscriptions/${o.subscription}`), { action: 'reactivate' });
    expect(reactivate.statusCode).toBe(409);
    expect((await s.req('POST', url, body, 'buyout-2')).statusCode).toBe(409);
    const after = await expectOk<Offer>(await s.req('GET', s.api(`subscriptions/${o.subscription}/buyout`)));
    expect(after.data.paid_so_far).toBe('500.00');
  });

  it('keeps the subscription bought out and the invoice failed when the charge is declined', async () => {
    const o = await paidOrder(s, 'pm_card_chargeDeclined');
    const res = await expectOk<Bought>(
      await s.req(
        'POST',
        s.api(`subscriptions/${o.subscription}/process-buyout`),
        { buyout_price: '100.00' },
        'b-d',
      ),
    );
    expect(res.status).toBe(false);
    expect(res.data.invoice).toMatchObject({ type: 'buyout', payment_status: 'failed' });
    const sub = await expectOk<{ status: string }>(
      await s.req('GET', s.api(`subscriptions/${o.subscription}`)),
    );
    expect(sub.data.status).toBe('ended');
  });

  it('names the field of a bad price, and answers 404 for another company’s subscription', async () => {
    const o = await paidOrder();
    const url = s.api(`subscriptions/${o.subscription}/process-buyout`);
    const bad = await s.req('POST', url, { buyout_price: '-1' }, 'b-bad');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['buyout_price']);
    const foreign = await paidOrder(other);
    const res = await s.req(
      'POST',
      s.api(`subscriptions/${foreign.subscription}/process-buyout`),
      { buyout_price: '1' },
      'b-f',
    );
    expect(res.statusCode).toBe(404);
    expect((await s.req('GET', s.api(`subscriptions/${foreign.subscription}/buyout`))).statusCode).toBe(404);
    const untouched = await expectOk<{ status: string }>(
      await other.req('GET', other.api(`subscriptions/${foreign.subscription}`)),
    );
    expect(untouched.data.status).toBe('active');
  });
});
