/**
 * The record mails (order confirmation, quote, subscription summary, payment receipt) carry no button
 * into the back office (`/cms/...`), which a customer cannot open: the shipped texts have none, untouched
 * defaults of earlier releases are brought up to date at start (an operator's edited one stays), and a
 * `{{action_url}}` a company kept in its own copy is the company's website, never the back office.
 */
import { TEMPLATE_LANGUAGES } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { ensureDefaultTemplates } from '../templates/service.ts';
import { formerShippedHtml, RECORD_MAIL_KINDS, shippedTemplate } from '../templates/shipped.ts';

const h = useHarness({ mail: true, defaultTemplates: true });
let cid: number;
let staff: TestUser;
let variant: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  call(h.app, staff, { method, url, payload, headers: key ? { 'idempotency-key': key } : undefined });

async function data<T>(res: Awaited<ReturnType<typeof req>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

const defaultRow = (templateId: string) =>
  h.database.primary
    .select({ html_raw: templates.html_raw, body: templates.body })
    .from(templates)
    .where(and(isNull(templates.company_id), eq(templates.template_id, templateId), eq(templates.lang, 'en')))
    .then((r) => r[0]!);

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Links Loop', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const bike = await data<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'City Bike',
      rental_prices: { monthly: '29.00' },
      variants: [{ name: 'Blue', sku: 'BIKE-LNK', price: '29.00', stock: 50 }],
    }),
    201,
  );
  variant = bike.variants[0]!.id;
});

describe('record mails without a back-office button', () => {
  it('ships none in any language; the former defaults had one', () => {
    expect([...RECORD_MAIL_KINDS].sort()).toEqual(
      ['order_confirmation', 'payment_receipt', 'quote', 'subscription_summary'].sort(),
    );
    for (const kind of RECORD_MAIL_KINDS)
      for (const lang of TEMPLATE_LANGUAGES) {
        expect(shippedTemplate(kind, lang).html_raw, `${kind}/${lang}`).not.toContain('{{action_url}}');
        expect(formerShippedHtml(kind, lang), `${kind}/${lang}`).toContain('href="{{action_url}}"');
      }
    // Other mails keep theirs (a password reset's link is the point of it).
    expect(shippedTemplate('password_reset', 'en').html_raw).toContain('{{action_url}}');
    expect(formerShippedHtml('password_reset', 'en')).toBeNull();
  });

  it('brings an untouched former default up to date at start and leaves an edited one', async () => {
    const former = formerShippedHtml('order_confirmation', 'en')!;
    const edited = `${formerShippedHtml('quote', 'en')!}<p>Our own words.</p>`;
    const set = (templateId: string, html: string) =>
      h.database.primary
        .update(templates)
        .set({ html_raw: html, body: html })
        .where(
          and(isNull(templates.company_id), eq(templates.template_id, templateId), eq(templates.lang, 'en')),
        );
    await set('order_confirmation', former);
    await set('quote', edited);
    expect(await ensureDefaultTemplates(h.database)).toBe(0);
    const confirmation = await defaultRow('order_confirmation');
    expect(confirmation.html_raw).toBe(shippedTemplate('order_confirmation', 'en').html_raw);
    expect(confirmation.body).not.toContain('{{action_url}}');
    expect((await defaultRow('quote')).html_raw).toBe(edited);
    // Its former text again (the edit undone): now brought up to date too.
    await set('quote', formerShippedHtml('quote', 'en')!);
    await ensureDefaultTemplates(h.database);
    expect((await defaultRow('quote')).html_raw).toBe(shippedTemplate('quote', 'en').html_raw);
  });

  it('mails the quote, the confirmation, the summary and the receipt with no /cms/ link', async () => {
    const to = 'lena@links.test';
    const customer = await data<{ id: number }>(
      await req('POST', api('customers'), { name: 'Lena Link', email: to }),
      201,
    );
    const cart = {
      customer_id: customer.id,
      items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    };
    const quote = await data<{ draft_id: number }>(await req('POST', api('draft-orders'), cart), 201);
    const order = await data<{ id: number; subscription_ids: number[] }>(
      await req('POST', api('orders/full'), cart, 'links-order'),
      201,
    );
    const charged = await data<{ invoice: { id: number } }>(
      await req('POST', api(`orders/${order.id}/charge`), {}),
    );
    const settled = await data<{ transaction_id: number }>(
      await req('POST', api(`invoices/${charged.invoice.id}/settle`), { transaction_id: 'SEPA-LINKS' }),
    );
    for (const [path, id, subject] of [
      ['send-draft', quote.draft_id, /Your quote/],
      ['send-order', order.id, /Your order/],
      ['send-subscription', order.subscription_ids[0]!, /Your subscription/],
      ['send-transaction', settled.transaction_id, /Your payment/],
    ] as const) {
      const res = await req('POST', `/api/${cid}/email/${path}`, { id });
      expect(res.json().message, `${path}: ${res.body}`).toBe(MESSAGES.emailSent);
      const mail = await h.inbox.waitFor(to, { subject });
      expect(mail.html, path).not.toContain('/cms/');
      expect(mail.html, path).not.toContain('mail-button');
    }

    // A company's own confirmation that kept the button: it leads to the company's website.
    await data(
      await req('PUT', `/api/companies/${cid}/settings/general`, {
        ...SETTINGS_SECTIONS.general.defaults,
        website_url: 'https://links-loop.test/',
      }),
    );
    const own = '<p>Thanks!</p><a class="mail-button" href="{{action_url}}">Visit us</a>';
    await h.database.primary.insert(templates).values({
      company_id: cid,
      template_id: 'order_confirmation',
      type: 'email',
      lang: 'en',
      subject: 'Own confirmation {{order.number}}',
      html_raw: own,
      body: own,
    });
    const res = await req('POST', `/api/${cid}/email/send-order`, { id: order.id });
    expect(res.json().message, res.body).toBe(MESSAGES.emailSent);
    const mail = await h.inbox.waitFor(to, { subject: /Own confirmation/ });
    expect(mail.html).toContain('href="https://links-loop.test/"');
    expect(mail.html).not.toContain('/cms/');
  });
});
