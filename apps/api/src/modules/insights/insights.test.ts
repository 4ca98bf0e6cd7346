/** `GET /api/{company}/insights/summary`: counted by the database on the company's own rows. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let cid: number;
let staff: TestUser;
let admin: TestUser;
let stranger: TestUser;
let emptyCid: number;
let emptyOwner: TestUser;

const summary = (user: TestUser | null, company = cid) =>
  call(h.app, user, { method: 'GET', url: `/api/${company}/insights/summary` });
const address = (country: 'ca' | 'de') => {
  const canadian = customerBody().billing_address;
  return country === 'ca'
    ? canadian
    : { ...canadian, phone: '+49 30 901820', postal_code: '10115', city: 'Berlin', region: null, country };
};
const product = (name: string, type: string, variants: object[], status = 'active') => ({
  name,
  type,
  status,
  variants,
});

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Counted Co', currency: 'CAD' });
  const other = await createCompany(h.database, { name: 'Not Counted Co', currency: 'CAD' });
  const empty = await createCompany(h.database, { name: 'Empty Co', currency: 'GBP' });
  cid = company.id;
  emptyCid = empty.id;
  admin = await createUser(h, { company, role: 'admin' });
  staff = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  emptyOwner = await createUser(h, { company: empty, role: 'owner' });

  const customer = async (user: TestUser, company: number, body: Record<string, unknown>) => {
    const res = await call(h.app, user, {
      method: 'POST',
      url: `/api/${company}/rentloopdb/customers`,
      payload: customerBody(body),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const make = async (user: TestUser, company: number, body: object) => {
    const res = await call(h.app, user, {
      method: 'POST',
      url: `/api/${company}/rentloopdb/products`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await customer(admin, cid, { language: 'fr', billing_address: address('ca') });
  await customer(admin, cid, { language: 'en', billing_address: address('ca') });
  await customer(admin, cid, { language: 'de', billing_address: address('de') });
  await customer(admin, cid, { language: 'en', billing_address: null });
  // 0.10 + 0.20 is 0.30000000000000004 in floating point; the sums must be exact.
  await make(
    admin,
    cid,
    product('Bike', 'normal', [
      { name: 'S', price: '0.10', stock: 3 },
      { name: 'M', price: '0.20', stock: 0 },
      { name: 'L', price: '1299.99', stock: 2 },
      { name: 'XL' },
    ]),
  );
  await make(admin, cid, product('Gift card', 'digital', [{ name: 'Card', price: '25.00', stock: 100 }]));
  await make(
    admin,
    cid,
    product('Old bike', 'normal', [{ name: 'One', price: '999.00', stock: 9 }], 'archived'),
  );

  // Another company's rows must count nowhere.
  await customer(stranger, other.id, { language: 'nl', billing_address: address('de') });
  await make(
    stranger,
    other.id,
    product('Their bike', 'consumable', [{ name: 'X', price: '5000.00', stock: 5 }]),
  );
});

describe('GET /api/{company}/insights/summary', () => {
  it('counts customers by country and language, products by type, most first', async () => {
    const res = await summary(staff);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.currency).toBe('CAD');
    expect(data.customers).toEqual({
      total: 4,
      by_country: [
        { country: 'CA', count: 2 },
        { country: 'DE', count: 1 },
        { country: null, count: 1 },
      ],
      by_language: [
        { language: 'en', count: 2 },
        { language: 'de', count: 1 },
        { language: 'fr', count: 1 },
      ],
    });
    expect(data.products).toEqual({
      total: 3,
      by_type: [
        { type: 'normal', count: 2 },
        { type: 'digital', count: 1 },
      ],
    });
  });

  it('sums the active catalog exactly, in the company currency', async () => {
    const { catalog } = (await summary(staff)).json().data;
    expect(catalog).toEqual({
      variants: 5,
      priced_variants: 4,
      // 0.10 + 0.20 + 1299.99 + 25.00
      list_value: '1325.29',
      // 0.10 × 3 + 1299.99 × 2 + 25.00 × 100
      stock_value: '5100.28',
      units_in_stock: 105,
    });
  });

  it('answers zeros, with the currency’s decimals, for a company without data', async () => {
    const res = await summary(emptyOwner, emptyCid);
    expect(res.json().data).toEqual({
      currency: 'GBP',
      customers: { total: 0, by_country: [], by_language: [] },
      products: { total: 0, by_type: [] },
      catalog: {
        variants: 0,
        priced_variants: 0,
        list_value: '0.00',
        stock_value: '0.00',
        units_in_stock: 0,
      },
    });
  });

  it('is for the company’s staff: another company 404, no token 401', async () => {
    expect((await summary(stranger)).statusCode).toBe(404);
    expect((await summary(null)).statusCode).toBe(401);
    expect(h.app.routeTable).toContainEqual({
      method: 'GET',
      url: '/api/:company/insights/summary',
      access: { kind: 'company', role: 'user' },
    });
  });
});
