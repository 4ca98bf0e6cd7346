/**
 * Orders and quotes through the API: the newcomer's walk of issue 14 (two rented e-bikes and a bought
 * helmet shipped to Quebec with a voucher, quoted, mailed, finalised, tracked, tagged), the totals
 * against a computation of their own, and the refusals.
 */

import { ORDER_STATUSES, type OrderStatus } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import { ORDER_TEXTS, ORDER_TRANSITIONS, orderActionTo } from '@rentloop/domain/orders';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { refusal } from '@rentloop/domain/transitions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { emailEntries, orders } from '../../db/schema/index.ts';
import { MAIL_TEXTS } from '../../integrations/email/mailer.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

// 10:00 in Montreal on 31 January: a monthly subscription started today bills next on 28 February (the
// periods are anchored on the start: 31 March after that). The app's clock also signs in and lets in.
const clock = fixedClock('2026-01-31T15:00:00Z');
const h = useHarness({ clock });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let customerId: number;
let bikeVariant: number;
let helmetVariant: number;
let courierId: number;

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const req = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(h.app, who, { method, url, payload });
async function ok<T = Record<string, unknown>>(
  res: Awaited<ReturnType<typeof req>>,
  status = 200,
): Promise<{ data: T; message: string }> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const QUEBEC = {
  first_name: 'Camille',
  last_name: 'Roy',
  street: 'Rue Saint-Denis',
  street_number: '1200',
  postal_code: 'H2X 3K2',
  city: 'Montréal',
  region: 'QC',
  country: 'CA',
};

const cart = (extra: object = {}) => ({
  customer_id: customerId,
  items: [
    {
      variant_id: bikeVariant,
      quantity: 2,
      kind: 'rental',
      billing_interval: 'monthly',
      minimum_term_months: 12,
    },
    { variant_id: helmetVariant, quantity: 1, kind: 'purchase' },
  ],
  shipping_method_id: courierId,
  voucher_code: 'WELCOME10',
  ...extra,
});

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Velo Loop', currency: 'CAD' });
  const other = await createCompany(h.database, { name: 'Other Loop', currency: 'CAD' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  await ok(
    await req(staff, 'PUT', `/api/companies/${cid}/settings/general`, {
      ...SETTINGS_SECTIONS.general.defaults,
      time_zone: 'America/Toronto',
    }),
  );
  const bike = await ok<{ variants: { id: number }[] }>(
    await req(staff, 'POST', api('products'), {
      name: 'E-bike City',
      rental_prices: { monthly: '89.00' },
      minimum_term_months: 12,
      buyout_price: '1200.00',
      variants: [{ sku: 'EB-CITY-M', name: 'Size M', price: '2400.00' }],
    }),
    201,
  );
  const helmet = await ok<{ variants: { id: number }[] }>(
    await req(staff, 'POST', api('products'), {
      name: 'Helmet',
      purchase_price: '59.99',
      variants: [{ sku: 'HLM-1', name: 'One size', price: '59.99' }],
    }),
    201,
  );
  bikeVariant = bike.data.variants[0]!.id;
  helmetVariant = helmet.data.variants[0]!.id;
  for (const rule of [
    { country: 'ca', product_class: 'standard', percentage: '5', name: 'GST' },
    { country: 'ca', region: 'QC', product_class: 'standard', percentage: '14.975', name: 'GST + QST' },
  ])
    await ok(await req(staff, 'POST', api('tax-rules'), rule), 201);
  const country = await ok<{ id: number }>(
    await req(staff, 'POST', `/api/companies/${cid}/settings/shipping-countries`, { country: 'ca' }),
    201,
  );
  const courier = await ok<{ id: number }>(
    await req(
      staff,
      'POST',
      `/api/companies/${cid}/settings/shipping-countries/${country.data.id}/shipping-methods`,
      {
        name: 'Courier',
        price: '15.00',
      },
    ),
    201,
  );
  courierId = courier.data.id;
  await ok(
    await req(staff, 'POST', api('vouchers'), { code: 'WELCOME10', kind: 'percentage', value: '10' }),
    201,
  );
  const customer = await ok<{ id: number }>(
    await req(staff, 'POST', api('customers'), {
      name: 'Camille Roy',
      email: 'camille@velo.test',
      billing_address: QUEBEC,
      shipping_address: QUEBEC,
    }),
    201,
  );
  customerId = customer.data.id;
});

