/**
 * `GET /api/{company}/graphs/{graphId}` and `graphs/stat-cards` on a history made through the product's
 * routes with the clock (Stripe's local fake charging): orders charged, a card declined then recovered,
 * a subscription ended, an order left unpaid, customers without orders. Every graph, for every period, is
 * compared with the same figure recomputed from the lists the API answers (graphs.testing.ts); a few are
 * also worked out by hand here. 404 across companies and for an unknown graph; 422 naming `period`.
 */
import { GRAPH_IDS, GRAPH_PERIODS, GRAPH_TEXTS } from '@rentloop/domain/graphs';
import { sql } from 'drizzle-orm';
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
import { expectedGraph, type Lists } from './graphs.testing.ts';

const gateways: GatewayConfig = { timeoutMs: 5_000, publicUrl: 'http://rentloop.test' };
const clock = fixedClock('2025-08-10T10:00:00Z');
const h = useHarness({ gateways, clock });
const TODAY = '2026-06-15';
const TZ = 'Europe/Berlin';
let stripe: FakeStripe;
let s: GatewayCompany;
let stranger: TestUser;

/** Moves the clock and signs the staff in again (a session does not outlive months of moved clock). */
async function on(date: string) {
  clock.set(`${date}T10:00:00Z`);
  const token = await signIn(h.app, s.staff.email, TEST_PASSWORD);
  s.staff.token = token;
  s.staff.headers.authorization = `Bearer ${token}`;
}

async function customerWith(card: string | null): Promise<number> {
  const id = await s.newCustomer();
  // The database stamps a customer's created_at with its own now(), not the app's clock: moved to the
  // clock's instant, as if the customer had signed up on that day.
  await h.database.primary.execute(
    sql`update customers set created_at = ${clock.now().toISOString()} where company_id = ${s.cid} and id = ${id}`,
  );
  if (card) await s.addMethod(id, card);
  return id;
}
const charge = async (order: number) =>
  expectOk<{ invoice: { id: number; payment_status: string } }>(
    await s.req('POST', s.api(`orders/${order}/charge`), {}),
  );

async function all<T>(name: string, filters?: object): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const q = `per_page=100&page=${page}${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`;
    const res = await s.req('GET', `/read-replica/${s.cid}/rentloopdb/${name}?${q}`);
    const body = (await expectOk<T[]>(res)) as unknown as { data: T[]; meta: { last_page: number } };
    rows.push(...body.data);
    if (page >= body.meta.last_page) return rows;
  }
}

async function lists(): Promise<Lists> {
  const invoices = await all<Lists['invoices'][number] & { original_invoice_id?: number }>(
    'paginated-invoices',
  );
  const cancelled = new Set<number>();
  for (const c of invoices.filter((i) => i.type === 'cancellation' && i.status === 'issued')) {
    const detail = await expectOk<{ original_invoice_id: number }>(
      await s.req('GET', s.api(`invoices/${c.id}`)),
    );
    cancelled.add(detail.data.original_invoice_id);
  }
  return {
    invoices,
    cancelled,
    transactions: await all('transactions'),
    subscriptions: await all('subscriptions'),
    customers: await all('customers'),
  };
}

const graph = (id: string, period = 'monthly', as: TestUser = s.staff, company = s.cid) =>
  call(h.app, as, { method: 'GET', url: `/api/${company}/graphs/${id}?period=${period}` });

let endedSub: number;

