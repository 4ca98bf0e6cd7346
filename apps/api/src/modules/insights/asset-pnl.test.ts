/**
 * `GET /api/{company}/insights/assets/{id}` on a known history made with the clock: two units share
 * subscription 1 (A until it goes to repair, then B), A is repaired (1.5 h and a part: 409.90), rented to
 * subscription 2 and stolen. The invoices are inserted (the billing run's tests make them; here their
 * lines are what matters); every expected figure is worked out by hand in the comments.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const clock = fixedClock('2026-01-01T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let stranger: TestUser;
let otherCid: number;
let A: number;
let B: number;

type Res = Awaited<ReturnType<typeof call>>;
async function ok<T = Record<string, unknown>>(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
}
const req = (method: 'GET' | 'POST', path: string, payload?: object, as = staff, company = cid) =>
  call(h.app, as, { method, url: `/api/${company}/rentloopdb/${path}`, payload });
/** Moves the clock and signs the staff in again (a session does not outlive weeks of moved clock). */
async function on(date: string) {
  clock.set(`${date}T10:00:00Z`);
  const token = await signIn(h.app, staff.email, TEST_PASSWORD);
  staff = { ...staff, token, headers: { authorization: `Bearer ${token}` } };
}
const act = async (id: number, action: string, subscription_id?: number) =>
  ok(await req('POST', `product-tracking/${id}/actions`, { action, subscription_id }));
const insights = (id: number, as = staff, company = cid) =>
  call(h.app, as, { method: 'GET', url: `/api/${company}/insights/assets/${id}` });
const run = (query: ReturnType<typeof sql>) => h.database.primary.execute(query);

