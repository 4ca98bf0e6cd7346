/**
 * Subscriptions through the API: every status change allowed or refused exactly as the transition table
 * says (computed from the table, from every status to every other), the actions the screens are offered,
 * ending, reactivating, auto-renew, adding one by hand, and the unit's tracking and buyout.
 */

import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import { SUBSCRIPTION_TRANSITIONS, subscriptionActionTo } from '@rentloop/domain/subscriptions';
import { allowedActions, refusal } from '@rentloop/domain/transitions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { subscriptions } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const clock = fixedClock('2026-12-31T15:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let orderId: number;
let itemId: number;
let variantId: number;
let subs: number[];

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(h.app, staff, { method, url, payload });
async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string };
}
const setStatus = (id: number, status: SubscriptionStatus) =>
  h.database.primary
    .update(subscriptions)
    .set({ status, next_billing_date: '2027-01-31' })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.company_id, cid)));
const statusOf = async (id: number) =>
  (await ok<{ status: SubscriptionStatus }>(await req('GET', api(`subscriptions/${id}`)))).data.status;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Sub Loop', currency: 'CAD' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'Cargo bike',
      rental_prices: { monthly: '120.00', annually: '1200.00' },
      minimum_term_months: 6,
      buyout_price: '900.00',
      variants: [{ sku: 'CARGO-1', name: 'Long tail', price: '3000.00' }],
    }),
    201,
  );
  variantId = product.data.variants[0]!.id;
  const customer = await ok<{ id: number }>(await req('POST', api('customers'), customerBody()), 201);
  const order = await ok<{ id: number; items: { id: number }[]; subscription_ids: number[] }>(
    await req('POST', api('orders/full'), {
      customer_id: customer.data.id,
      items: [{ variant_id: variantId, quantity: 3, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  orderId = order.data.id;
  itemId = order.data.items[0]!.id;
  subs = order.data.subscription_ids;
});

describe('subscription statuses follow the transition table', () => {
  it('allows or refuses every change from every status to every other, with the table’s message', async () => {
    const id = subs[0]!;
    let checked = 0;
    for (const from of SUBSCRIPTION_STATUSES) {
      for (const to of SUBSCRIPTION_STATUSES) {
        if (from === to) continue;
        await setStatus(id, from);
        const res = await ok<{ updated: number; results: { ok: boolean; message: string | null }[] }>(
          await req('PUT', api('subscriptions'), { ids: [id], status: to, reason: 'Table check' }),
        );
        const action = subscriptionActionTo(from, to);
        const refused =
          action === null
            ? `A subscription cannot go from "${from}" to "${to}".`
            : refusal(SUBSCRIPTION_TRANSITIONS, action, from, { status: from, reason: 'Table check' });
        const what = `${from} -> ${to}`;
        expect(res.data.results[0], what).toEqual({ id, ok: refused === null, message: refused });
        expect(await statusOf(id), what).toBe(refused === null ? to : from);
        checked++;
      }
    }
    expect(checked).toBe(SUBSCRIPTION_STATUSES.length * (SUBSCRIPTION_STATUSES.length - 1));
  });

  it('offers exactly the actions the table allows from each status', async () => {
    const id = subs[0]!;
    for (const status of SUBSCRIPTION_STATUSES) {
      await setStatus(id, status);
      const res = await ok<{ status: string; actions: { action: string; to: string }[] }>(
        await req('GET', api(`subscriptions/${id}/actions`)),
      );
      expect(res.data, status).toEqual({
        status,
        actions: allowedActions(SUBSCRIPTION_TRANSITIONS, status, { status, reason: undefined }),
      });
    }
  });

  it('refuses to reactivate an active subscription with the spec message', async () => {
    const id = subs[1]!;
    await setStatus(id, 'active');
    const res = await req('PUT', api(`subscriptions/${id}`), { action: 'reactivate' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.subscriptionAlreadyActive);
  });
});

describe('ending, reactivating and auto-renew', () => {
  it('ends with a reason (required), then reactivates billing from the next period after today', async () => {
    const id = subs[2]!;
    await setStatus(id, 'active');
    const missing = await req('POST', api(`subscriptions/${id}/end`), {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('reason');
    const ended = await ok(await req('POST', api(`subscriptions/${id}/end`), { reason: 'Returned early' }));
    expect(ended.message).toBe(MESSAGES.subscriptionEnded);
    expect(ended.data).toMatchObject({
      status: 'ended',
      end_reason: 'Returned early',
      next_billing_date: null,
    });
    expect(ended.data.ended_at).toBe('2026-12-31T15:00:00.000Z');
    const again = await req('POST', api(`subscriptions/${id}/end`), { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const back = await ok(await req('PUT', api(`subscriptions/${id}`), { action: 'reactivate' }));
    expect(back.message).toBe(MESSAGES.subscriptionReactivated);
    expect(back.data).toMatchObject({ status: 'active', ended_at: null, end_reason: null });
    // Started today (31 December, company time): the next boundary after today is 31 January.
    expect(back.data.next_billing_date).toBe('2027-01-31');
  });

  it('toggles auto-renew and changes the fields staff may change', async () => {
    const id = subs[1]!;
    const off = await ok(
      await req('PUT', api(`subscriptions/${id}`), { action: 'auto_renew', auto_renew: false }),
    );
    expect(off.message).toBe(MESSAGES.autoRenewUpdated);
    expect(off.data).toMatchObject({ auto_renew: false });
    const changed = await ok(
      await req('PUT', api(`subscriptions/${id}`), { price: '110.5', price_mode: 'changeable' }),
    );
    expect(changed.data).toMatchObject({ price: '110.50', price_mode: 'changeable' });
    const tooPrecise = await req('PUT', api(`subscriptions/${id}`), { price: '110.505' });
    expect(tooPrecise.statusCode).toBe(422);
    expect(tooPrecise.json().errors).toHaveProperty('price');
  });
});

describe('adding, tracking and buying out', () => {
  it('adds a subscription to a placed order by hand, numbered after the order’s', async () => {
    const made = await ok<{ number: string; next_billing_date: string; minimum_term_end: string }>(
      await req('POST', api('subscriptions'), {
        order_id: orderId,
        order_item_id: itemId,
        variant_id: variantId,
        frequency: 'monthly',
        interval: 3,
        price: '330.00',
        tax_percent: '13',
        start_date: '2027-01-31',
        minimum_term_months: 12,
      }),
      201,
    );
    expect(made.data).toMatchObject({
      number: expect.stringMatching(/-4$/),
      next_billing_date: '2027-04-30',
      minimum_term_end: '2028-01-31',
    });
    const foreignItem = await req('POST', api('subscriptions'), {
      order_id: orderId,
      order_item_id: 999_999,
      variant_id: variantId,
      frequency: 'monthly',
      price: '1',
      tax_percent: '0',
      start_date: '2027-01-01',
    });
    expect(foreignItem.statusCode).toBe(422);
    expect(foreignItem.json().errors).toHaveProperty('order_item_id');
  });

  it('shows where the unit is and what buying it out costs', async () => {
    const id = subs[0]!;
    await ok(
      await req('PUT', api(`order_items/${itemId}`), {
        action: 'add_tracking_number',
        tracking_number: 'CP-77',
      }),
    );
    const tracking = await ok(await req('GET', api(`subscriptions/${id}/product-tracking`)));
    expect(tracking.data).toMatchObject({
      order_id: orderId,
      order_item_id: itemId,
      tracking_number: 'CP-77',
    });
    const buyout = await ok(await req('GET', api(`subscriptions/${id}/buyout`)));
    expect(buyout.data).toEqual({
      buyout_price: '900.00',
      source: 'catalog',
      paid_so_far: '0.00',
      amount_due: '900.00',
      currency: 'CAD',
      bought_out_at: null,
    });
  });
});
