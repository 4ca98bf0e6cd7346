/**
 * A replacement unit going out (issue 26 part 6), through the API: `POST orders/swap` puts the missing
 * unit's subscription in "pending replacement" and tags its order "replacement"; renting a unit out to
 * that subscription (by serial on the subscription, or the asset's "Rent out") writes the missing unit
 * off as stolen (broken when damaged on arrival; a faulty one asked for on the subscription goes to
 * repair), rents the new one out, runs the subscription again and tags the order "replaced", all
 * or nothing. Another company's subscription is not there to be given a unit.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const clock = fixedClock('2026-12-01T09:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let variantId: number;

type Asset = {
  id: number;
  serial_number: string;
  status: string;
  subscription_id: number | null;
  history: {
    to_status: string;
    action: string | null;
    reason: string | null;
    subscription_id: number | null;
  }[];
};

const api = (path: string, c = cid) => `/api/${c}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = staff) =>
  call(h.app, as, { method, url, payload });
async function ok<T = Asset>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
}
const asset = async (id: number) => ok(await req('GET', api(`product-tracking/${id}`)));
const subscription = async (id: number) =>
  ok<{ status: string; next_billing_date: string | null }>(await req('GET', api(`subscriptions/${id}`)));
const orderTag = async (id: number) =>
  (await ok<{ tag: string | null }>(await req('GET', api(`orders/${id}`)))).tag;
const newUnit = async (serial: string) =>
  ok(await req('POST', api('product-tracking'), { serial_number: serial, variant_id: variantId }), 201);
const scan = (sub: number, serial: string, reason?: string) =>
  req('POST', api(`subscriptions/${sub}/product-tracking`), {
    serial_number: serial,
    reason: reason ?? null,
  });

/** A placed order of one rented unit, the unit out to its subscription: the order, item and subscription. */
async function rentedOrder(serial: string) {
  const customer = await ok<{ id: number }>(await req('POST', api('customers'), customerBody()), 201);
  const order = await ok<{ id: number; subscription_ids: number[] }>(
    await req('POST', api('orders/full'), {
      customer_id: customer.id,
      items: [{ variant_id: variantId, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  const detail = await ok<{ items: { id: number }[] }>(await req('GET', api(`orders/${order.id}`)));
  const sub = order.subscription_ids[0]!;
  const unit = await newUnit(serial);
  await ok(await scan(sub, serial));
  return { order: order.id, item: detail.items[0]!.id, sub, unit };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Replacement Fleet', currency: 'EUR' });
  staff = await createUser(h, { company, role: 'admin' });
  cid = company.id;
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'Cargo bike',
      rental_prices: { monthly: '119.00' },
      variants: [{ sku: 'CB-1', name: 'Standard', price: '3200.00' }],
    }),
    201,
  );
  variantId = product.variants[0]!.id;
});

describe('a replacement unit going out', () => {
  it('writes the missing unit off, rents the new one out, runs the subscription and tags the order', async () => {
    const { order, item, sub, unit } = await rentedOrder('CB-MISSING');
    expect((await subscription(sub)).status).toBe('active');
    await ok(
      await req('POST', api('orders/swap'), { order, missing_product: item, reason: 'Lost in delivery' }),
    );
    expect((await subscription(sub)).status).toBe('pending replacement');
    expect(await orderTag(order)).toBe('replacement');

    const replacement = await newUnit('CB-NEW');
    const given = await ok(await scan(sub, 'cb-new', 'Courier lost the first'));
    expect(given).toMatchObject({ id: replacement.id, status: 'rented out', subscription_id: sub });

    const missing = await asset(unit.id);
    expect(missing.status).toBe('stolen');
    // It keeps the subscription it was lost with; its history (newest first) names the replacement and the why.
    expect(missing.subscription_id).toBe(sub);
    expect(missing.history[0]).toMatchObject({
      to_status: 'stolen',
      action: 'mark_stolen',
      reason: 'Missing: replaced by CB-NEW. Courier lost the first',
      subscription_id: sub,
    });
    const running = await subscription(sub);
    expect(running.status).toBe('active');
    expect(running.next_billing_date).not.toBeNull();
    expect(await orderTag(order)).toBe('replaced');
    // The subscription's unit is the new one.
    const held = await ok<{ asset: { serial_number: string; status: string } | null }>(
      await req('GET', api(`subscriptions/${sub}/product-tracking`)),
    );
    expect(held.asset).toMatchObject({ serial_number: 'CB-NEW', status: 'rented out' });
  });

  it('writes a unit swapped as damaged on arrival off as broken, not stolen', async () => {
    const { order, item, sub, unit } = await rentedOrder('CB-DENTED');
    await ok(
      await req('POST', api('orders/swap'), { order, missing_product: item, reason: 'Damaged on arrival' }),
    );
    await newUnit('CB-SOUND');
    await ok(await scan(sub, 'CB-SOUND'));
    const damaged = await asset(unit.id);
    expect(damaged.status).toBe('broken');
    expect(damaged.history[0]).toMatchObject({
      to_status: 'broken',
      action: 'mark_broken',
      reason: 'Damaged on arrival: replaced by CB-SOUND',
    });
    expect((await subscription(sub)).status).toBe('active');
  });

  it('sends a unit reported faulty on the subscription to repair, not written off', async () => {
    const { sub, unit } = await rentedOrder('CB-FAULTY');
    // Asked for on the subscription itself (the customer's unit stopped working), not an order's swap.
    await ok(await req('PUT', api('subscriptions'), { ids: [sub], status: 'pending replacement' }));
    expect((await subscription(sub)).status).toBe('pending replacement');
    await newUnit('CB-SWAPPED');
    await ok(await scan(sub, 'CB-SWAPPED'));
    const faulty = await asset(unit.id);
    expect(faulty).toMatchObject({ status: 'to repair', subscription_id: null });
    expect(faulty.history[0]).toMatchObject({
      to_status: 'to repair',
      action: 'send_to_repair',
      reason: 'Faulty: replaced by CB-SWAPPED',
    });
    // Its repair is open, naming the unit.
    const repairs = await ok<{ product_tracking_id: number; status: string }[]>(
      await req('GET', `/read-replica/${cid}/rentloopdb/repairs?product_tracking_id=${unit.id}`),
    );
    expect(repairs.map((r) => r.product_tracking_id)).toEqual([unit.id]);
    expect((await subscription(sub)).status).toBe('active');
  });

  it('works from the asset page too, and for a subscription that held no tracked unit', async () => {
    const customer = await ok<{ id: number }>(await req('POST', api('customers'), customerBody()), 201);
    const placed = await ok<{ id: number; subscription_ids: number[] }>(
      await req('POST', api('orders/full'), {
        customer_id: customer.id,
        items: [{ variant_id: variantId, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
      }),
      201,
    );
    const detail = await ok<{ items: { id: number }[] }>(await req('GET', api(`orders/${placed.id}`)));
    const sub = placed.subscription_ids[0]!;
    await ok(
      await req('POST', api('orders/swap'), { order: placed.id, missing_product: detail.items[0]!.id }),
    );
    const replacement = await newUnit('CB-FRESH');
    const rented = await ok(
      await req('POST', api(`product-tracking/${replacement.id}/actions`), {
        action: 'rent_out',
        subscription_id: sub,
        reason: null,
      }),
    );
    expect(rented).toMatchObject({ status: 'rented out', subscription_id: sub });
    expect((await subscription(sub)).status).toBe('active');
    expect(await orderTag(placed.id)).toBe('replaced');
  });

  it('changes nothing when the replacement is refused', async () => {
    const { order, item, sub, unit } = await rentedOrder('CB-KEEP');
    await ok(await req('POST', api('orders/swap'), { order, missing_product: item }));
    // A unit that is not in stock cannot go out: the missing unit and the subscription stay as they were.
    const broken = await newUnit('CB-BROKEN');
    await ok(
      await req('POST', api(`product-tracking/${broken.id}/actions`), {
        action: 'mark_broken',
        reason: null,
      }),
    );
    const refused = await scan(sub, 'CB-BROKEN');
    expect(refused.statusCode).toBe(409);
    expect((await asset(unit.id)).status).toBe('rented out');
    expect((await subscription(sub)).status).toBe('pending replacement');
    expect(await orderTag(order)).toBe('replacement');
  });

  it('still refuses a second unit to a running subscription, and a subscription that is not running', async () => {
    const { sub } = await rentedOrder('CB-HELD');
    await newUnit('CB-SECOND');
    const second = await scan(sub, 'CB-SECOND');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.assetSubscriptionHolds);
    await ok(await req('PUT', api('subscriptions'), { ids: [sub], status: 'paused' }));
    const paused = await scan(sub, 'CB-SECOND');
    expect(paused.statusCode).toBe(422);
    expect(paused.json().errors.subscription_id).toEqual([MESSAGES.assetSubscriptionNotRunning]);
  });

  it('answers 404 for another company’s subscription', async () => {
    const { sub } = await rentedOrder('CB-MINE');
    const company = await createCompany(h.database, { name: 'Elsewhere', currency: 'EUR' });
    const stranger = await createUser(h, { company, role: 'admin' });
    const res = await req(
      'POST',
      api(`subscriptions/${sub}/product-tracking`, company.id),
      {
        serial_number: 'CB-MINE',
      },
      stranger,
    );
    expect(res.statusCode).toBe(404);
  });
});
