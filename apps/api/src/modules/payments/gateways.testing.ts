/**
 * For the tests of charges through Stripe and Mollie: a company with the gateway switched on (its
 * credentials those of the local fake), a product, a customer with a stored method, and orders placed
 * and charged through the real routes.
 */
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { expect } from 'vitest';
import { FAKE_MOLLIE } from '../../integrations/payments/testing/fake-mollie.ts';
import { FAKE_STRIPE } from '../../integrations/payments/testing/fake-stripe.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type Harness,
  type TestUser,
} from '../../testing/harness.ts';

export type Answer<T = Record<string, unknown>> = { data: T; message: string; status: boolean };

export const CREDENTIALS = {
  stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret },
  mollie: { api_key: FAKE_MOLLIE.apiKey },
} as const;

export const PROVIDER_CUSTOMER = { stripe: FAKE_STRIPE.customerId, mollie: FAKE_MOLLIE.customerId } as const;

export interface GatewayCompany {
  cid: number;
  staff: TestUser;
  variant: number;
  api(path: string): string;
  req(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    key?: string,
  ): ReturnType<typeof call>;
  newCustomer(): Promise<number>;
  /** Stores a method (checked at the fake) for the customer; answers its id. */
  addMethod(customerId: number, methodReference: string): Promise<number>;
  /** Places an order of the customer (one monthly rental); answers its id. */
  placeOrder(customerId: number): Promise<number>;
}

export async function expectOk<T = Record<string, unknown>>(
  res: Awaited<ReturnType<typeof call>>,
  status = 200,
): Promise<Answer<T>> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Answer<T>;
}

export async function gatewayCompany(h: Harness, gateway: 'stripe' | 'mollie'): Promise<GatewayCompany> {
  const company = await createCompany(h.database, { name: `${gateway} Rentals`, currency: 'EUR' });
  const staff = await createUser(h, { company, role: 'admin' });
  const cid = company.id;
  const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
  const req: GatewayCompany['req'] = (method, url, payload, key) =>
    call(h.app, staff, { method, url, payload, headers: key ? { 'idempotency-key': key } : {} });
  await expectOk(
    await req('PUT', `/api/companies/${cid}/settings/payment_service_provider`, {
      ...SETTINGS_SECTIONS.payment_service_provider.defaults,
      enabled_gateways: ['offlinegateway', gateway],
      default_gateway: gateway,
      credentials: { [gateway]: CREDENTIALS[gateway] },
    }),
  );
  const product = await expectOk<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'Cargo bike',
      rental_prices: { monthly: '49.90' },
      variants: [{ sku: `CB-${gateway}-${cid}`, name: 'Standard', price: '3200.00' }],
    }),
    201,
  );
  const variant = product.data.variants[0]!.id;
  return {
    cid,
    staff,
    variant,
    api,
    req,
    async newCustomer() {
      return (await expectOk<{ id: number }>(await req('POST', api('customers'), customerBody()), 201)).data
        .id;
    },
    async addMethod(customerId, methodReference) {
      const res = await req('POST', api(`customers/${customerId}/payment-methods`), {
        gateway,
        customer_reference: PROVIDER_CUSTOMER[gateway],
        method_reference: methodReference,
      });
      return (await expectOk<{ id: number }>(res, 201)).data.id;
    },
    async placeOrder(customerId) {
      const order = await expectOk<{ id: number }>(
        await req('POST', api('orders/full'), {
          customer_id: customerId,
          items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
        }),
        201,
      );
      return order.data.id;
    },
  };
}