describe('orders: the newcomer’s walk', () => {
  it('quotes, mails, finalises, tracks and tags an order with exact Quebec totals', async () => {
    // Prices: 2 x 89.00 + 59.99 = 237.99; 10 % off = 23.80 (half-up), split 17.80 / 6.00 by amount.
    // Lines taxed at 14.975 % (GST + QST) on their discounted amounts; shipping 15.00 at 14.975 %.
    const priced = await ok<Record<string, string>>(await req(staff, 'POST', api('orders/price'), cart()));
    expect(priced.data).toMatchObject({ items_amount: '237.99', discount: '23.80', currency: 'CAD' });
    const lines = [178_00n - 17_80n, 59_99n - 6_00n];
    const tax = (cents: bigint) => (cents * 14_975n + 50_000n) / 100_000n;
    const expectedTax = lines.reduce((s, l) => s + tax(l), 0n) + tax(15_00n);
    const expectedTotal = lines.reduce((s, l) => s + l, 0n) + 15_00n + expectedTax;
    expect(priced.data.tax).toBe((Number(expectedTax) / 100).toFixed(2));
    expect(priced.data.total).toBe((Number(expectedTotal) / 100).toFixed(2));

    const quote = await ok<{ draft_id: number }>(await req(staff, 'POST', api('draft-orders'), cart()), 201);
    expect(quote.message).toBe(MESSAGES.orderQuoteCreated);
    const draftId = quote.data.draft_id;
    const draft = await ok<Record<string, unknown>>(await req(staff, 'GET', api(`draft-orders/${draftId}`)));
    expect(draft.data).toMatchObject({
      status: 'draft',
      number: null,
      total: priced.data.total,
      voucher_code: 'WELCOME10',
    });

    // This server has no SMTP: the quote is not mailed, and the answer and Email History say so
    // (modules/orders/mail.test.ts: sent and refused, with an SMTP server).
    const mailed = await req(staff, 'POST', `/api/${cid}/email/send-draft?override=true`, { id: draftId });
    expect(mailed.statusCode, mailed.body).toBe(503);
    expect(mailed.json().message).toBe(MAIL_TEXTS.notSent(MAIL_TEXTS.notConfigured));
    const [entry] = await h.database.primary
      .select()
      .from(emailEntries)
      .where(and(eq(emailEntries.company_id, cid), eq(emailEntries.to, 'camille@velo.test')));
    expect(entry).toMatchObject({ kind: 'quote', status: 'not_sent' });

    const placed = await ok<{
      number: string;
      status: string;
      subscription_ids: number[];
      subscriptions: { id: number; number: string; status: string; product_name: string }[];
      items: { id: number }[];
    }>(await req(staff, 'POST', api(`orders/swap-draft/${draftId}`)));
    expect(placed.message).toBe(MESSAGES.orderFinalised);
    expect(placed.data.status).toBe('open');
    expect(placed.data.number).toBe('ORD-1');
    expect(placed.data.subscription_ids).toHaveLength(2);
    // The order names its subscriptions by number, as its screen shows them.
    expect(placed.data.subscriptions.map((x) => [x.id, x.number, x.status])).toEqual([
      [placed.data.subscription_ids[0], 'ORD-1-1', 'active'],
      [placed.data.subscription_ids[1], 'ORD-1-2', 'active'],
    ]);
    // Finalising again: it is no longer a quote.
    const again = await req(staff, 'POST', api(`orders/swap-draft/${draftId}`));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.orderFinaliseFailed);

    const sub = await ok<Record<string, unknown>>(
      await req(staff, 'GET', api(`subscriptions/${placed.data.subscription_ids[0]}`)),
    );
    expect(sub.data).toMatchObject({
      status: 'active',
      number: 'ORD-1-1',
      start_date: '2026-01-31',
      next_billing_date: '2026-02-28',
      minimum_term_end: '2027-01-31',
      price: '89.00',
      frequency: 'monthly',
    });

    const bikeItem = placed.data.items[0]!.id;
    const tracked = await ok(
      await req(staff, 'PUT', api(`order_items/${bikeItem}`), {
        action: 'add_tracking_number',
        tracking_number: '1Z999',
      }),
    );
    expect(tracked.message).toBe(MESSAGES.orderItemUpdated);
    expect(tracked.data).toMatchObject({ tracking_number: '1Z999' });
    const missing = await req(staff, 'PUT', api(`order_items/${bikeItem}`), {
      action: 'add_tracking_number',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('tracking_number');

    const orderId = (draft.data as { id: number }).id;
    const tagged = await ok(await req(staff, 'PUT', api(`orders/${orderId}`), { tag: 'delivery' }));
    expect(tagged.message).toBe(MESSAGES.orderUpdated);
    expect(tagged.data).toMatchObject({ tag: 'delivery', tag_date: '2026-01-31' });
    const history = await ok<{ tag: string }[]>(
      await req(staff, 'GET', api(`order-history?order_id=${orderId}`)),
    );
    expect(history.data.map((e) => e.tag)).toEqual(['delivery']);

    const ended = await ok(
      await req(staff, 'POST', api(`subscriptions/${placed.data.subscription_ids[1]}/end`), {
        reason: 'Moved abroad',
      }),
    );
    expect(ended.data).toMatchObject({
      status: 'ended',
      end_reason: 'Moved abroad',
      next_billing_date: null,
    });
    const actions = await ok<{ actions: { action: string }[] }>(
      await req(staff, 'GET', api(`orders/${orderId}/actions`)),
    );
    expect(actions.data.actions.map((a) => a.action)).toEqual(['cancel', 'fulfil']);
  });

  it('numbers orders without gaps and places an order at once with orders/full', async () => {
    const first = await ok<{ number: string }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    const second = await ok<{ number: string }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    const n = (s: string) => Number(s.replace('ORD-', ''));
    expect(n(second.data.number)).toBe(n(first.data.number) + 1);
    // A refused order takes no number.
    const refused = await req(staff, 'POST', api('orders/full'), cart({ voucher_code: 'NOPE' }));
    expect(refused.statusCode).toBe(422);
    const third = await ok<{ number: string }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    expect(n(third.data.number)).toBe(n(second.data.number) + 1);
  });
});

describe('orders: refusals and tenancy', () => {
  it('answers 422 naming the field', async () => {
    for (const [body, field] of [
      [cart({ customer_id: 999_999 }), 'customer_id'],
      [cart({ items: [] }), 'items'],
      [cart({ items: [{ variant_id: 999_999, quantity: 1, kind: 'purchase' }] }), 'items.0.variant_id'],
      [
        cart({ items: [{ variant_id: bikeVariant, quantity: 1, kind: 'rental' }] }),
        'items.0.billing_interval',
      ],
      [
        cart({
          items: [{ variant_id: bikeVariant, quantity: 1, kind: 'rental', billing_interval: 'annually' }],
        }),
        'items.0.billing_interval',
      ],
      [cart({ voucher_code: 'NOPE' }), 'voucher_code'],
      [cart({ shipping_method_id: 999_999 }), 'shipping_method_id'],
    ] as const) {
      const res = await req(staff, 'POST', api('orders/full'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe(MESSAGES.orderCreateFailed);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('cancels with the spec message, drops the reason "None", and refuses a second cancel', async () => {
    const order = await ok<{ id: number; subscription_ids: number[] }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    const cancelled = await ok(
      await req(staff, 'POST', api(`orders/${order.data.id}/cancel`), { refunded: false, reason: 'None' }),
    );
    expect(cancelled.message).toBe(MESSAGES.orderCancelled);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancellation_reason: null });
    const sub = await ok(await req(staff, 'GET', api(`subscriptions/${order.data.subscription_ids[0]}`)));
    expect(sub.data).toMatchObject({ status: 'cancelled' });
    const twice = await req(staff, 'POST', api(`orders/${order.data.id}/cancel`), { refunded: false });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.orderNotCancellable);
  });

  it('clones an order (original_order_id required) and makes a quote from a subscription', async () => {
    const order = await ok<{ id: number; subscription_ids: number[] }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    const missing = await req(staff, 'POST', api(`orders/${order.data.id}/clone`), {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.original_order_id).toEqual([MESSAGES.cloneOrderIdMissing]);
    const clone = await ok<{ id: number; original_order_id: number; total: string }>(
      await req(staff, 'POST', api(`orders/${order.data.id}/clone`), { original_order_id: order.data.id }),
      201,
    );
    expect(clone.data.original_order_id).toBe(order.data.id);
    const draft = await ok<{ draft_id: number }>(
      await req(staff, 'POST', api('orders/draft'), { subscription_id: order.data.subscription_ids[0] }),
      201,
    );
    const quote = await ok(await req(staff, 'GET', api(`draft-orders/${draft.data.draft_id}`)));
    expect(quote.data).toMatchObject({
      status: 'draft',
      source_subscription_id: order.data.subscription_ids[0],
    });
    expect(await ok(await req(staff, 'DELETE', api(`draft-orders/${draft.data.draft_id}`)))).toMatchObject({
      message: MESSAGES.orderDeleted,
    });
    expect((await req(staff, 'GET', api(`draft-orders/${draft.data.draft_id}`))).statusCode).toBe(404);
    // An order is no quote: not deleted.
    expect((await req(staff, 'DELETE', api(`draft-orders/${order.data.id}`))).statusCode).toBe(404);
  });

  it('changes many orders at once with a result per order', async () => {
    const a = await ok<{ id: number }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    const b = await ok<{ id: number }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    await ok(await req(staff, 'POST', api(`orders/${b.data.id}/cancel`), { refunded: false }));
    const res = await ok<{ updated: number; results: { id: number; ok: boolean; message: string | null }[] }>(
      await req(staff, 'PUT', api('orders'), {
        ids: [a.data.id, b.data.id],
        status: 'fulfilled',
        tag: 'delivered',
      }),
    );
    expect(res.message).toBe(MESSAGES.ordersUpdated);
    expect(res.data.updated).toBe(1);
    expect(res.data.results).toEqual([
      { id: a.data.id, ok: true, message: null },
      { id: b.data.id, ok: false, message: MESSAGES.orderNotFulfillable },
    ]);
    expect((await ok(await req(staff, 'GET', api(`orders/${b.data.id}`)))).data).toMatchObject({
      status: 'cancelled',
      tag: null,
    });
    // An id that is no order of the company refuses the whole change, naming it.
    const foreign = await req(staff, 'PUT', api('orders'), { ids: [a.data.id, 999_999], tag: 'lost' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.ids).toEqual(['No such record: 999999.']);
    expect((await ok(await req(staff, 'GET', api(`orders/${a.data.id}`)))).data).toMatchObject({
      tag: 'delivered',
    });
  });

  it('keeps every order of another company out of reach (404)', async () => {
    const order = await ok<{ id: number }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    for (const [method, url, body] of [
      ['GET', api(`orders/${order.data.id}`, otherCid)],
      ['PUT', api(`orders/${order.data.id}`, otherCid), { tag: 'lost' }],
      ['POST', api(`orders/${order.data.id}/cancel`, otherCid), { refunded: false }],
    ] as const) {
      const res = await req(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await ok<unknown[]>(
      await req(stranger, 'GET', `/read-replica/${otherCid}/rentloopdb/orders`),
    );
    expect(list.data).toEqual([]);
    expect((await ok(await req(staff, 'GET', api(`orders/${order.data.id}`)))).data).toMatchObject({
      tag: null,
    });
  });

  it('lists orders and quotes apart, searchable by number and customer', async () => {
    const list = await ok<{ number: string; status: string }[]>(
      await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/orders?search=ORD-1&per_page=100`),
    );
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((o) => o.status !== 'draft')).toBe(true);
    // Each row counts its own items (two lines per order here).
    const rows = list.data as unknown as { items_count: number }[];
    expect(rows.every((o) => o.items_count === 2)).toBe(true);
    const byCustomer = await ok<unknown[]>(
      await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/orders?search=camille&per_page=100`),
    );
    expect(byCustomer.data.length).toBeGreaterThanOrEqual(list.data.length);
    await ok(await req(staff, 'POST', api('draft-orders'), cart({ voucher_code: null })), 201);
    const quotes = await ok<{ status: string }[]>(
      await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/draft-orders`),
    );
    expect(quotes.data.length).toBeGreaterThan(0);
    expect(quotes.data.every((q) => q.status === 'draft')).toBe(true);
  });
});

describe('order statuses follow the transition table', () => {
  it('allows or refuses every status change from every status, with the table’s message', async () => {
    const order = await ok<{ id: number }>(
      await req(staff, 'POST', api('orders/full'), cart({ voucher_code: null })),
      201,
    );
    const id = order.data.id;
    const setStatus = (status: OrderStatus) =>
      h.database.primary
        .update(orders)
        .set({ status })
        .where(and(eq(orders.id, id), eq(orders.company_id, cid)));
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from === to) continue;
        await setStatus(from);
        const res = await req(staff, 'PUT', api(`orders/${id}`), { status: to });
        const action = orderActionTo(from, to);
        const refused =
          action === null
            ? ORDER_TEXTS.notBackToQuote
            : refusal(ORDER_TRANSITIONS, action, from, { items_count: 2 });
        const what = `${from} -> ${to}`;
        expect(res.statusCode, what).toBe(refused === null ? 200 : 409);
        if (refused !== null) expect(res.json().message, what).toBe(refused);
        const [row] = await h.database.primary
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, id));
        expect(row?.status, what).toBe(refused === null ? to : from);
      }
    }
  });
});
