/** Orders for the order screens' specs, made through the API: a customer, a rented e-bike, two orders, a quote. */
import type { Page } from '@playwright/test';
import { callApi, unique, uniqueEmail } from './helpers.ts';

interface Placed {
  id: number;
  number: string | null;
  items: { id: number }[];
}

const address = {
  first_name: 'Olive',
  last_name: 'Orderly',
  email: 'olive@example.com',
  phone: '+1 416 555 0123',
  street: 'King Street West',
  street_number: '100',
  postal_code: 'M5V 2T6',
  city: 'Toronto',
  region: 'ON',
  country: 'ca',
};

/** A customer, a rented e-bike (monthly) with a variant, two orders and a quote. */
export async function seedOrders(page: Page, company: number) {
  const api = (path: string) => `/api/${company}/rentloopdb/${path}`;
  const name = unique('Olive Orderly');
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name,
    email: uniqueEmail('olive'),
    billing_address: address,
  });
  const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'E-bike City 500',
    rental_prices: { monthly: '49.00' },
    variants: [{ sku: 'EB-500-M', name: 'Frame M', price: '1299.00', stock: 5 }],
  });
  const line = { variant_id: bike.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' };
  const order = (quantity: number) =>
    callApi<Placed>(page, 'POST', api('orders/full'), {
      customer_id: customer.id,
      items: [{ ...line, quantity }],
    });
  const first = await order(1);
  const second = await order(2);
  const quote = await callApi<{ draft_id: number }>(page, 'POST', api('draft-orders'), {
    customer_id: customer.id,
    items: [line],
  });
  return { name, first, second, quote: quote.draft_id };
}
