/**
 * A customer's opt-out of record mails (`record_mail_opt_out`, docs/decisions.md 74): set and read
 * through the customer API; every staff record mail (`send-order`, `send-draft`, `send-subscription`,
 * `send-transaction`) answers 409 with why and records nothing, unless `override=true`; the dunning's
 * reminders (transactional) still go out. The SMTP server is real (testing/mail.ts).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { sendDunningMail } from '../dunning/mail.ts';
import { HELD_BACK, OPTED_OUT } from './send.ts';

const h = useHarness({ mail: true });
let cid: number;
let staff: TestUser;
let variant: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => call(h.app, staff, { method, url, payload, headers });
const entriesTo = (to: string) =>
  h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, to)).orderBy(emailEntries.id);

async function data<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

/** An opted-out customer at `email` with a quote, a placed rental (its subscription) and a paid invoice. */
async function optedOutRecords(email: string) {
  const customer = await data<{ id: number; record_mail_opt_out: boolean }>(
    await req('POST', api('customers'), { name: 'Otto Out', email, record_mail_opt_out: true }),
    201,
  );
  expect(customer.record_mail_opt_out).toBe(true);
  const cart = {
    customer_id: customer.id,
    items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
  };
  const quote = await data<{ draft_id: number }>(await req('POST', api('draft-orders'), cart), 201);
  const order = await data<{ id: number; subscription_ids: number[] }>(
    await req('POST', api('orders/full'), cart, { 'idempotency-key': `opt-out-${email}` }),
    201,
  );
  const charged = await data<{ invoice: { id: number } }>(
    await req('POST', api(`orders/${order.id}/charge`), {}),
  );
  const settled = await data<{ transaction_id: number }>(
    await req('POST', api(`invoices/${charged.invoice.id}/settle`), { transaction_id: `SEPA-${email}` }),
  );
  return {
    customer: customer.id,
    invoice: charged.invoice.id,
    mails: [
      ['send-draft', quote.draft_id, 'quote'],
      ['send-order', order.id, 'order_confirmation'],
      ['send-subscription', order.subscription_ids[0]!, 'subscription_summary'],
      ['send-transaction', settled.transaction_id, 'payment_receipt'],
    ] as const,
  };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Opt Out Loop', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const bike = await data<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'City Bike',
      rental_prices: { monthly: '29.00' },
      variants: [{ name: 'Blue', sku: 'BIKE-OPT', price: '29.00', stock: 50 }],
    }),
    201,
  );
  variant = bike.variants[0]!.id;
});

describe('record_mail_opt_out', () => {
  it('is false by default, returned by the customer API and changed by PUT', async () => {
    const created = await data<{ id: number; record_mail_opt_out: boolean }>(
      await req('POST', api('customers'), { name: 'Ina In', email: 'in@opt-out.test' }),
      201,
    );
    expect(created.record_mail_opt_out).toBe(false);
    const put = await data<{ record_mail_opt_out: boolean }>(
      await req('PUT', api(`customers/${created.id}`), { record_mail_opt_out: true }),
    );
    expect(put.record_mail_opt_out).toBe(true);
    expect(
      (await data<{ record_mail_opt_out: boolean }>(await req('GET', api(`customers/${created.id}`))))
        .record_mail_opt_out,
    ).toBe(true);
    const bad = await req('PUT', api(`customers/${created.id}`), { record_mail_opt_out: 'sometimes' });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.body).toContain('record_mail_opt_out');
  });

  it('holds every record mail back with a 409 that says why, unless override=true', async () => {
    const to = 'otto@opt-out.test';
    const { customer, mails } = await optedOutRecords(to);
    for (const [path, id] of mails) {
      const held = await req('POST', `/api/${cid}/email/${path}`, { id });
      expect(held.statusCode, `${path}: ${held.body}`).toBe(409);
      expect(held.json().message).toBe(OPTED_OUT);
    }
    expect(await entriesTo(to)).toEqual([]);

    for (const [path, id] of mails) {
      const sent = await req('POST', `/api/${cid}/email/${path}?override=true`, { id });
      expect(sent.statusCode, `${path}: ${sent.body}`).toBe(200);
      expect(sent.json().message).toBe(MESSAGES.emailSent);
    }
    expect((await entriesTo(to)).map((e) => [e.kind, e.status])).toEqual(mails.map((m) => [m[2], 'sent']));

    // Archived as well: the archive is named first (the stronger hold); opting back in sends again.
    await data(await req('POST', api(`customers/${customer}/archive`)));
    expect((await req('POST', `/api/${cid}/email/send-order`, { id: mails[1][1] })).json().message).toBe(
      HELD_BACK,
    );
    await data(await req('POST', api(`customers/${customer}/restore`)));
    await data(await req('PUT', api(`customers/${customer}`), { record_mail_opt_out: false }));
    const again = await req('POST', `/api/${cid}/email/send-order`, { id: mails[1][1] });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('does not stop the dunning’s payment reminders (transactional)', async () => {
    const to = 'dunned@opt-out.test';
    const { invoice } = await optedOutRecords(to);
    await sendDunningMail(testCtx(h.database.primary, cid), {
      invoiceId: invoice,
      templateId: 'payment_failed_1',
      retryDate: '2026-12-01',
    });
    expect((await entriesTo(to)).map((e) => e.kind)).toEqual(['payment_failed_1']);
  });
});
