/**
 * Returns through the API: a subscription's end or cancellation with a unit out opens its return (the
 * cancelled one waits as pending return), received, inspected and closed with each outcome moving the
 * asset through its own table (history kept) and the subscription through its own; stolen or lost;
 * every step allowed and refused from every status as the table says; 422s naming the field; the list's
 * filters and search; 404 across companies.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { RETURN_ACTIONS, RETURN_STATUSES, RETURN_TRANSITIONS } from '@rentloop/domain/returns';
import { allowedActions, refusal } from '@rentloop/domain/transitions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { productTracking, returns } from '../../db/schema/index.ts';
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
let customerId: number;
let otherCid: number;
let otherStaff: TestUser;

type Ret = {
  id: number;
  status: string;
  outcome: string | null;
  source: string;
  product_tracking_id: number;
  subscription_id: number | null;
  customer_name: string | null;
  received_on: string | null;
  received_by: string | null;
  complete: boolean | null;
  missing: string | null;
  damaged: boolean | null;
  closed_by: string | null;
};
type Asset = {
  id: number;
  status: string;
  subscription_id: number | null;
  history: { action: string | null; reason: string | null }[];
};

const api = (c: number, path: string) => `/api/${c}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = staff) =>
  call(h.app, as, { method, url, payload });
async function ok<T = Ret>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T; message: string }).data;
}
const act = (id: number, body: object) => req('POST', api(cid, `returns/${id}/actions`), body);
const subStatus = async (id: number) =>
  (await ok<{ status: string }>(await req('GET', api(cid, `subscriptions/${id}`)))).status;
const asset = async (id: number) => ok<Asset>(await req('GET', api(cid, `product-tracking/${id}`)));
const list = async (query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return ok<Ret[]>(await req('GET', `/read-replica/${cid}/rentloopdb/returns?${qs}`));
};
const returnsOf = async (assetId: number) =>
  list({ filters: JSON.stringify({ product_tracking_id: assetId }) });

/** A subscription of its own order holding the unit `serial` (rented out). */
async function rentedUnit(serial: string) {
  const order = await ok<{ subscription_ids: number[] }>(
    await req('POST', api(cid, 'orders/full'), {
      customer_id: customerId,
      items: [{ variant_id: variantId, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  const sub = order.subscription_ids[0]!;
  const a = await ok<Asset>(
    await req('POST', api(cid, 'product-tracking'), { serial_number: serial, variant_id: variantId }),
    201,
  );
  await ok(await req('POST', api(cid, `subscriptions/${sub}/product-tracking`), { serial_number: serial }));
  return { sub, asset: a.id };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Return Fleet', currency: 'EUR' });
  staff = await createUser(h, { company, role: 'admin' });
  cid = company.id;
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', api(cid, 'products'), {
      name: 'E-bike',
      rental_prices: { monthly: '89.00' },
      variants: [{ sku: 'EB-R', name: 'Large', price: '2400.00' }],
    }),
    201,
  );
  variantId = product.variants[0]!.id;
  customerId = (await ok<{ id: number }>(await req('POST', api(cid, 'customers'), customerBody()), 201)).id;
  const other = await createCompany(h.database, { name: 'Other Returns', currency: 'EUR' });
  otherCid = other.id;
  otherStaff = await createUser(h, { company: other, role: 'admin' });
});

describe('a subscription ending with a unit out', () => {
  it('opens its return on end; received, inspected (battery missing), closed to repair', async () => {
    const { sub, asset: assetId } = await rentedUnit('END-1');
    await ok(await req('POST', api(cid, `subscriptions/${sub}/end`), { reason: 'Moving abroad' }), 200);
    expect(await subStatus(sub)).toBe('ended');
    const [opened] = await returnsOf(assetId);
    expect(opened).toMatchObject({ status: 'pending', source: 'subscription_ended', subscription_id: sub });
    expect(opened!.customer_name).toBeTruthy();
    const actions = await ok<{ actions: { action: string }[] }>(
      await req('GET', api(cid, `returns/${opened!.id}/actions`)),
    );
    expect(actions.actions.map((a) => a.action)).toEqual(['receive', 'report_stolen']);

    const received = await ok(
      await act(opened!.id, { action: 'receive', condition_note: 'Scratched frame' }),
    );
    expect(received).toMatchObject({
      status: 'received',
      received_on: '2026-12-01',
      received_by: 'Test User',
    });
    expect((await asset(assetId)).status).toBe('rented out');
    const inspected = await ok(
      await act(opened!.id, { action: 'inspect', complete: false, missing: 'Battery', damaged: false }),
    );
    expect(inspected).toMatchObject({
      status: 'inspected',
      complete: false,
      missing: 'Battery',
      damaged: false,
    });
    const closed = await ok(
      await act(opened!.id, { action: 'close', outcome: 'to repair', note: 'Needs a battery' }),
    );
    expect(closed).toMatchObject({ status: 'closed', outcome: 'to repair', closed_by: 'Test User' });
    const a = await asset(assetId);
    expect(a).toMatchObject({ status: 'to repair', subscription_id: null });
    expect(a.history[0]).toMatchObject({ action: 'send_to_repair', reason: 'Needs a battery' });
    expect(await subStatus(sub)).toBe('ended');
  });

  it('opens none for a subscription without a unit', async () => {
    const order = await ok<{ subscription_ids: number[] }>(
      await req('POST', api(cid, 'orders/full'), {
        customer_id: customerId,
        items: [{ variant_id: variantId, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
      }),
      201,
    );
    const sub = order.subscription_ids[0]!;
    await ok(await req('POST', api(cid, `subscriptions/${sub}/end`), { reason: 'No unit' }));
    expect(await list({ filters: JSON.stringify({ subscription_id: sub }) })).toEqual([]);
  });

  it('puts a cancelled one in pending return; the unit back in stock ends it with its reason', async () => {
    const { sub, asset: assetId } = await rentedUnit('CANCEL-1');
    await ok(
      await req('PUT', api(cid, 'subscriptions'), { ids: [sub], status: 'cancelled', reason: 'Too dear' }),
    );
    expect(await subStatus(sub)).toBe('pending return');
    const [opened] = await returnsOf(assetId);
    expect(opened).toMatchObject({ status: 'pending', source: 'subscription_cancelled' });
    await ok(await act(opened!.id, { action: 'receive', received_on: '2026-11-30' }));
    await ok(await act(opened!.id, { action: 'inspect', complete: true, damaged: false }));
    await ok(await act(opened!.id, { action: 'close', outcome: 'in stock' }));
    expect(await asset(assetId)).toMatchObject({ status: 'in stock', subscription_id: null });
    expect(await subStatus(sub)).toBe('ended');
  });
});

describe('opening a return by hand', () => {
  it('opens one for a rented out unit (its running subscription pending return), refuses others', async () => {
    const { sub, asset: assetId } = await rentedUnit('HAND-1');
    const created = await ok(
      await req('POST', api(cid, 'returns'), {
        product_tracking_id: assetId,
        carrier: 'DHL',
        tracking_number: 'JD014600006281',
      }),
      201,
    );
    expect(created).toMatchObject({ status: 'pending', source: 'manual', subscription_id: sub });
    expect(await subStatus(sub)).toBe('pending return');
    const again = await req('POST', api(cid, 'returns'), { product_tracking_id: assetId });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.product_tracking_id).toEqual([MESSAGES.returnAssetHasOpen]);
    const inStock = await ok<Asset>(
      await req('POST', api(cid, 'product-tracking'), { serial_number: 'HAND-2', variant_id: variantId }),
      201,
    );
    const notOut = await req('POST', api(cid, 'returns'), { product_tracking_id: inStock.id });
    expect(notOut.statusCode).toBe(422);
    expect(notOut.json().errors.product_tracking_id).toEqual([MESSAGES.returnAssetNotOut]);
    // The parcel and the note can be set while it is open.
    const updated = await ok(
      await req('PUT', api(cid, `returns/${created.id}`), { carrier: 'UPS', tracking_number: '1Z999' }),
    );
    expect(updated).toMatchObject({ carrier: 'UPS', tracking_number: '1Z999' });
    expect(await list({ search: '1z999' })).toHaveLength(1);
    // Stolen before it arrived: the asset stolen, the subscription lost/stolen.
    const stolen = await ok(await act(created.id, { action: 'report_stolen', note: 'Never sent back' }));
    expect(stolen).toMatchObject({ status: 'closed', outcome: 'stolen' });
    expect((await asset(assetId)).status).toBe('stolen');
    expect(await subStatus(sub)).toBe('lost/stolen');
    const closedPut = await req('PUT', api(cid, `returns/${created.id}`), { carrier: 'DHL' });
    expect(closedPut.statusCode).toBe(409);
  });

  it('removes a unit from the fleet through the asset table (returned, then removed)', async () => {
    const { asset: assetId } = await rentedUnit('REMOVE-1');
    const r = await ok(await req('POST', api(cid, 'returns'), { product_tracking_id: assetId }), 201);
    await ok(await act(r.id, { action: 'receive' }));
    await ok(await act(r.id, { action: 'inspect', complete: true, damaged: true, damage: 'Bent frame' }));
    await ok(await act(r.id, { action: 'close', outcome: 'removed' }));
    const a = await asset(assetId);
    expect(a.status).toBe('removed');
    expect(a.history.slice(0, 2).map((e) => e.action)).toEqual(['remove', 'return']);
  });
});

describe('return steps follow the transition table', () => {
  it('allows or refuses every action from every status', async () => {
    const { asset: assetId } = await rentedUnit('TABLE-R');
    const r = await ok(await req('POST', api(cid, 'returns'), { product_tracking_id: assetId }), 201);
    const bodies: Record<string, object> = {
      receive: { action: 'receive' },
      inspect: { action: 'inspect', complete: true, damaged: false },
      close: { action: 'close', outcome: 'broken' },
      report_stolen: { action: 'report_stolen' },
    };
    const reset = async (status: (typeof RETURN_STATUSES)[number]) => {
      await h.database.primary
        .update(returns)
        .set({ status, outcome: null })
        .where(and(eq(returns.id, r.id), eq(returns.company_id, cid)));
      await h.database.primary
        .update(productTracking)
        .set({ status: 'rented out' })
        .where(and(eq(productTracking.id, assetId), eq(productTracking.company_id, cid)));
    };
    let checked = 0;
    for (const from of RETURN_STATUSES) {
      await reset(from);
      const offered = await ok<{ status: string; actions: unknown[] }>(
        await req('GET', api(cid, `returns/${r.id}/actions`)),
      );
      expect(offered, from).toEqual({
        status: from,
        actions: allowedActions(RETURN_TRANSITIONS, from, undefined),
      });
      for (const action of RETURN_ACTIONS) {
        await reset(from);
        const res = await act(r.id, bodies[action]!);
        const refused = refusal(RETURN_TRANSITIONS, action, from, undefined);
        if (refused === null)
          expect((await ok(res)).status, `${action} from ${from}`).toBe(
            RETURN_TRANSITIONS.find((t) => t.action === action)!.to,
          );
        else {
          expect(res.statusCode, `${action} from ${from}`).toBe(409);
          expect(res.json().message).toBe(refused);
        }
        checked++;
      }
    }
    expect(checked).toBe(RETURN_STATUSES.length * RETURN_ACTIONS.length);
  });

  it('names the field of a bad step', async () => {
    const { asset: assetId } = await rentedUnit('BAD-R');
    const r = await ok(await req('POST', api(cid, 'returns'), { product_tracking_id: assetId }), 201);
    const cases: [object, string][] = [
      [{ action: 'ship' }, 'action'],
      [{ action: 'receive', received_on: '2026-12-02' }, 'received_on'],
      [{ action: 'receive', received_on: '2026-02-30' }, 'received_on'],
      [{ action: 'inspect', damaged: false }, 'complete'],
      [{ action: 'inspect', complete: true }, 'damaged'],
      [{ action: 'inspect', complete: false, damaged: false }, 'missing'],
      [{ action: 'inspect', complete: true, damaged: true }, 'damage'],
      [{ action: 'close' }, 'outcome'],
      [{ action: 'close', outcome: 'stolen' }, 'outcome'],
    ];
    for (const [body, field] of cases) {
      const res = await act(r.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    for (const body of [{}, { product_tracking_id: 'x' }, { product_tracking_id: 999_999 }]) {
      const res = await req('POST', api(cid, 'returns'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toHaveProperty('product_tracking_id');
    }
  });
});

describe('the list and other companies', () => {
  it('filters by status and outcome, searches by serial and customer', async () => {
    const closed = await list({ filters: JSON.stringify({ status: 'closed' }) });
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((r) => r.status === 'closed')).toBe(true);
    const stolen = await list({ filters: JSON.stringify({ outcome: 'stolen' }) });
    expect(stolen.map((r) => r.outcome)).toEqual(['stolen']);
    expect((await list({ search: 'end-1' })).map((r) => r.source)).toEqual(['subscription_ended']);
    const all = await list({});
    const name = all[0]!.customer_name!;
    expect((await list({ search: name.toLowerCase() })).length).toBe(all.length);
    const today = await list({
      filters: JSON.stringify({ created_from: '2026-12-01', created_to: '2026-12-01' }),
    });
    expect(today.length).toBe(all.length);
    expect(await list({ filters: JSON.stringify({ created_from: '2026-12-02' }) })).toEqual([]);
    const bad = await req(
      'GET',
      `/read-replica/${cid}/rentloopdb/returns?filters=${encodeURIComponent('{"status":"lost"}')}`,
    );
    expect(bad.statusCode).toBe(422);
  });

  it('answers 404 for another company’s return', async () => {
    const [any] = await list({});
    for (const path of [`returns/${any!.id}`, `returns/${any!.id}/actions`]) {
      const res = await call(h.app, otherStaff, { method: 'GET', url: api(otherCid, path) });
      expect(res.statusCode, path).toBe(404);
    }
    const res = await call(h.app, otherStaff, {
      method: 'POST',
      url: api(otherCid, `returns/${any!.id}/actions`),
      payload: { action: 'receive' },
    });
    expect(res.statusCode).toBe(404);
  });
});
