/**
 * `GET /api/{company}/insights/customers/{id}` on a history made through the product's routes with the
 * clock (Stripe's local fake charging): the figures shared with the Insights graphs (MRR, failed payments,
 * recoveries) and the customer's lifetime, worked out by hand (docs/insights.md "Customer insights").
 * The plain counts and sums are support-desk.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import { type FakeStripe, startFakeStripe } from '../../integrations/payments/testing/fake-stripe.ts';
import {
  call,
  createCompany,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { expectOk, type GatewayCompany, gatewayCompany } from '../payments/gateways.testing.ts';

const gateways: GatewayConfig = { timeoutMs: 5_000, publicUrl: 'http://rentloop.test' };
const clock = fixedClock('2026-01-20T10:00:00Z');
const h = useHarness({ gateways, clock });
const TODAY = '2026-06-15';
let stripe: FakeStripe;
let s: GatewayCompany;
let stranger: TestUser;
let otherCid: number;
let x: number;
let y: number;
let lonely: number;
const gross: Record<string, string> = {};

async function on(date: string) {
  clock.set(`${date}T10:00:00Z`);
  const token = await signIn(h.app, s.staff.email, TEST_PASSWORD);
  s.staff.token = token;
  s.staff.headers.authorization = `Bearer ${token}`;
}
const charge = async (order: number) =>
  expectOk<{ invoice: { id: number; payment_status: string; gross: string } }>(
    await s.req('POST', s.api(`orders/${order}/charge`), {}),
  );
const figures = (id: number, as: TestUser = s.staff, company = s.cid) =>
  call(h.app, as, { method: 'GET', url: `/api/${company}/insights/customers/${id}` });
const DECLINED = 'pm_card_chargeDeclinedInsufficientFunds';

beforeAll(async () => {
  stripe = await startFakeStripe();
  gateways.stripeApiBase = stripe.url;
  s = await gatewayCompany(h, 'stripe');
  const other = await createCompany(h.database, { name: 'Other Insights', currency: 'EUR' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  otherCid = other.id;

  // 2026-01-20: X rents a bike (monthly 49.90); the card is declined (failed attempt 1) ...
  x = await s.newCustomer();
  await s.addMethod(x, DECLINED);
  const first = await charge(await s.placeOrder(x));
  expect(first.data.invoice.payment_status).toBe('failed');
  // ... 2026-02-05: X gives a working card, the invoice is charged again: recovered.
  await on('2026-02-05');
  await s.addMethod(x, 'pm_card_visa');
  const again = await expectOk<{ invoice: { payment_status: string; gross: string } }>(
    await s.req('POST', s.api(`invoices/${first.data.invoice.id}/charge`), {}),
  );
  expect(again.data.invoice.payment_status).toBe('settled');
  gross.recovered = again.data.invoice.gross;
  // 2026-03-12: X rents a second bike; the new default card is declined (failed attempt 2): the invoice,
  // due 14 days later (2026-03-26), is overdue today. Y rents and pays.
  await on('2026-03-12');
  await s.addMethod(x, 'pm_card_chargeDeclinedLostCard');
  const second = await charge(await s.placeOrder(x));
  expect(second.data.invoice.payment_status).toBe('failed');
  gross.overdue = second.data.invoice.gross;
  y = await s.newCustomer();
  await s.addMethod(y, 'pm_card_visa');
  const yOrder = await s.placeOrder(y);
  await charge(yOrder);
  // 2026-04-02: Y's subscription ends (moved away).
  await on('2026-04-02');
  const subs = await expectOk<{ id: number; order_id: number }[]>(
    await s.req('GET', `/read-replica/${s.cid}/rentloopdb/subscriptions?per_page=100`),
  );
  const ySub = subs.data.find((r) => r.order_id === yOrder)!.id;
  await expectOk(
    await s.req('POST', s.api(`subscriptions/${ySub}/end`), { reason_code: 'moved', when: 'now' }),
  );
  lonely = await s.newCustomer();
  await on(TODAY);
}, 120_000);
afterAll(async () => {
  await stripe?.close();
});

describe('GET insights/customers/{id}: the figures shared with the graphs', () => {
  it('X: two running rentals, one invoice recovered, one overdue (worked out by hand)', async () => {
    // The same rental twice: both invoices ask for the same gross.
    expect(gross.overdue).toBe(gross.recovered);
    const f = (await expectOk<Record<string, unknown>>(await figures(x))).data;
    expect(f).toMatchObject({
      currency: 'EUR',
      orders: 2,
      subscriptions: 2,
      active_subscriptions: 2,
      invoices: 2,
      revenue_paid: gross.recovered,
      open_amount: gross.overdue,
      // Due 2026-03-26, unpaid on 2026-06-15.
      overdue_amount: gross.overdue,
      // Two monthly rentals of 49.90.
      mrr: '99.80',
      // Declined on 2026-01-20 and 2026-03-12; the second charge of January's invoice succeeded.
      failed_payments: 2,
      recovered_invoices: 1,
      recovered_amount: gross.recovered,
      first_order_at: '2026-01-20T10:00:00.000Z',
      first_order_date: '2026-01-20',
      // 2026-01-20 to 2026-06-15: 11 + 28 + 31 + 30 + 31 + 15 days, a subscription still runs.
      lifetime_days: 146,
    });
    expect(new Date(String(f.last_order_at)).toISOString()).toBe('2026-03-12T10:00:00.000Z');
  });

  it('Y: ended, so lifetime stops at the end and MRR is zero; nothing failed', async () => {
    const f = (await expectOk<Record<string, unknown>>(await figures(y))).data;
    expect(f).toMatchObject({
      active_subscriptions: 0,
      overdue_amount: '0.00',
      mrr: '0.00',
      failed_payments: 0,
      recovered_invoices: 0,
      recovered_amount: '0.00',
      first_order_date: '2026-03-12',
      // 2026-03-12 to 2026-04-02.
      lifetime_days: 21,
    });
  });

  it('a customer’s MRR is their share of the dashboard’s MRR (one function)', async () => {
    const cards = (
      await expectOk<{ mrr: { value: string } }>(
        await call(h.app, s.staff, { method: 'GET', url: `/api/${s.cid}/graphs/stat-cards` }),
      )
    ).data;
    const mrr = async (id: number) => (await expectOk<{ mrr: string }>(await figures(id))).data.mrr;
    const cents = (v: string) => BigInt(v.replace('.', ''));
    expect(cents(await mrr(x)) + cents(await mrr(y)) + cents(await mrr(lonely))).toBe(cents(cards.mrr.value));
    expect(cards.mrr.value).toBe('99.80');
    // The failed-payment graph counts X's two declines this year, the recovered graph X's one recovery.
    const graph = async (id: string) =>
      (
        await expectOk<{ series: { values: number[] }[] }>(
          await call(h.app, s.staff, { method: 'GET', url: `/api/${s.cid}/graphs/${id}?period=annually` }),
        )
      ).data.series;
    const failed = (await graph('failed-payment-attempts')).reduce((n, r) => n + r.values[5]!, 0);
    expect(failed).toBe(2);
    expect((await graph('recovered-invoices'))[0]!.values[5]).toBe(1);
  });

  it('answers no lifetime and zeros for a customer without orders', async () => {
    const f = (await expectOk<Record<string, unknown>>(await figures(lonely))).data;
    expect(f).toMatchObject({
      overdue_amount: '0.00',
      mrr: '0.00',
      failed_payments: 0,
      recovered_invoices: 0,
      first_order_at: null,
      first_order_date: null,
      lifetime_days: null,
    });
  });

  it('answers 404 for another company’s customer', async () => {
    // A session does not outlive months of moved clock: the stranger signs in again.
    const token = await signIn(h.app, stranger.email, TEST_PASSWORD);
    stranger.token = token;
    stranger.headers.authorization = `Bearer ${token}`;
    expect((await figures(x, stranger, otherCid)).statusCode).toBe(404);
    const res = await call(h.app, stranger, {
      method: 'GET',
      url: `/api/${s.cid}/insights/customers/${x}`,
    });
    expect([403, 404]).toContain(res.statusCode);
    expect((await figures(x, s.staff, s.cid)).statusCode).toBe(200);
  });
});
