/**
 * Mailing a subscription's summary and a payment's receipt from their screens (issue 27 part 2):
 * `email/send-subscription` and `email/send-transaction` with `override` and `respond_ok`, recorded in
 * Email History with their kind. The SMTP server is real (testing/mail.ts).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { NO_RECEIPT } from '../payments/receipt-mail.ts';
import { HELD_BACK } from './send.ts';

const h = useHarness({ mail: true });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let variant: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = staff) =>
  call(h.app, as, { method, url, payload });
const send = (path: string, payload: object, query = '') =>
  req('POST', `/api/${cid}/email/${path}${query}`, payload);
const entriesTo = (to: string) =>
  h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, to)).orderBy(emailEntries.id);

async function data<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

async function entryBecomes(to: string, status: string) {
  for (let i = 0; i < 150; i++) {
    const [entry] = await entriesTo(to);
    if (entry?.status === status) return entry;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the mail to ${to} never became ${status}`);
}

/** A customer at `email` renting the bike: the customer, the order, its subscription. */
async function rentalFor(email: string) {
  const customer = await data<{ id: number }>(
    await req('POST', api('customers'), { name: 'Rita Renter', email }),
    201,
  );
  const order = await data<{ id: number; subscription_ids: number[] }>(
    await call(h.app, staff, {
      method: 'POST',
      url: api('orders/full'),
      payload: {
        customer_id: customer.id,
        items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
      },
      headers: { 'idempotency-key': `send-records-${email}` },
    }),
    201,
  );
  return { customer: customer.id, order: order.id, subscription: order.subscription_ids[0]! };
}

/** A rental of `email` whose first invoice was charged (offline: the attempt stays open until settled). */
async function chargedFor(email: string) {
  const rental = await rentalFor(email);
  const charged = await data<{ invoice: { id: number }; transaction: { id: number } }>(
    await req('POST', api(`orders/${rental.order}/charge`), {}),
  );
  return { ...rental, invoice: charged.invoice.id, open: charged.transaction.id };
}

/** As `chargedFor`, the invoice then settled by bank transfer: its attempt succeeded. */
async function paymentFor(email: string) {
  const charged = await chargedFor(email);
  const settled = await data<{ transaction_id: number }>(
    await req('POST', api(`invoices/${charged.invoice}/settle`), { transaction_id: `SEPA-${email}` }),
  );
  return { ...charged, paid: settled.transaction_id };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Record Mail Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = (await createCompany(h.database, { name: 'Record Mail Elsewhere' })).id;
  staff = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: { id: otherCid }, role: 'owner' });
  const bike = await data<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'City Bike',
      rental_prices: { monthly: '29.00' },
      variants: [{ name: 'Blue', sku: 'BIKE-MAIL', price: '29.00', stock: 50 }],
    }),
    201,
  );
  variant = bike.variants[0]!.id;
  await data(
    await req('PUT', `/api/companies/${cid}/settings/email`, {
      sender_name: 'Record Mail Desk',
      reply_to: 'desk@record-mail.test',
      bcc: 'records@record-mail.test',
      default_language: 'en',
    }),
  );
});

describe('POST email/send-subscription', () => {
  it('mails the subscription summary to its customer and records it as subscription_summary', async () => {
    const to = 'summary@record-mail.test';
    const { subscription } = await rentalFor(to);
    const res = await send('send-subscription', { id: subscription });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.emailSent, data: { status: 'sent', to } });
    const mail = await h.inbox.waitFor(to, { subject: /Your subscription/ });
    expect(mail.from?.value[0]?.name).toBe('Record Mail Desk');
    expect(mail.html).toContain('City Bike');
    expect(mail.html).toContain('Rita Renter');
    expect(mail.html).toContain(`/cms/subscriptions/${subscription}`);
    expect((await entriesTo(to)).map((e) => [e.kind, e.status])).toEqual([['subscription_summary', 'sent']]);
  });

  it('answers 422 naming the field, 404 for another company’s or no subscription', async () => {
    for (const body of [{}, { id: 'x' }, { id: -1 }]) {
      const bad = await send('send-subscription', body);
      expect(bad.statusCode, bad.body).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['id']);
    }
    const { subscription } = await rentalFor('mine-sub@record-mail.test');
    const foreign = await call(h.app, stranger, {
      method: 'POST',
      url: `/api/${otherCid}/email/send-subscription`,
      payload: { id: subscription },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await send('send-subscription', { id: 99_999_999 })).statusCode).toBe(404);
    expect(await entriesTo('mine-sub@record-mail.test')).toEqual([]);
  });

  it('holds an archived customer’s mail back unless override=true; respond_ok answers 202 queued', async () => {
    const to = 'archived-sub@record-mail.test';
    const { customer, subscription } = await rentalFor(to);
    expect((await req('POST', api(`customers/${customer}/archive`))).statusCode).toBe(200);
    const held = await send('send-subscription', { id: subscription });
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(HELD_BACK);
    expect(await entriesTo(to)).toEqual([]);
    const sent = await send('send-subscription', { id: subscription }, '?override=true');
    expect(sent.statusCode, sent.body).toBe(200);
    await h.inbox.waitFor(to);

    const later = 'queued-sub@record-mail.test';
    const rental = await rentalFor(later);
    const queued = await send('send-subscription', { id: rental.subscription }, '?respond_ok=1');
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({
      message: MESSAGES.emailSent,
      data: { status: 'queued', to: later },
    });
    expect((await entryBecomes(later, 'sent')).kind).toBe('subscription_summary');
  });
});

describe('POST email/send-transaction', () => {
  it('mails the receipt of a succeeded payment and records it as payment_receipt', async () => {
    const to = 'receipt@record-mail.test';
    const { paid } = await paymentFor(to);
    const res = await send('send-transaction', { id: paid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.emailSent, data: { status: 'sent', to } });
    const mail = await h.inbox.waitFor(to, { subject: /Your payment to Record Mail Loop/ });
    expect(mail.html).toContain('SEPA-receipt@record-mail.test');
    expect(mail.html).toMatch(/INV-/);
    expect(mail.attachments ?? []).toEqual([]);
    expect((await entriesTo(to)).map((e) => [e.kind, e.status])).toEqual([['payment_receipt', 'sent']]);
  });

  it('answers 409 for a payment that has not succeeded', async () => {
    const to = 'open@record-mail.test';
    const { open } = await chargedFor(to);
    const res = await send('send-transaction', { id: open });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(NO_RECEIPT);
    expect(await entriesTo(to)).toEqual([]);
  });

  it('answers 422 naming the field, 404 for another company’s or no payment', async () => {
    const bad = await send('send-transaction', { id: '1.5' });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
    const { paid } = await paymentFor('mine-tx@record-mail.test');
    const foreign = await call(h.app, stranger, {
      method: 'POST',
      url: `/api/${otherCid}/email/send-transaction`,
      payload: { id: paid },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await send('send-transaction', { id: 99_999_999 })).statusCode).toBe(404);
  });

  it('holds an archived customer’s receipt back unless override=true; respond_ok answers 202 queued', async () => {
    const to = 'archived-tx@record-mail.test';
    const { customer, paid } = await paymentFor(to);
    expect((await req('POST', api(`customers/${customer}/archive`))).statusCode).toBe(200);
    const held = await send('send-transaction', { id: paid });
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(HELD_BACK);
    const sent = await send('send-transaction', { id: paid }, '?override=true&respond_ok=true');
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().data).toMatchObject({ status: 'queued', to });
    expect((await entryBecomes(to, 'sent')).kind).toBe('payment_receipt');
    await h.inbox.waitFor(to, { subject: /Your payment/ });
  });
});