beforeAll(async () => {
  stripe = await startFakeStripe();
  gateways.stripeApiBase = stripe.url;
  s = await gatewayCompany(h, 'stripe');
  const other = await createCompany(h.database, { name: 'Other Graphs', currency: 'EUR' });
  stranger = await createUser(h, { company: other, role: 'owner' });

  // 2025-08-10: A rents a bike, paid at once by card.
  const a = await customerWith('pm_card_visa');
  expect((await charge(await s.placeOrder(a))).data.invoice.payment_status).toBe('settled');
  // 2026-01-20: B's card is declined (credit card denied) ...
  await on('2026-01-20');
  const b = await customerWith('pm_card_chargeDeclinedInsufficientFunds');
  const bOrder = await s.placeOrder(b);
  const failed = await charge(bOrder);
  expect(failed.data.invoice.payment_status).toBe('failed');
  // ... 2026-02-05: B gives a working card; the invoice is charged again and recovered.
  await on('2026-02-05');
  await s.addMethod(b, 'pm_card_visa'); // a new method is the default
  const again = await expectOk<{ invoice: { payment_status: string } }>(
    await s.req('POST', s.api(`invoices/${failed.data.invoice.id}/charge`), {}),
  );
  expect(again.data.invoice.payment_status).toBe('settled');
  // 2026-03-12: C rents and pays; 2026-04-02 C's subscription ends (moved away).
  await on('2026-03-12');
  const c = await customerWith('pm_card_visa');
  const cOrder = await s.placeOrder(c);
  await charge(cOrder);
  await on('2026-04-02');
  const subs = await all<{ id: number; order_id: number }>('subscriptions');
  endedSub = subs.find((x) => x.order_id === cOrder)!.id;
  await expectOk(
    await s.req('POST', s.api(`subscriptions/${endedSub}/end`), { reason_code: 'moved', when: 'now' }),
  );
  // 2026-05-03: D orders and the card is declined: the invoice stays unpaid.
  await on('2026-05-03');
  const d = await customerWith('pm_card_chargeDeclinedInsufficientFunds');
  await charge(await s.placeOrder(d));
  // 2026-06-01: E signs up, orders nothing.
  await on('2026-06-01');
  await customerWith(null);
  // 2026-06-05: C's paid March invoice is cancelled: a credit issued in June nets June's revenue.
  await on('2026-06-05');
  const cInvoice = (await all<{ id: number; order_id: number }>('paginated-invoices')).find(
    (i) => i.order_id === cOrder,
  )!;
  await expectOk(
    await s.req('POST', s.api(`invoices/${cInvoice.id}/cancel`), {}, `cancel-${cInvoice.id}`),
    201,
  );
  await on(TODAY);
}, 120_000);
afterAll(async () => {
  await stripe?.close();
});

