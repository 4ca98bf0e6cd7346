/**
 * Mailing a subscription's summary and a payment's receipt from their screens (issue 27 part 2):
 * `email/send-subscription` and `email/send-transaction` with `override` and `respond_ok`, recorded in
 * Email History with their kind. The SMTP server is real (testing/mail.ts). The receipt carries its
 * invoice's PDF, made at delivery on either path (docs/decisions.md 71).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transact } from '../../context.ts';
import { emailEntries, invoiceDocuments, invoices } from '../../db/schema/index.ts';
import { ATTACHMENT_TEXTS } from '../../integrations/email/attachments.ts';
import { createMailer } from '../../integrations/email/mailer.ts';
import { sendMailNow } from '../../integrations/email/send-now.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { invoicePdfJob } from '../invoices/pdf-job.ts';
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

const storedPdf = async (invoiceId: number) =>
  (
    await h.database.primary
      .select({ pdf: invoiceDocuments.pdf })
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.invoice_id, invoiceId))
  )[0]?.pdf ?? null;
const numberOf = async (invoiceId: number) =>
  (
    await h.database.primary.select({ n: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId))
  )[0]?.n;

/** The mail's one attachment: a PDF named `filename`; its bytes. */
function onlyPdf(mail: ParsedMail, filename: string): Buffer {
  expect(mail.attachments.map((a) => [a.contentType, a.filename])).toEqual([['application/pdf', filename]]);
  const bytes = mail.attachments[0]!.content;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return bytes;
}

const testMailer = () => createMailer({ smtpUrl: h.inbox.url, from: 'Rentloop <no-reply@rentloop.test>' });
const jobContext = (): JobContext => ({
  database: h.database,
  boss: h.boss,
  mailer: testMailer(),
  log: { info: () => {}, error: () => {} },
});

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
    // No button into the back office, which the customer cannot open (record-links.test.ts).
    expect(mail.html).not.toContain('/cms/');
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
    const { paid, invoice } = await paymentFor(to);
    expect(await storedPdf(invoice)).toBeNull();
    const res = await send('send-transaction', { id: paid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.emailSent, data: { status: 'sent', to } });
    const mail = await h.inbox.waitFor(to, { subject: /Your payment to Record Mail Loop/ });
    expect(mail.html).toContain('SEPA-receipt@record-mail.test');
    expect(mail.html).toMatch(/INV-/);
    // The invoice's PDF job has not run (no invoice-pdf worker here): made at delivery, and stored.
    const filename = `Invoice ${await numberOf(invoice)}.pdf`;
    expect(res.json().data.attachments).toEqual([filename]);
    const pdf = onlyPdf(mail, filename);
    expect(pdf.equals((await storedPdf(invoice))!)).toBe(true);
    const [entry] = await entriesTo(to);
    expect([entry?.kind, entry?.status]).toEqual(['payment_receipt', 'sent']);
    expect(entry?.attachments).toEqual([{ kind: 'invoice_pdf', invoice_id: invoice, filename }]);
  });

  it('fails, never sending it bare, a mail whose invoice PDF cannot be made', async () => {
    const to = 'no-pdf@record-mail.test';
    const ctx = testCtx(h.database.primary, cid, { deps: { mailer: testMailer() } });
    // Another company's invoice is never attached (nor one not issued, nor one gone).
    const { invoice } = await paymentFor('foreign-invoice@record-mail.test');
    const transact: Transact = (write) => h.database.primary.transaction((tx) => write({ ...ctx, db: tx }));
    const outcome = await sendMailNow(ctx, transact, {
      companyId: otherCid,
      kind: 'payment_receipt',
      to,
      subject: 'Your receipt',
      html: '<p>Thanks</p>',
      attachments: [{ kind: 'invoice_pdf', invoice_id: invoice, filename: 'Invoice X.pdf' }],
    });
    const missing = ATTACHMENT_TEXTS.missing('Invoice X.pdf');
    expect(outcome).toMatchObject({ status: 'failed', reason: missing });
    const [entry] = await entriesTo(to);
    expect([entry?.status, entry?.error]).toEqual(['failed', missing]);
    expect(h.inbox.messages.some((m) => m.subject === 'Your receipt')).toBe(false);
  });

  it('queued (respond_ok), makes the PDF its job has not made yet at delivery, and stores it', async () => {
    const to = 'queued-receipt@record-mail.test';
    const { paid, invoice } = await paymentFor(to);
    expect(await storedPdf(invoice)).toBeNull();
    const sent = await send('send-transaction', { id: paid }, '?respond_ok=1');
    expect(sent.statusCode, sent.body).toBe(202);
    await entryBecomes(to, 'sent');
    const mail = await h.inbox.waitFor(to, { subject: /Your payment/ });
    const pdf = onlyPdf(mail, `Invoice ${await numberOf(invoice)}.pdf`);
    expect(pdf.equals((await storedPdf(invoice))!)).toBe(true);
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
    const { customer, paid, invoice } = await paymentFor(to);
    expect((await req('POST', api(`customers/${customer}/archive`))).statusCode).toBe(200);
    const held = await send('send-transaction', { id: paid });
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(HELD_BACK);
    // Its PDF made by its job first: the queued mail attaches the stored bytes.
    await invoicePdfJob.handler({ invoiceId: invoice }, jobContext());
    const stored = await storedPdf(invoice);
    expect(stored).not.toBeNull();
    const sent = await send('send-transaction', { id: paid }, '?override=true&respond_ok=true');
    expect(sent.statusCode, sent.body).toBe(202);
    const filename = `Invoice ${await numberOf(invoice)}.pdf`;
    expect(sent.json().data).toMatchObject({ status: 'queued', to, attachments: [filename] });
    const entry = await entryBecomes(to, 'sent');
    expect(entry.kind).toBe('payment_receipt');
    expect(entry.attachments).toEqual([{ kind: 'invoice_pdf', invoice_id: invoice, filename }]);
    const mail = await h.inbox.waitFor(to, { subject: /Your payment/ });
    expect(onlyPdf(mail, filename).equals(stored!)).toBe(true);
  });
});
