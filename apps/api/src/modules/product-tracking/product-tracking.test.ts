/**
 * Assets (product tracking) through the API: creating one ("Tracking created."), 422s naming the field,
 * serial numbers unique under concurrent creation, every action allowed and refused from every status as
 * the transition table says, renting out to a subscription by serial, the history (who, why, which
 * subscription), the list's filters (incl. the 30/90/180-day status range) and search, and 404 across
 * companies.
 */
import { ASSET_STATUSES, type AssetStatus } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import { ASSET_ACTIONS, ASSET_TRANSITIONS } from '@rentloop/domain/product-tracking';
import { allowedActions, refusal } from '@rentloop/domain/transitions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { productTracking } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  signInAgain,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const clock = fixedClock('2026-12-01T09:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let other: { cid: number; staff: TestUser; variant: number; bundle: number };
let variantId: number;
let productId: number;
let subs: number[];

type Asset = {
  id: number;
  serial_number: string;
  status: AssetStatus;
  subscription_id: number | null;
  products: number[];
  purchase_cost: string | null;
  history: {
    from_status: string | null;
    to_status: string;
    action: string | null;
    reason: string | null;
    subscription_id: number | null;
    user_name: string | null;
  }[];
};

const api = (c: number, path: string) => `/api/${c}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = staff) =>
  call(h.app, as, { method, url, payload });
async function ok<T = Asset>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string };
}
const create = (body: object, c = cid, as = staff) => req('POST', api(c, 'product-tracking'), body, as);
const act = (id: number, body: object) => req('POST', api(cid, `product-tracking/${id}/actions`), body);
const list = async (query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return (await ok<Asset[]>(await req('GET', `/read-replica/${cid}/rentloopdb/product-tracking?${qs}`))).data;
};

async function companyWithVariant(name: string) {
  const company = await createCompany(h.database, { name, currency: 'CAD' });
  const user = await createUser(h, { company, role: 'admin' });
  const product = await ok<{ id: number; variants: { id: number }[] }>(
    await req(
      'POST',
      api(company.id, 'products'),
      {
        name: 'E-bike',
        rental_prices: { monthly: '89.00' },
        variants: [{ sku: 'EB-1', name: 'Large', price: '2400.00' }],
      },
      user,
    ),
    201,
  );
  const bundle = await ok<{ id: number }>(
    await req('POST', api(company.id, 'bundles'), { name: 'Commuter set', price: '99.00' }, user),
    201,
  );
  const variant = product.data.variants[0]!.id;
  await ok(
    await req(
      'POST',
      api(company.id, `bundles/${bundle.data.id}/variants/add`),
      { variants: [{ variant_id: variant }] },
      user,
    ),
  );
  return { cid: company.id, staff: user, variant, product: product.data.id, bundle: bundle.data.id };
}

beforeAll(async () => {
  const mine = await companyWithVariant('Asset Fleet');
  cid = mine.cid;
  staff = mine.staff;
  variantId = mine.variant;
  productId = mine.product;
  other = await companyWithVariant('Other Fleet');
  const customer = await ok<{ id: number }>(await req('POST', api(cid, 'customers'), customerBody()), 201);
  const order = await ok<{ subscription_ids: number[] }>(
    await req('POST', api(cid, 'orders/full'), {
      customer_id: customer.data.id,
      items: [{ variant_id: variantId, quantity: 2, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  subs = order.data.subscription_ids;
});

describe('creating an asset', () => {
  it('tracks a new unit in stock, with its purchase and first history entry', async () => {
    const res = await ok(
      await create({
        serial_number: 'EB-0001',
        variant_id: variantId,
        purchase_cost: '1899.5',
        purchase_date: '2026-11-02',
        location: 'Shelf A3',
      }),
      201,
    );
    expect(res.message).toBe(MESSAGES.trackingCreated);
    expect(res.data).toMatchObject({
      serial_number: 'EB-0001',
      status: 'in stock',
      products: [productId],
      purchase_cost: '1899.50',
      subscription_id: null,
    });
    expect(res.data.history).toEqual([
      expect.objectContaining({
        from_status: null,
        to_status: 'in stock',
        action: null,
        user_name: 'Test User',
      }),
    ]);
  });

  it('refuses bad input with a 422 naming the field, and says so', async () => {
    const cases: [object, string][] = [
      [{ variant_id: variantId }, 'serial_number'],
      [{ serial_number: 'X1' }, 'variant_id'],
      [{ serial_number: 'X1', variant_id: variantId, bundle_id: 1 }, 'bundle_id'],
      [{ serial_number: 'X1', variant_id: other.variant }, 'variant_id'],
      [{ serial_number: 'X1', bundle_id: 999_999 }, 'bundle_id'],
      [{ serial_number: 'X1', bundle_id: other.bundle }, 'bundle_id'],
      [{ serial_number: 'X1', variant_id: variantId, purchase_cost: '1.005' }, 'purchase_cost'],
      [{ serial_number: 'X1', variant_id: variantId, purchase_date: '2026-02-30' }, 'purchase_date'],
      [{ serial_number: 'eb-0001', variant_id: variantId }, 'serial_number'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
  });

  it('keeps serial numbers unique under concurrent creation: one 201, the others 422', async () => {
    const bodies = ['RACE-7', 'race-7', 'Race-7', 'RACE-7', 'rAcE-7'].map((serial_number) => ({
      serial_number,
      variant_id: variantId,
    }));
    const results = await Promise.all(bodies.map((b) => create(b)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().errors.serial_number).toEqual([MESSAGES.assetSerialTaken]);
    expect(await list({ search: 'race-7' })).toHaveLength(1);
  });

  it('lets another company use the same serial number', async () => {
    await ok(
      await create({ serial_number: 'EB-0001', variant_id: other.variant }, other.cid, other.staff),
      201,
    );
  });
});

describe('asset statuses follow the transition table', () => {
  it('allows or refuses every action from every status, and offers exactly the allowed ones', async () => {
    const asset = (await ok(await create({ serial_number: 'TABLE-1', variant_id: variantId }), 201)).data;
    const setStatus = (status: AssetStatus) =>
      h.database.primary
        .update(productTracking)
        .set({ status, subscription_id: null })
        .where(and(eq(productTracking.id, asset.id), eq(productTracking.company_id, cid)));
    let checked = 0;
    for (const from of ASSET_STATUSES) {
      await setStatus(from);
      const offered = await ok<{ status: string; actions: unknown[] }>(
        await req('GET', api(cid, `product-tracking/${asset.id}/actions`)),
      );
      expect(offered.data, from).toEqual({
        status: from,
        actions: allowedActions(ASSET_TRANSITIONS, from, undefined),
      });
      for (const action of ASSET_ACTIONS) {
        await setStatus(from);
        const res = await act(asset.id, { action, reason: 'Table check', subscription_id: subs[0] });
        const refused = refusal(ASSET_TRANSITIONS, action, from, undefined);
        const what = `${action} from ${from}`;
        if (refused === null) {
          const done = await ok(res);
          const to = ASSET_TRANSITIONS.find((t) => t.action === action)!.to;
          expect(done.data.status, what).toBe(to);
          expect(done.data.history[0], what).toMatchObject({
            from_status: from,
            to_status: to,
            action,
            reason: 'Table check',
          });
        } else {
          expect(res.statusCode, what).toBe(409);
          expect(res.json().message, what).toBe(refused);
        }
        checked++;
      }
    }
    expect(checked).toBe(ASSET_STATUSES.length * ASSET_ACTIONS.length);
  });

  it('names the field of a bad action', async () => {
    const asset = (await ok(await create({ serial_number: 'ACT-1', variant_id: variantId }), 201)).data;
    const noSub = await act(asset.id, { action: 'rent_out' });
    expect(noSub.statusCode).toBe(422);
    expect(noSub.json().errors).toHaveProperty('subscription_id');
    const unknown = await act(asset.id, { action: 'sell' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('action');
    const foreignSub = await act(asset.id, { action: 'rent_out', subscription_id: 999_999 });
    expect(foreignSub.statusCode).toBe(422);
    expect(foreignSub.json().errors).toHaveProperty('subscription_id');
  });
});

describe('renting out to a subscription', () => {
  it('assigns the unit by serial, answers it for the subscription, refuses a second, returns it', async () => {
    const sub = subs[1]!;
    const a = (await ok(await create({ serial_number: 'RENT-1', variant_id: variantId }), 201)).data;
    await ok(await create({ serial_number: 'RENT-2', variant_id: variantId }), 201);
    const assigned = await ok(
      await req('POST', api(cid, `subscriptions/${sub}/product-tracking`), {
        serial_number: 'rent-1',
        reason: 'Scanned at dispatch',
      }),
    );
    expect(assigned.data).toMatchObject({ id: a.id, status: 'rented out', subscription_id: sub });
    expect(assigned.data.history[0]).toMatchObject({
      action: 'rent_out',
      subscription_id: sub,
      reason: 'Scanned at dispatch',
      user_name: 'Test User',
    });
    const held = await ok<{ asset: Asset | null; serial_number: string | null }>(
      await req('GET', api(cid, `subscriptions/${sub}/product-tracking`)),
    );
    expect(held.data.asset).toMatchObject({ id: a.id, serial_number: 'RENT-1' });
    expect(await list({ filters: JSON.stringify({ subscription_id: sub }) })).toEqual([
      expect.objectContaining({ id: a.id }),
    ]);

    const second = await req('POST', api(cid, `subscriptions/${sub}/product-tracking`), {
      serial_number: 'RENT-2',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.assetSubscriptionHolds);
    const missing = await req('POST', api(cid, `subscriptions/${sub}/product-tracking`), {
      serial_number: 'NOPE-1',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.serial_number).toEqual([MESSAGES.assetSerialNotFound]);

    const back = await ok(await act(a.id, { action: 'return', reason: 'Came back' }));
    expect(back.data).toMatchObject({ status: 'in stock', subscription_id: null });
    expect(back.data.history[0]).toMatchObject({
      from_status: 'rented out',
      to_status: 'in stock',
      subscription_id: sub,
    });
    // The subscription still answers the unit it had.
    const had = await ok<{ asset: Asset | null }>(
      await req('GET', api(cid, `subscriptions/${sub}/product-tracking`)),
    );
    expect(had.data.asset).toMatchObject({ id: a.id, status: 'in stock' });
  });

  it("names each item's unit on the order page: the one rented out, else the last one held", async () => {
    type Detail = {
      items: { id: number }[];
      subscriptions: {
        id: number;
        order_item_id: number | null;
        asset: { id: number; serial_number: string; status: string } | null;
      }[];
    };
    // An order of its own: the other tests rent units to the shared order's subscriptions.
    const customer = await ok<{ id: number }>(await req('POST', api(cid, 'customers'), customerBody()), 201);
    const order = await ok<{ id: number; subscription_ids: number[] }>(
      await req('POST', api(cid, 'orders/full'), {
        customer_id: customer.data.id,
        items: [{ variant_id: variantId, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
      }),
      201,
    );
    const sub = order.data.subscription_ids[0]!;
    const unitOfSub = async () => {
      const detail = (await ok<Detail>(await req('GET', api(cid, `orders/${order.data.id}`)))).data;
      const entry = detail.subscriptions.find((s) => s.id === sub);
      expect(entry?.order_item_id).toBe(detail.items[0]!.id);
      return entry?.asset;
    };
    expect(await unitOfSub()).toBeNull();
    const first = (await ok(await create({ serial_number: 'ORD-1', variant_id: variantId }), 201)).data;
    const second = (await ok(await create({ serial_number: 'ORD-2', variant_id: variantId }), 201)).data;
    await ok(
      await req('POST', api(cid, `subscriptions/${sub}/product-tracking`), { serial_number: 'ORD-1' }),
    );
    expect(await unitOfSub()).toEqual({ id: first.id, serial_number: 'ORD-1', status: 'rented out' });
    // Returned, then a replacement unit rented out: the page names the unit out now.
    await ok(await act(first.id, { action: 'return', reason: 'Swapped' }));
    expect(await unitOfSub()).toEqual({ id: first.id, serial_number: 'ORD-1', status: 'in stock' });
    await ok(
      await req('POST', api(cid, `subscriptions/${sub}/product-tracking`), { serial_number: 'ORD-2' }),
    );
    expect(await unitOfSub()).toEqual({ id: second.id, serial_number: 'ORD-2', status: 'rented out' });
    // Another company's order is not there to read.
    const foreign = await req('GET', api(other.cid, `orders/${order.data.id}`), undefined, other.staff);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the assets list', () => {
  it('filters by status, variant, product and the tracked-status range, and searches by serial', async () => {
    const a = (await ok(await create({ serial_number: 'RANGE-OLD', variant_id: variantId }), 201)).data;
    await ok(await act(a.id, { action: 'mark_broken' }));
    clock.advance(100 * 86_400_000);
    await signInAgain(h, staff);
    const b = (await ok(await create({ serial_number: 'RANGE-NEW', variant_id: variantId }), 201)).data;
    await ok(await act(b.id, { action: 'mark_broken' }));
    const serials = (rows: Asset[]) => rows.map((r) => r.serial_number).sort();
    const broken = (within?: number) =>
      list({
        filters: JSON.stringify({ status: 'broken', ...(within ? { status_changed_within: within } : {}) }),
      });
    expect(serials(await broken())).toEqual(['RANGE-NEW', 'RANGE-OLD']);
    expect(serials(await broken(30))).toEqual(['RANGE-NEW']);
    expect(serials(await broken(90))).toEqual(['RANGE-NEW']);
    expect(serials(await broken(180))).toEqual(['RANGE-NEW', 'RANGE-OLD']);
    expect((await list({ filters: JSON.stringify({ variant_id: variantId }) })).length).toBeGreaterThan(3);
    expect(
      (await list({ filters: JSON.stringify({ product_id: productId, status: 'broken' }) })).length,
    ).toBe(2);
    expect(serials(await list({ search: 'range-n' }))).toEqual(['RANGE-NEW']);
    const bad = await req(
      'GET',
      `/read-replica/${cid}/rentloopdb/product-tracking?filters=${encodeURIComponent('{"status_changed_within":60}')}`,
    );
    expect(bad.statusCode).toBe(422);
  });
});

describe('another company', () => {
  it('sees none of these assets (404), nor their subscriptions', async () => {
    const a = (await ok(await create({ serial_number: 'PRIVATE-1', variant_id: variantId }), 201)).data;
    const as = other.staff;
    for (const path of [`product-tracking/${a.id}`, `product-tracking/${a.id}/actions`])
      expect((await req('GET', api(other.cid, path), undefined, as)).statusCode).toBe(404);
    expect(
      (await req('POST', api(other.cid, `product-tracking/${a.id}/actions`), { action: 'mark_stolen' }, as))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('GET', api(other.cid, `subscriptions/${subs[0]}/product-tracking`), undefined, as))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await req(
          'POST',
          api(other.cid, `subscriptions/${subs[0]}/product-tracking`),
          { serial_number: 'PRIVATE-1' },
          as,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('the catalog keeps what assets are units of', () => {
  it('refuses deleting a tracked variant, its product or a tracked bundle (409), nothing lost', async () => {
    const product = await ok<{ id: number; variants: { id: number }[] }>(
      await req('POST', api(cid, 'products'), {
        name: 'Cargo bike',
        variants: [{ name: 'Two-wheel' }, { name: 'Three-wheel' }],
      }),
      201,
    );
    const tracked = product.data.variants[0]!.id;
    await ok(await create({ serial_number: 'CARGO-1', variant_id: tracked }), 201);
    const variant = await req('DELETE', api(cid, `products/${product.data.id}/variants/${tracked}`));
    expect(variant.statusCode, variant.body).toBe(409);
    expect(variant.json().message).toContain('tracked assets');
    const whole = await req('DELETE', api(cid, `products/${product.data.id}`));
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json().message).toContain('tracked assets');
    const bundle = await ok<{ id: number }>(
      await req('POST', api(cid, 'bundles'), { name: 'Family set', price: '10.00' }),
      201,
    );
    await ok(await create({ serial_number: 'FAM-1', bundle_id: bundle.data.id }), 201);
    const set = await req('DELETE', api(cid, `bundles/${bundle.data.id}`));
    expect(set.statusCode, set.body).toBe(409);
    expect((await list({ search: 'cargo-1' })).map((a) => a.serial_number)).toEqual(['CARGO-1']);
  });
});