describe('GET graphs/{graphId}', () => {
  it('every graph, every period, equals the figure recomputed from the lists', async () => {
    const l = await lists();
    for (const period of GRAPH_PERIODS)
      for (const id of GRAPH_IDS) {
        const res = await graph(id, period);
        const body = (await expectOk<{ labels: string[]; series: { key: string; values: unknown[] }[] }>(res))
          .data;
        const expected = expectedGraph(id, period, TODAY, TZ, 'EUR', l);
        expect(body.labels, `${id} ${period}`).toEqual(expected.labels);
        expect(Object.fromEntries(body.series.map((x) => [x.key, x.values])), `${id} ${period}`).toEqual(
          expected.series,
        );
      }
  });

  it('has 12, 6 and 6 labels, the last ending today', async () => {
    const m = (await expectOk<{ labels: string[]; ranges: { to: string }[] }>(await graph('new-customers')))
      .data;
    expect(m.labels).toHaveLength(12);
    expect(m.labels[0]).toBe('2025-07');
    expect(m.labels[11]).toBe('2026-06');
    expect(m.ranges[11]!.to).toBe(TODAY);
    const q = (await expectOk<{ labels: string[] }>(await graph('new-customers', 'quarterly'))).data;
    expect(q.labels).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4', '2026-Q1', '2026-Q2']);
    const y = (await expectOk<{ labels: string[] }>(await graph('new-customers', 'annually'))).data;
    expect(y.labels).toEqual(['2021', '2022', '2023', '2024', '2025', '2026']);
  });

  it('shows the history as made (worked out by hand)', async () => {
    type G = { series: { key: string; values: unknown[] }[] };
    const values = async (id: string, key: string, period = 'monthly') =>
      (await expectOk<G>(await graph(id, period))).data.series.find((x) => x.key === key)!.values;
    // Months 2025-07 .. 2026-06: A in Aug, B in Jan, C in Mar, D in May, E in Jun.
    expect(await values('new-customers', 'new_customers')).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1]);
    // Declines: B in Jan, D in May, both "credit card denied".
    expect(await values('failed-payment-attempts', 'credit_card_denied')).toEqual([
      0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0,
    ]);
    expect(await values('failed-payment-attempts', 'gateway_rejected')).toEqual(Array(12).fill(0));
    // B's invoice recovered in February; D's unpaid in May.
    expect(await values('recovered-invoices', 'count')).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(await values('unpaid-invoices', 'count')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    // C ran from 2026-03-12 to 2026-04-02: 21 days, ended in April.
    expect(await values('lifetime', 'average_lifetime_days')).toEqual([
      ...Array(9).fill(null),
      '21.00',
      null,
      null,
    ]);
    // Active at each month's end: A from Aug; B from Jan; C in March only; D from May.
    expect(await values('active-customers', 'active_customers')).toEqual([
      0, 1, 1, 1, 1, 1, 2, 2, 3, 2, 3, 3,
    ]);
    // April: A and B ran on 31 March, C too; C ended: 1 of 3.
    expect((await values('churn-and-retention', 'churn_rate'))[9]).toBe('33.33');
    // MRR movements, each a monthly rental of 49.90: A new in Aug, B in Jan, C in Mar, D in May; C churned
    // in April; nobody grew, shrank or came back.
    const z = '0.00';
    const p = '49.90';
    expect(await values('mrr-movements', 'new')).toEqual([z, p, z, z, z, z, p, z, p, z, p, z]);
    expect(await values('mrr-movements', 'churned')).toEqual([z, z, z, z, z, z, z, z, z, '-49.90', z, z]);
    for (const key of ['expansion', 'contraction', 'reactivation'])
      expect(await values('mrr-movements', key)).toEqual(Array(12).fill(z));
    expect(await values('mrr-movements', 'net')).toEqual([z, p, z, z, z, z, p, z, p, '-49.90', p, z]);
    const mrr = ['0.00', p, p, p, p, p, '99.80', '99.80', '149.70', '99.80', '149.70', '149.70'];
    expect(await values('mrr-movements', 'mrr')).toEqual(mrr);
    // Net revenue retention: none before A's first month ended; A, B (and C) kept all; April kept A and B of
    // A, B and C: 99.80 of 149.70.
    const all100 = Array(7).fill('100.00');
    expect(await values('revenue-retention', 'net_revenue_retention')).toEqual([
      null,
      null,
      ...all100,
      '66.67',
      '100.00',
      '100.00',
    ]);
    // Quarterly, Q2 2026 (1 April to today): A, B and C on 31 March, A and B now, D new.
    const q = await values('mrr-movements', 'churned', 'quarterly');
    expect(q[5]).toBe('-49.90');
    expect((await values('mrr-movements', 'new', 'quarterly'))[5]).toBe(p);
  });

  it('the revenue of a month is the sum of the invoices list for that month', async () => {
    const rows = await all<{ net: string; currency: string; status: string }>('paginated-invoices', {
      issued_from: '2026-03-01',
      issued_to: '2026-03-31',
    });
    expect(rows.length).toBeGreaterThan(0);
    const cents = rows
      .filter((r) => r.status === 'issued')
      .reduce((sum, r) => sum + BigInt(r.net.replace('.', '')), 0n);
    const revenue = (await expectOk<{ series: { values: string[] }[] }>(await graph('invoice-revenue'))).data
      .series[0]!.values;
    expect(revenue[8]).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    expect(revenue[8]).not.toBe('0.00');
  });

  it('the churn of a month is the subscriptions list filtered by the days they ended (the drill-down)', async () => {
    const churned = (
      await expectOk<{ series: { key: string; values: number[] }[] }>(await graph('churn-and-retention'))
    ).data.series.find((x) => x.key === 'churned')!.values;
    const april = await all<{ id: number }>('subscriptions', {
      ended_from: '2026-04-01',
      ended_to: '2026-04-30',
    });
    expect(april.map((x) => x.id)).toEqual([endedSub]);
    expect(churned[9]).toBe(april.length);
    // The days are inclusive at both ends, and a month without an end lists none.
    expect(await all('subscriptions', { ended_from: '2026-04-02', ended_to: '2026-04-02' })).toHaveLength(1);
    expect(await all('subscriptions', { ended_from: '2026-05-01', ended_to: '2026-05-31' })).toHaveLength(0);
  });

  it('new customers, failed attempts and recovered invoices are their lists filtered by the bucket (drill-down)', async () => {
    type G = { series: { key: string; values: (number | string)[] }[] };
    const body = async (id: string) => (await expectOk<G>(await graph(id))).data.series;
    const ranges = (await expectOk<{ ranges: { from: string; to: string }[] }>(await graph('new-customers')))
      .data.ranges;
    const newCustomers = (await body('new-customers')).find((x) => x.key === 'new_customers')!.values;
    const failed = await body('failed-payment-attempts');
    const recovered = (await body('recovered-invoices')).find((x) => x.key === 'count')!.values;
    for (const [i, r] of ranges.entries()) {
      const days = (prefix: string) => ({ [`${prefix}_from`]: r.from, [`${prefix}_to`]: r.to });
      expect(await all('customers', days('created')), r.from).toHaveLength(newCustomers[i] as number);
      const attempts = await all('transactions', {
        kind: 'charge',
        settlement: 'failed',
        ...days('created'),
      });
      expect(attempts, r.from).toHaveLength(failed.reduce((n, x) => n + (x.values[i] as number), 0));
      expect(await all('paginated-invoices', days('recovered')), r.from).toHaveLength(recovered[i] as number);
    }
    // February: B's invoice, recovered on the 5th; the days are inclusive, the day before lists none.
    const feb = await all<{ recovered_at: string | null }>('paginated-invoices', {
      recovered_from: '2026-02-05',
      recovered_to: '2026-02-05',
    });
    expect(feb).toHaveLength(1);
    expect(feb[0]!.recovered_at!.slice(0, 10)).toBe('2026-02-05');
    expect(
      await all('paginated-invoices', { recovered_from: '2026-01-01', recovered_to: '2026-02-04' }),
    ).toEqual([]);
    expect(await all('paginated-invoices', { recovered_from: '2026-02-06' })).toEqual([]);
    // A day that is no date is 422 naming the filter.
    const bad = await s.req(
      'GET',
      `/read-replica/${s.cid}/rentloopdb/paginated-invoices?filters=${encodeURIComponent('{"recovered_to":"soon"}')}`,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('recovered_to');
  });

  it('unpaid invoices, active subscriptions and active customers are their lists filtered by the bucket (drill-down)', async () => {
    type G = {
      ranges: { from: string; to: string }[];
      series: { key: string; values: (number | string)[] }[];
    };
    const g = async (id: string) => (await expectOk<G>(await graph(id))).data;
    const unpaid = await g('unpaid-invoices');
    const active = await g('active-customers');
    const values = (x: G, key: string) => x.series.find((v) => v.key === key)!.values;
    // Amounts as minor units, exactly (EUR: two decimals).
    const cents = (v: string | number) => BigInt(String(v).replace('.', ''));
    for (const [i, r] of unpaid.ranges.entries()) {
      const owed = await all<{ gross: string }>('paginated-invoices', {
        issued_from: r.from,
        issued_to: r.to,
        unpaid: true,
      });
      expect(owed, r.from).toHaveLength(values(unpaid, 'count')[i] as number);
      expect(
        owed.reduce((n, x) => n + cents(x.gross), 0n),
        r.from,
      ).toBe(cents(values(unpaid, 'amount')[i]!));
      const running = await all('subscriptions', { running_on: r.to });
      expect(running, r.to).toHaveLength(values(active, 'active_subscriptions')[i] as number);
      const subscribed = await all('customers', { subscribed_on: r.to });
      expect(subscribed, r.to).toHaveLength(values(active, 'active_customers')[i] as number);
    }
    // May: D's declined invoice is the one owed; "false" lists the other invoices issued then (none).
    const may = { issued_from: '2026-05-01', issued_to: '2026-05-31' };
    const mayOwed = await all<{ payment_status: string }>('paginated-invoices', { ...may, unpaid: true });
    expect(mayOwed.map((x) => x.payment_status)).toEqual(['failed']);
    expect(await all('paginated-invoices', { ...may, unpaid: false })).toHaveLength(0);
    // March: C's invoice was paid (and cancelled in June): not owed.
    expect(
      await all('paginated-invoices', { issued_from: '2026-03-01', issued_to: '2026-03-31', unpaid: true }),
    ).toEqual([]);
    // C's subscription ran on 1 April and not on its end day, 2 April (ended on a day: not running that day).
    const ids = async (day: string) =>
      (await all<{ id: number }>('subscriptions', { running_on: day })).map((x) => x.id);
    expect(await ids('2026-04-01')).toContain(endedSub);
    expect(await ids('2026-04-02')).not.toContain(endedSub);
    for (const [name, filter] of [
      ['paginated-invoices', '{"unpaid":"maybe"}'],
      ['subscriptions', '{"running_on":"soon"}'],
      ['customers', '{"subscribed_on":"soon"}'],
    ] as const) {
      const bad = await s.req(
        'GET',
        `/read-replica/${s.cid}/rentloopdb/${name}?filters=${encodeURIComponent(filter)}`,
      );
      expect(bad.statusCode, name).toBe(422);
      expect(bad.body, name).toContain(Object.keys(JSON.parse(filter))[0]);
    }
  });

  it('another company’s graph is 404; an unknown graph 404 naming the graphs; a bad period 422', async () => {
    const token = await signIn(h.app, stranger.email, TEST_PASSWORD);
    stranger = { ...stranger, token, headers: { authorization: `Bearer ${token}` } };
    expect((await graph('invoice-revenue', 'monthly', stranger)).statusCode).toBe(404);
    expect(
      (await call(h.app, stranger, { method: 'GET', url: `/api/${s.cid}/graphs/stat-cards` })).statusCode,
    ).toBe(404);
    const unknown = await graph('revenue-by-moon-phase');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GRAPH_TEXTS.unknownGraph);
    const bad = await graph('invoice-revenue', 'weekly');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.period).toEqual([GRAPH_TEXTS.period]);
  });
});