let seq = 9000;
/** An issued invoice with net-only lines (the figures are net of VAT). */
async function invoice(
  inv: {
    type: string;
    issue: string;
    settled: boolean;
    orderId: number;
    customerId: number;
    sub: number | null;
  },
  lines: { net: number; sub: number | null; item?: number; period?: [string, string] }[],
) {
  seq += 1;
  const stored = lines.map((l, i) => ({
    position: i + 1,
    description: 'Rent',
    quantity: 1,
    unit_amount: String(l.net),
    discount: '0',
    tax_percent: '0',
    net: String(l.net),
    tax: '0',
    gross: String(l.net),
    order_item_id: l.item ?? null,
    subscription_id: l.sub,
    period_start: l.period?.[0] ?? null,
    period_end: l.period?.[1] ?? null,
  }));
  const total = lines.reduce((s, l) => s + l.net, 0);
  await run(sql`
    insert into invoices (company_id, status, type, series, seq, number, issue_date, due_date, currency,
                          language, customer_id, customer, seller, lines, tax_rule, tax_breakdown, net, tax,
                          gross, payment_status, gateway, order_id, subscription_id)
    values (${cid}, 'issued', ${inv.type}, 'invoice', ${seq}, ${`INV-${seq}`}, ${inv.issue}, ${inv.issue}, 'EUR', 'en',
            ${inv.customerId}, '{"name":"x","email":"x@x.test","address":null}', '{"name":"s","details":{}}',
            ${JSON.stringify(stored)}::jsonb, 'net_prices', '[]', ${total}, 0, ${total},
            ${inv.settled ? 'settled' : 'pending payment'}, 'offlinegateway', ${inv.orderId}, ${inv.sub})`);
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Fleet Books', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const other = await createCompany(h.database, { name: 'Other Books', currency: 'EUR' });
  otherCid = other.id;
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', 'products', {
      name: 'E-bike',
      rental_prices: { monthly: '100.00' },
      variants: [{ sku: 'EB-1', name: 'Large', price: '2400.00' }],
    }),
    201,
  );
  const variant = product.variants[0]!.id;
  const customer = await ok<{ id: number }>(await req('POST', 'customers', customerBody()), 201);
  const order = await ok<{ id: number; subscription_ids: number[] }>(
    await req('POST', 'orders/full', {
      customer_id: customer.id,
      items: [{ variant_id: variant, quantity: 2, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  const [s1, s2] = order.subscription_ids as [number, number];
  const item = (await run(sql`select order_item_id from subscriptions where id = ${s1}`)) as unknown as {
    rows: { order_item_id: number }[];
  };
  const itemId = Number(item.rows[0]!.order_item_id);
  const asset = async (serial: string, extra: object) =>
    (
      await ok<{ id: number }>(
        await req('POST', 'product-tracking', { serial_number: serial, variant_id: variant, ...extra }),
        201,
      )
    ).id;
  A = await asset('PNL-A', { purchase_cost: '1000.00', purchase_date: '2026-01-01' });
  B = await asset('PNL-B', {});

  // 1 Jan: A out to subscription 1. 21 Jan: A to repair (20 days out), B out to subscription 1.
  await act(A, 'rent_out', s1);
  await on('2026-01-21');
  await act(A, 'send_to_repair');
  await act(B, 'rent_out', s1);
  // 25 Jan: the repair: 1.5 h at 40.00 and a 349.90 part = 409.90; A back in stock.
  await on('2026-01-25');
  const rid = Number(
    (
      (await run(sql`select id from repairs where product_tracking_id = ${A}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id,
  );
  const answer = (page: number, answers: object) => req('POST', `repairs/${rid}/answers`, { page, answers });
  await ok(
    await answer(1, {
      is_complete: 'no',
      has_missing_parts: 'yes',
      missing_parts: 'Battery',
      has_damaged_parts: 'no',
    }),
  );
  await ok(await answer(2, { repair_duration: 1.5, rentable_again: 'yes' }));
  await ok(await answer(3, { replaced_parts_cost: '349.90' }));
  await ok(await req('POST', `repairs/${rid}/close`, {}));
  // 1 Feb: A out to subscription 2; 1 Mar: stolen (28 days out).
  await on('2026-02-01');
  await act(A, 'rent_out', s2);
  await on('2026-03-01');
  await act(A, 'mark_stolen');
  await on('2026-03-11');
  // Signed in today (a session from 1 January would have expired by the moved clock).
  stranger = await createUser(h, { company: other, role: 'owner' });

  const base = { orderId: order.id, customerId: customer.id };
  // January of subscription 1, 100.00 settled: A had it 20 days, B 11 (21-31 Jan): 10000 × 20/31 =
  // 6451.6 and 10000 × 11/31 = 3548.4; floors 6451 + 3548, the cent left to the larger remainder (A).
  await invoice({ ...base, type: 'recurring payment', issue: '2026-01-01', settled: true, sub: s1 }, [
    { net: 10000, sub: s1, period: ['2026-01-01', '2026-01-31'] },
  ]);
  // The initial invoice, not settled: its order item's 50.00 is shared by the item's two subscriptions
  // (25.00 each); issued before any unit went out, each share goes to the first unit: A for both.
  await invoice({ ...base, type: 'initial', issue: '2025-12-31', settled: false, sub: null }, [
    { net: 5000, sub: null, item: itemId },
  ]);
  // February of subscription 2, 120.00 settled: A alone. A settled refund of 20.00 of it.
  await invoice({ ...base, type: 'recurring payment', issue: '2026-02-01', settled: true, sub: s2 }, [
    { net: 12000, sub: s2, period: ['2026-02-01', '2026-02-28'] },
  ]);
  await invoice({ ...base, type: 'partial_refund', issue: '2026-02-10', settled: true, sub: s2 }, [
    { net: -2000, sub: s2, period: ['2026-02-01', '2026-02-28'] },
  ]);
  // March of subscription 2: A was stolen on the 1st, so no unit had it: nobody's.
  await invoice({ ...base, type: 'recurring payment', issue: '2026-03-01', settled: true, sub: s2 }, [
    { net: 12000, sub: s2, period: ['2026-03-01', '2026-03-31'] },
  ]);
});

describe('GET /api/{company}/insights/assets/{id}', () => {
  it('answers the stolen unit’s profit and loss, worked out by hand', async () => {
    expect(await ok(await insights(A))).toEqual({
      asset_id: A,
      currency: 'EUR',
      status: 'stolen',
      owned_since: '2026-01-01',
      left_fleet_on: '2026-03-01',
      purchase_cost: '1000.00',
      // 64.52 (January) + 50.00 (initial) + 120.00 (February) − 20.00 (refund)
      revenue_invoiced: '214.52',
      // the initial invoice is not settled: 64.52 + 120.00 − 20.00
      revenue_collected: '164.52',
      repair_costs: '409.90',
      // 164.52 − 409.90 − 1000.00
      profit: '-1245.38',
      // 1 Jan to 1 Mar (the theft): 31 + 28; out 20 + 28 days; 48 / 59 = 81.355… %
      days_owned: 59,
      days_rented: 48,
      utilisation: '81.36',
      payback_date: null,
      payback_remaining: '1245.38',
      loss: '1245.38',
    });
  });

  it('answers the unit still out, without a purchase cost (no payback, no loss)', async () => {
    expect(await ok(await insights(B))).toEqual({
      asset_id: B,
      currency: 'EUR',
      status: 'rented out',
      owned_since: '2026-01-01',
      left_fleet_on: null,
      purchase_cost: null,
      // its 11 days of January's 100.00
      revenue_invoiced: '35.48',
      revenue_collected: '35.48',
      repair_costs: '0.00',
      profit: '35.48',
      // 1 Jan to 11 Mar: 31 + 28 + 10; out since 21 Jan: 11 + 28 + 10 = 49; 49 / 69 = 71.014… %
      days_owned: 69,
      days_rented: 49,
      utilisation: '71.01',
      payback_date: null,
      payback_remaining: null,
      loss: null,
    });
  });

  it('is 404 for a missing asset and for another company’s, 401 without a token', async () => {
    expect((await insights(999_999_999)).statusCode).toBe(404);
    expect((await insights(A, stranger)).statusCode).toBe(404);
    // Its own company, the other company's asset id: not found there either.
    expect((await insights(A, stranger, otherCid)).statusCode).toBe(404);
    expect((await insights(A, null as unknown as TestUser)).statusCode).toBe(401);
  });
});
