/**
 * The amounts of an order as its answer states them (docs/decisions.md, "Order amounts"): one basis per
 * field (items, shipping and the totals each net, tax and gross), a voucher limited to one product
 * taken off that product's line only, and the recurring figure of a voucher on the first 3 payments.
 * Checked over HTTP against sums of the answer's own lines and a tax computation of this test's own.
 */
import { decimalToMinor } from '@rentloop/domain/money';
import type { OrderDetail, OrderPrice } from '@rentloop/domain/order-details';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let cid: number;
let staff: TestUser;
let cartBody: object;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
async function ok<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  status = 200,
): Promise<T> {
  const res = await call(h.app, staff, { method, url, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
const cents = (v: string) => decimalToMinor(v, 'CAD') as bigint;
/** 14.975 % of an amount in cents, half-up. */
const qcTax = (c: bigint) => (c * 14_975n + 50_000n) / 100_000n;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Velo Amounts', currency: 'CAD' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const product = (body: object) =>
    ok<{ id: number; variants: { id: number }[] }>('POST', api('products'), body, 201);
  const bike = await product({
    name: 'E-bike City',
    rental_prices: { monthly: '89.00' },
    variants: [{ sku: 'EB-M', name: 'Size M', price: '2400.00' }],
  });
  const helmet = await product({
    name: 'Helmet',
    purchase_price: '59.99',
    variants: [{ sku: 'HLM-1', name: 'One size', price: '59.99' }],
  });
  await ok('POST', api('tax-rules'), { country: 'ca', product_class: 'standard', percentage: '14.975' }, 201);
  const settings = `/api/companies/${cid}/settings/shipping-countries`;
  const country = await ok<{ id: number }>('POST', settings, { country: 'ca' }, 201);
  const courier = await ok<{ id: number }>(
    'POST',
    `${settings}/${country.id}/shipping-methods`,
    { name: 'Courier', price: '15.00' },
    201,
  );
  const voucher = await ok<{ id: number }>(
    'POST',
    api('vouchers'),
    { code: 'BIKE3', kind: 'percentage', value: '10', applies_to: 'first_payments', recurring_payments: 3 },
    201,
  );
  await ok('PUT', api(`vouchers/${voucher.id}/products/${bike.id}/include`));
  const customer = await ok<{ id: number }>(
    'POST',
    api('customers'),
    {
      name: 'Camille Roy',
      email: 'camille@amounts.test',
      billing_address: {
        first_name: 'Camille',
        last_name: 'Roy',
        street: 'Rue Saint-Denis',
        street_number: '1200',
        postal_code: 'H2X 3K2',
        city: 'Montréal',
        region: 'QC',
        country: 'CA',
      },
    },
    201,
  );
  cartBody = {
    customer_id: customer.id,
    items: [
      { variant_id: bike.variants[0]!.id, quantity: 2, kind: 'rental', billing_interval: 'monthly' },
      { variant_id: helmet.variants[0]!.id, quantity: 1, kind: 'purchase' },
    ],
    shipping_method_id: courier.id,
    voucher_code: 'BIKE3',
  };
});

describe('order amounts', () => {
  it('states items, shipping and totals on one basis each, the voucher on its product only', async () => {
    const placed = await ok<OrderDetail>('POST', api('orders/full'), cartBody, 201);
    const order = await ok<OrderDetail>('GET', api(`orders/${placed.id}`));
    const [bike, helmet] = order.items;
    // 10 % of the bikes (2 x 89.00) only; the helmet keeps its full price.
    expect([bike?.discount, bike?.net, helmet?.discount, helmet?.net]).toEqual([
      '17.80',
      '160.20',
      '0.00',
      '59.99',
    ]);
    expect(order.discount).toBe('17.80');
    expect(order).not.toHaveProperty('subtotal');
    expect(order).not.toHaveProperty('shipping');
    const sum = (k: 'net' | 'tax' | 'gross') => order.items.reduce((s, i) => s + cents(i[k]), 0n);
    expect([order.items_net, order.items_tax, order.items_gross].map(cents)).toEqual([
      sum('net'),
      sum('tax'),
      sum('gross'),
    ]);
    expect([order.shipping_net, order.shipping_tax, order.shipping_gross].map(cents)).toEqual([
      1500n,
      qcTax(1500n),
      1500n + qcTax(1500n),
    ]);
    // Every column adds up: items + shipping = the totals, net + tax = gross.
    expect(cents(order.net)).toBe(cents(order.items_net) + cents(order.shipping_net));
    expect(cents(order.tax)).toBe(cents(order.items_tax) + cents(order.shipping_tax));
    expect(cents(order.total)).toBe(cents(order.items_gross) + cents(order.shipping_gross));
    expect(cents(order.total)).toBe(cents(order.net) + cents(order.tax));
    expect(cents(order.net)).toBe(16020n + 5999n + 1500n);
  });

  it('prices the later payments the voucher covers apart from those after', async () => {
    const price = await ok<OrderPrice>('POST', api('orders/price'), cartBody);
    expect(price.items_amount).toBe('237.99');
    expect(cents(price.items_net) + cents(price.shipping?.net ?? '0')).toBe(cents(price.net));
    const [monthly] = price.recurring;
    // Payments 2 and 3: the bikes less 10 % (tax 23.98995 -> 23.99); from payment 4: the full price.
    expect(monthly).toMatchObject({
      billing_interval: 'monthly',
      net: '178.00',
      tax: '26.66',
      gross: '204.66',
      discounted: { discount: '17.80', net: '160.20', tax: '23.99', gross: '184.19', until_payment: 3 },
    });
    expect(cents(monthly?.tax ?? '')).toBe(qcTax(17800n));
  });
});