describe('GET graphs/cohorts', () => {
  it('groups customers by the month of their first order and counts who is still subscribed (by hand)', async () => {
    const grid = (
      await expectOk<{
        as_of: string;
        offsets: number[];
        cohorts: {
          month: string;
          customers: number;
          retained: (number | null)[];
          shares: (string | null)[];
        }[];
      }>(await call(h.app, s.staff, { method: 'GET', url: `/api/${s.cid}/graphs/cohorts` }))
    ).data;
    expect(grid.as_of).toBe(TODAY);
    expect(grid.offsets).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(grid.cohorts.map((c) => c.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    const row = (month: string) => grid.cohorts.find((c) => c.month === month)!;
    const later = (n: number) => Array(n).fill(null);
    // A (August) still rents; B (January) too; C (March) ended on 2 April; D (May) rents; E never ordered.
    expect(row('2025-08')).toMatchObject({ customers: 1, retained: [...Array(11).fill(1), null] });
    expect(row('2026-01')).toMatchObject({ customers: 1, retained: [1, 1, 1, 1, 1, 1, ...later(6)] });
    expect(row('2026-03')).toMatchObject({
      customers: 1,
      retained: [1, 0, 0, 0, ...later(8)],
      shares: ['100.00', '0.00', '0.00', '0.00', ...later(8)],
    });
    expect(row('2026-05')).toMatchObject({ customers: 1, retained: [1, 1, ...later(10)] });
    // A month without a first order: nobody, and no share.
    expect(row('2025-09')).toMatchObject({ customers: 0, retained: [...Array(10).fill(0), ...later(2)] });
    expect(row('2025-09').shares.every((x) => x === null)).toBe(true);
    expect(grid.cohorts.reduce((n, c) => n + c.customers, 0)).toBe(4);
  });

  it('a cohort, and each of its cells, is the customers list filtered by first order and running day (drill-down)', async () => {
    const grid = (
      await expectOk<{ cohorts: { month: string; customers: number; retained: (number | null)[] }[] }>(
        await call(h.app, s.staff, { method: 'GET', url: `/api/${s.cid}/graphs/cohorts` }),
      )
    ).data;
    // The grid's months are the monthly buckets: the current one ends today.
    const months = (await expectOk<{ ranges: { from: string; to: string }[] }>(await graph('new-customers')))
      .data.ranges;
    let cells = 0;
    for (const [k, c] of grid.cohorts.entries()) {
      const first = { first_order_from: months[k]!.from, first_order_to: months[k]!.to };
      expect(await all('customers', first), c.month).toHaveLength(c.customers);
      for (const [n, kept] of c.retained.entries()) {
        if (kept === null || c.customers === 0) continue;
        const day = months[k + n]!.to;
        expect(await all('customers', { ...first, subscribed_on: day }), `${c.month} +${n}`).toHaveLength(
          kept,
        );
        cells++;
      }
    }
    expect(cells).toBeGreaterThan(0);
    // A day that is no date is 422 naming the filter.
    const bad = await s.req(
      'GET',
      `/read-replica/${s.cid}/rentloopdb/customers?filters=${encodeURIComponent('{"first_order_to":"soon"}')}`,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('first_order_to');
  });

  it('is 404 for another company', async () => {
    const token = await signIn(h.app, stranger.email, TEST_PASSWORD);
    const other = { ...stranger, token, headers: { authorization: `Bearer ${token}` } };
    expect(
      (await call(h.app, other, { method: 'GET', url: `/api/${s.cid}/graphs/cohorts` })).statusCode,
    ).toBe(404);
  });
});

describe('GET graphs/stat-cards', () => {
  it('answers the headline figures now and at the end of last month', async () => {
    const cards = (
      await expectOk<Record<string, { value: unknown; previous: unknown; change_percent: unknown }>>(
        await call(h.app, s.staff, { method: 'GET', url: `/api/${s.cid}/graphs/stat-cards` }),
      )
    ).data;
    expect(cards.as_of).toBe(TODAY);
    // A, B and D run now and ran on 31 May: 3 subscriptions of 3 customers, no change.
    expect(cards.active_subscriptions).toEqual({ value: 3, previous: 3, change_percent: '0.00' });
    expect(cards.active_customers).toEqual({ value: 3, previous: 3, change_percent: '0.00' });
    // Three monthly rentals of 49.90.
    expect(cards.mrr).toMatchObject({ value: '149.70', previous: '149.70' });
    // Only C's cancellation was issued in June: minus the net of C's March invoice (March's whole revenue).
    const revenue = (await expectOk<{ series: { values: string[] }[] }>(await graph('invoice-revenue'))).data
      .series[0]!.values;
    expect(revenue[11]).toBe(`-${revenue[8]}`);
    expect(cards.revenue_this_month).toMatchObject({ value: revenue[11], previous: revenue[10] });
    // D's invoice (issued in May) is still owed, now and on 31 May; C's credit owes nothing.
    expect(cards.unpaid_amount?.value).toBe(cards.unpaid_amount?.previous);
    expect(cards.unpaid_amount?.value).not.toBe('0.00');
    expect(cards.churn_rate).toMatchObject({ value: '0.00', previous: '0.00' });
  });
});
