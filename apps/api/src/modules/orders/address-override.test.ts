/**
 * The order builder's gaps (issue 14): an order's own address instead of the customer's (the price,
 * the quote and the placed order's snapshots go by it, checked by the country rules), and a variant
 * found by its SKU through the variants list's search.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let cid: number;
let staff: TestUser;
let customerId: number;
let helmetVariant: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const post = (path: string, payload: object) =>
  call(h.app, staff, { method: 'POST', url: api(path), payload });

const QUEBEC = {
  first_name: 'Camille',
  last_name: 'Roy',
  street: 'Rue Saint-Denis',
  street_number: '1200',
  postal_code: 'H2X 3K2',
  city: 'Montréal',
  region: 'QC',
  country: 'ca',
};
const TORONTO = {
  first_name: 'Camille',
  last_name: 'Roy',
  street: 'King Street West',
  street_number: '100',
  postal_code: 'M5V 2T6',
  city: 'Toronto',
  region: 'ON',
  country: 'ca',
};

const cart = (extra: object = {}) => ({
  customer_id: customerId,
  items: [{ variant_id: helmetVariant, quantity: 1, kind: 'purchase' }],
  ...extra,
});

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Override Co', currency: 'CAD' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const helmet = await post('products', {
    name: 'Helmet',
    purchase_price: '100.00',
    variants: [{ sku: 'HLM-ORANGE-L', name: 'Orange, L', price: '100.00' }],
  });
  expect(helmet.statusCode, helmet.body).toBe(201);
  helmetVariant = helmet.json().data.variants[0].id;
  for (const rule of [
    { country: 'ca', product_class: 'standard', percentage: '5', name: 'GST' },
    { country: 'ca', region: 'QC', product_class: 'standard', percentage: '14.975', name: 'GST + QST' },
  ])
    expect((await post('tax-rules', rule)).statusCode).toBe(201);
  const customer = await post('customers', {
    name: 'Camille Roy',
    email: 'camille@override.test',
    billing_address: QUEBEC,
    shipping_address: QUEBEC,
  });
  customerId = customer.json().data.id;
});

describe('an order’s own address', () => {
  it('prices by the shipping address given for the order instead of the customer’s', async () => {
    const home = await post('orders/price', cart());
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().data.tax_breakdown.map((t: { tax_percent: string }) => t.tax_percent)).toEqual([
      '14.975',
    ]);
    const away = await post('orders/price', cart({ shipping_address: TORONTO }));
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json().data).toMatchObject({
      tax: '5.00',
      shipping_address: { city: 'Toronto', region: 'ON' },
      billing_address: { city: 'Montréal' },
    });
  });

  it('keeps the given addresses as the placed order’s and the quote’s snapshots', async () => {
    const placed = await post('orders/full', cart({ shipping_address: TORONTO, billing_address: TORONTO }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({
      tax: '5.00',
      shipping_address: { city: 'Toronto' },
      billing_address: { city: 'Toronto' },
    });
    const quote = await post('draft-orders', cart({ shipping_address: TORONTO }));
    expect(quote.statusCode, quote.body).toBe(201);
    const read = await call(h.app, staff, {
      method: 'GET',
      url: api(`draft-orders/${quote.json().data.draft_id}`),
    });
    expect(read.json().data.shipping_address).toMatchObject({ city: 'Toronto' });
    // The customer's own record is untouched.
    const customer = await call(h.app, staff, { method: 'GET', url: api(`customers/${customerId}`) });
    expect(customer.json().data.shipping_address).toMatchObject({ city: 'Montréal' });
  });

  it('checks the given address by its country’s rules: a 422 naming the field', async () => {
    const bad = await post('orders/price', cart({ shipping_address: { ...TORONTO, postal_code: '12345' } }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('shipping_address.postal_code');
    const noCity = await post('orders/full', cart({ billing_address: { ...TORONTO, city: '' } }));
    expect(noCity.statusCode).toBe(422);
    expect(Object.keys(noCity.json().errors)).toContain('billing_address.city');
  });

  it('refuses a postal code from another province (tax follows it): 422 on postal code and province', async () => {
    const calgaryAsOntario = { ...TORONTO, postal_code: 'T2P 1J9', city: 'Calgary' };
    const errors = {
      'shipping_address.postal_code': ['The postal code is in Alberta.'],
      'shipping_address.region': [MESSAGES.provinceMismatch],
    };
    for (const path of ['orders/price', 'orders/full', 'draft-orders']) {
      const res = await post(path, cart({ shipping_address: calgaryAsOntario }));
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors, path).toEqual(errors);
    }
  });

  it('refuses the same mismatch when an order’s customer details are corrected, and keeps them', async () => {
    const placed = await post('orders/full', cart());
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.id;
    const put = (payload: object) =>
      call(h.app, staff, { method: 'PUT', url: api(`order/customer/${orderId}`), payload });
    const bad = await put({ billing_address: { ...QUEBEC, region: 'ON' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'billing_address.postal_code': ['The postal code is in Quebec.'],
      'billing_address.region': [MESSAGES.provinceMismatch],
    });
    const read = await call(h.app, staff, {
      method: 'GET',
      url: `/read-replica/${cid}/rentloopdb/order_customers/${orderId}`,
    });
    expect(read.json().data.billing_address).toMatchObject({ region: 'QC' });
    expect((await put({ billing_address: TORONTO })).statusCode).toBe(200);
  });
});

describe('finding a variant by SKU', () => {
  it('the variants list finds it by part of its SKU, with its product’s name', async () => {
    const res = await call(h.app, staff, {
      method: 'GET',
      url: `/read-replica/${cid}/rentloopdb/variants?search=orange-l`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: helmetVariant, sku: 'HLM-ORANGE-L', product_name: 'Helmet' }),
    ]);
  });
});
