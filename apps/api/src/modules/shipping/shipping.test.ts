import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let otherId: number;
let admin: TestUser;
let user: TestUser;
let other: TestUser;
let ebike: number;

const url = (rest: string, company = companyId) => `/api/companies/${company}/settings/${rest}`;
const send = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  rest: string,
  payload?: object,
  company = companyId,
) => call(h.app, who, { method, url: url(rest, company), ...(payload ? { payload } : {}) });
async function made(rest: string, payload: object, status = 201) {
  const res = await send(admin, 'POST', rest, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Northern Bikes', currency: 'CAD' });
  const otherCompany = await createCompany(h.database, { name: 'Other Co' });
  companyId = company.id;
  otherId = otherCompany.id;
  admin = await createUser(h, { company, role: 'admin' });
  user = await createUser(h, { company, role: 'user' });
  other = await createUser(h, { company: otherCompany, role: 'owner' });
  const [bike] = await h.database.primary
    .insert(products)
    .values({ company_id: companyId, name: 'Cargo e-bike' })
    .returning();
  ebike = bike!.id;
});

describe('shipping API', () => {
  it('sets up Canada with a free-shipping threshold, and answers the options for a cart', async () => {
    const canada = await made('shipping-countries', { country: 'CA' });
    expect(canada).toMatchObject({ country: 'ca', regions: null, methods_count: 0 });
    const standard = await made(`shipping-countries/${canada.id}/shipping-methods`, {
      name: 'Standard',
      carrier: 'Canada Post',
      price: '15',
      delivery_days_min: 3,
      delivery_days_max: 7,
      free_shipping_threshold: '150',
    });
    expect(standard).toMatchObject({
      price: '15.00',
      free_shipping_threshold: '150.00',
      shipping_country_id: canada.id,
    });
    await made(`shipping-countries/${canada.id}/shipping-methods`, {
      name: 'Express',
      carrier: 'Canada Post',
      price: '29',
    });
    await made('shipping-methods', { name: 'Pickup in store', price: '0' });
    const quote = (query: string) => send(user, 'GET', `shipping-options?${query}`);
    const exactly = await quote('country=ca&region=ON&cart_value=150.00');
    expect(exactly.statusCode, exactly.body).toBe(200);
    expect(
      exactly.json().data.options.map((o: { name: string; price: string }) => [o.name, o.price]),
    ).toEqual([
      ['Pickup in store', '0.00'],
      ['Standard', '0.00'],
      ['Express', '29.00'],
    ]);
    const below = await quote('country=ca&region=ON&cart_value=149.99');
    expect(below.json().data.options[1]).toMatchObject({ name: 'Standard', price: '15.00', free: false });
    expect((await quote('country=de&cart_value=10')).json().data).toMatchObject({
      shippable: false,
      reason: 'country_not_served',
    });
    expect((await send(user, 'GET', 'shipping-options?country=ca&cart_value=1.234')).statusCode).toBe(422);
  });

  it('blocks e-bikes to the territories with a standalone rule', async () => {
    const rule = await made('shipping-rules', {
      name: 'No e-bikes to the territories',
      action: 'block',
      regions: ['CA-NU', 'CA-NT', 'CA-YT'],
      product_ids: [ebike],
    });
    expect(rule).toMatchObject({ shipping_method_id: null, action: 'block', product_ids: [ebike] });
    const nunavut = await send(
      user,
      'GET',
      `shipping-options?country=ca&region=NU&cart_value=100&product_ids=${ebike}`,
    );
    expect(nunavut.json().data).toMatchObject({ shippable: false, reason: 'blocked' });
    const ontario = await send(
      user,
      'GET',
      `shipping-options?country=ca&region=ON&cart_value=100&product_ids=${ebike}`,
    );
    expect(ontario.json().data.shippable).toBe(true);
  });

  it('prices a method by weight bands through its shipping rule', async () => {
    const method = await made('shipping-methods', { name: 'Freight', price: '40' });
    const none = await send(admin, 'GET', `shipping-methods/${method.id}/shipping-rule`);
    expect(none.statusCode).toBe(404);
    const rule = await made(
      `shipping-methods/${method.id}/shipping-rule`,
      {
        name: 'Freight by weight',
        basis: 'weight',
        bands: [
          { from: 0, price: '20' },
          { from: 20000, price: '60' },
        ],
      },
      200,
    );
    expect(rule.bands).toEqual([
      { from: '0', price: '20.00' },
      { from: '20000', price: '60.00' },
    ]);
    const heavy = await send(
      user,
      'GET',
      'shipping-options?country=ca&region=ON&cart_value=10&weight_grams=25000',
    );
    expect(heavy.json().data.options.find((o: { name: string }) => o.name === 'Freight').price).toBe('60.00');
    expect((await send(admin, 'GET', `shipping-methods/${method.id}/shipping-rule`)).json().data.id).toBe(
      rule.id,
    );
  });

  it('answers 422 naming the field', async () => {
    for (const [rest, body, field] of [
      ['shipping-countries', { country: 'de', regions: ['BY'] }, 'regions'],
      ['shipping-countries', { country: 'ca', regions: ['ON', 'XX'] }, 'regions.1'],
      ['shipping-countries', { country: 'zz' }, 'country'],
      ['shipping-countries', { country: 'ca' }, 'country'],
      ['shipping-methods', { name: 'Cents', price: '1.234' }, 'price'],
      [
        'shipping-methods',
        { name: 'Days', price: '1', delivery_days_min: 5, delivery_days_max: 2 },
        'delivery_days_max',
      ],
      ['shipping-rules', { name: 'Surcharge', action: 'surcharge' }, 'surcharge'],
      ['shipping-rules', { name: 'Stranger', action: 'block', product_ids: [999_999_999] }, 'product_ids.0'],
    ] as const) {
      const res = await send(admin, 'POST', rest, body);
      expect(res.statusCode, `${rest} ${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('needs an admin, and another company finds nothing', async () => {
    const [country] = (await send(admin, 'GET', 'shipping-countries')).json().data;
    expect((await send(user, 'GET', 'shipping-countries')).statusCode).toBe(403);
    expect((await send(user, 'POST', 'shipping-methods', { name: 'X', price: '1' })).statusCode).toBe(403);
    expect((await send(null, 'GET', 'shipping-countries')).statusCode).toBe(401);
    expect(
      (await send(other, 'GET', `shipping-countries/${country.id}`, undefined, otherId)).statusCode,
    ).toBe(404);
    expect(
      (await send(other, 'DELETE', `shipping-countries/${country.id}`, undefined, otherId)).statusCode,
    ).toBe(404);
    const methods = (await send(admin, 'GET', `shipping-countries/${country.id}/shipping-methods`)).json()
      .data;
    expect(methods.map((m: { name: string }) => m.name)).toEqual(['Express', 'Standard']);
    // A method of the country through another country's path: 404.
    const us = await made('shipping-countries', { country: 'us', regions: ['NY'] });
    expect(
      (
        await send(admin, 'PUT', `shipping-countries/${us.id}/shipping-methods/${methods[0].id}`, {
          price: '1',
        })
      ).statusCode,
    ).toBe(404);
    const updated = await send(
      admin,
      'PUT',
      `shipping-countries/${country.id}/shipping-methods/${methods[0].id}`,
      { price: '31' },
    );
    expect(updated.json().data.price).toBe('31.00');
    const list = await send(
      admin,
      'GET',
      `shipping-methods?filters=${encodeURIComponent('{"global":true}')}`,
    );
    expect(list.json().data.map((m: { name: string }) => m.name)).toEqual(['Freight', 'Pickup in store']);
    expect((await send(admin, 'DELETE', `shipping-countries/${country.id}`)).statusCode).toBe(200);
    expect((await send(admin, 'GET', `shipping-methods/${methods[0].id}`)).statusCode).toBe(404);
  });
});
