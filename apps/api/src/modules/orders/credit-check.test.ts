/**
 * The credit check of an order's customer (`GET order_customers/{id}/crif`) against a local fake CRIF
 * (integrations/credit/testing/fake-crif.ts): the decisions, the stored check answered again, a
 * provider that is down or refuses (502, nothing stored), no provider (409 saying where to add one),
 * another company's order (404), and the settings section keeping its secret encrypted.
 */
import { CREDIT_TEXTS } from '@rentloop/domain/credit-checks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { companySettings, creditChecks, events } from '../../db/schema/index.ts';
import { FAKE_CRIF, startFakeCrif } from '../../integrations/credit/testing/fake-crif.ts';
import { closedPort, type FakeServer } from '../../integrations/shops/testing/fake-server.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const clock = fixedClock('2026-03-02T10:00:00Z');
const h = useHarness({ clock });
let crif: FakeServer;
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let variant: number;

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const settingsUrl = (company = cid) => `/api/companies/${company}/settings/credit_check`;
const check = (orderId: number, query = '', who = staff, company = cid) =>
  call(h.app, who, { method: 'GET', url: `${api(`order_customers/${orderId}/crif`, company)}${query}` });

async function orderFor(lastName: string): Promise<number> {
  const customer = await call(h.app, staff, {
    method: 'POST',
    url: api('customers'),
    payload: customerBody({
      name: `Pat ${lastName}`,
      billing_address: { ...customerBody().billing_address, first_name: 'Pat', last_name: lastName },
    }),
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const order = await call(h.app, staff, {
    method: 'POST',
    url: api('orders/full'),
    payload: {
      customer_id: customer.json().data.id,
      items: [{ variant_id: variant, quantity: 1, kind: 'purchase' }],
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  return order.json().data.id;
}

const configure = (body: Record<string, unknown>) =>
  call(h.app, staff, { method: 'PUT', url: settingsUrl(), payload: body });

const storedChecks = (orderId: number) =>
  h.database.primary
    .select()
    .from(creditChecks)
    .where(and(eq(creditChecks.company_id, cid), eq(creditChecks.order_id, orderId)));

beforeAll(async () => {
  crif = await startFakeCrif();
  const company = await createCompany(h.database, { name: 'Credit Co', currency: 'CAD' });
  const other = await createCompany(h.database, { name: 'Other Credit Co', currency: 'CAD' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  const product = await call(h.app, staff, {
    method: 'POST',
    url: api('products'),
    payload: {
      name: 'Helmet',
      purchase_price: '59.99',
      variants: [{ sku: 'HLM-C', name: 'One size', price: '59.99' }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  variant = product.json().data.variants[0].id;
});

afterAll(() => crif.close());

describe('credit check of an order customer', () => {
  it('without a provider answers 409 saying where to add one, and stores nothing', async () => {
    const orderId = await orderFor('Smith');
    const res = await check(orderId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(CREDIT_TEXTS.notConfigured);
    expect(await storedChecks(orderId)).toHaveLength(0);
  });

  it('refuses to switch checks on without address, user and secret (422 naming the fields)', async () => {
    const res = await configure({ enabled: true, provider: 'crif', base_url: null, username: null });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['base_url', 'username']);
    const noSecret = await configure({ enabled: true, provider: 'crif', base_url: crif.url, username: 'x' });
    expect(noSecret.statusCode).toBe(422);
    expect(Object.keys(noSecret.json().errors)).toEqual(['secret']);
  });

  it('stores the secret encrypted and never answers it', async () => {
    const res = await configure({
      enabled: true,
      provider: 'crif',
      base_url: crif.url,
      username: FAKE_CRIF.username,
      secret: FAKE_CRIF.secret,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: true, secret_stored: true });
    expect(res.body).not.toContain(FAKE_CRIF.secret);
    const [row] = await h.database.primary
      .select()
      .from(companySettings)
      .where(and(eq(companySettings.company_id, cid), eq(companySettings.group, 'credit_check')));
    expect(JSON.stringify(row?.data)).not.toContain(FAKE_CRIF.secret);
    // A PUT without the secret keeps it.
    const again = await configure({
      enabled: true,
      provider: 'crif',
      base_url: crif.url,
      username: FAKE_CRIF.username,
    });
    expect(again.json().data.secret_stored).toBe(true);
  });

  it('approves a customer, stores the check with an event, and answers it again instead of asking twice', async () => {
    const orderId = await orderFor('Smith');
    const before = crif.requests.length;
    const res = await check(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      order_id: orderId,
      provider: 'crif',
      decision: 'approved',
      score: 870,
      reused: false,
      checked_at: '2026-03-02T10:00:00.000Z',
    });
    expect(data.reference).toMatch(/^CRIF-\d+$/);
    const sent = crif.requests[before];
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      clientReference: `order-${orderId}`,
      subject: { type: 'PERSON', lastName: 'Smith', address: { zip: 'M5V 2T6', country: 'CA' } },
    });
    expect(await storedChecks(orderId)).toHaveLength(1);
    const evs = await h.database.primary
      .select()
      .from(events)
      .where(and(eq(events.company_id, cid), eq(events.type, 'order.credit_checked')));
    expect(evs.some((e) => Number(e.object_id) === orderId)).toBe(true);

    const again = await check(orderId);
    expect(again.json().data).toMatchObject({ reference: data.reference, reused: true });
    expect(crif.requests.length).toBe(before + 1);

    const fresh = await check(orderId, '?refresh=true');
    expect(fresh.json().data.reused).toBe(false);
    expect(fresh.json().data.reference).not.toBe(data.reference);
    expect(await storedChecks(orderId)).toHaveLength(2);
  });

  it('declines a customer with the provider’s reasons, and marks a thin file for review', async () => {
    const declined = await check(await orderFor('Declinedson'));
    expect(declined.json().data).toMatchObject({
      decision: 'declined',
      score: 180,
      reasons: ['NEG_PAYMENT_HISTORY: Negative payment history'],
    });
    const review = await check(await orderFor('Reviewer'));
    expect(review.json().data).toMatchObject({ decision: 'review', score: 520, reasons: ['THIN_FILE'] });
  });

  it('answers 502 when the provider is down or answers nonsense, storing nothing', async () => {
    const orderId = await orderFor('Smith');
    crif.inject({ status: 503, body: { error: 'maintenance' } });
    const down = await check(orderId);
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json().message).toContain(CREDIT_TEXTS.providerUnreachable);
    crif.inject({ status: 200, body: { decision: 'PURPLE' } });
    const nonsense = await check(orderId);
    expect(nonsense.statusCode).toBe(502);
    expect(nonsense.json().message).toBe(CREDIT_TEXTS.providerBadAnswer);
    expect(await storedChecks(orderId)).toHaveLength(0);

    const port = await closedPort();
    await configure({
      enabled: true,
      provider: 'crif',
      base_url: `http://127.0.0.1:${port}`,
      username: FAKE_CRIF.username,
    });
    const unreachable = await check(orderId);
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().message).toBe(CREDIT_TEXTS.providerUnreachable);

    await configure({
      enabled: true,
      provider: 'crif',
      base_url: crif.url,
      username: 'wrong',
      secret: 'wrong',
    });
    const refused = await check(orderId);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(CREDIT_TEXTS.providerRefused);
    expect(await storedChecks(orderId)).toHaveLength(0);
  });

  it('is 404 for another company’s order and for a missing one', async () => {
    const orderId = await orderFor('Smith');
    const foreign = await check(orderId, '', stranger, otherCid);
    expect(foreign.statusCode).toBe(404);
    expect((await check(99_999_999)).statusCode).toBe(404);
  });
});
