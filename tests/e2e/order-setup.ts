/**
 * What an order needs, made through the API in a test's own company: an "E-bike" rented at 89.00 a
 * month (minimum term 12), a "Helmet" bought at 59.99, GST 5 % and Quebec's 14.975 %, a shipping
 * country with a "Courier" at 15.00, the voucher WELCOME10 (10 %) and a customer in Montréal; and the
 * cart of two rented e-bikes and a helmet with them.
 */
import type { Page } from '@playwright/test';
import { callApi } from './helpers.ts';

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

/** A catalog, tax rules, a shipping method, a voucher and a Quebec customer in the test's company. */
export async function setUpOrderCatalog(page: Page, companyId: number) {
  const api = (path: string) => `/api/${companyId}/rentloopdb/${path}`;
  const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'E-bike',
    rental_prices: { monthly: '89.00' },
    minimum_term_months: 12,
    variants: [{ sku: 'EB-M', name: 'Size M', price: '2400.00' }],
  });
  const helmet = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Helmet',
    purchase_price: '59.99',
    variants: [{ sku: 'HLM-1', name: 'One size', price: '59.99' }],
  });
  for (const rule of [
    { country: 'ca', product_class: 'standard', percentage: '5', name: 'GST' },
    { country: 'ca', region: 'QC', product_class: 'standard', percentage: '14.975', name: 'GST + QST' },
  ])
    await callApi(page, 'POST', api('tax-rules'), rule);
  const country = await callApi<{ id: number }>(
    page,
    'POST',
    `/api/companies/${companyId}/settings/shipping-countries`,
    { country: 'ca' },
  );
  const courier = await callApi<{ id: number }>(
    page,
    'POST',
    `/api/companies/${companyId}/settings/shipping-countries/${country.id}/shipping-methods`,
    { name: 'Courier', price: '15.00' },
  );
  await callApi(page, 'POST', api('vouchers'), { code: 'WELCOME10', kind: 'percentage', value: '10' });
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Camille Roy',
    email: `camille-${companyId}@velo.test`,
    billing_address: QUEBEC,
    shipping_address: QUEBEC,
  });
  const cart = {
    customer_id: customer.id,
    items: [
      { variant_id: bike.variants[0]?.id, quantity: 2, kind: 'rental', billing_interval: 'monthly' },
      { variant_id: helmet.variants[0]?.id, quantity: 1, kind: 'purchase' },
    ],
    shipping_method_id: courier.id,
    voucher_code: 'WELCOME10',
    consumable: false,
  };
  return { api, cart };
}
