/**
 * Sending mail from a screen (issue 27 part 2): `email/send` (free-form, cleaned HTML, the company's
 * sender settings), `email/send-order` with `override` and `respond_ok` (modules/email/send.ts), each
 * recorded in Email History. The SMTP server is real (testing/mail.ts) and refuses REFUSED_DOMAIN.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { REFUSED_DOMAIN, REFUSED_REPLY } from '../../testing/mail.ts';
import { HELD_BACK } from './send.ts';

const h = useHarness({ mail: true });
let cid: number;
let staff: TestUser;
let owner: TestUser;
let otherCid: number;
let helmetVariant: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = staff) =>
  call(h.app, as, { method, url, payload });
const send = (query: string, payload: object) => req('POST', `/api/${cid}/email/send${query}`, payload);
const entriesTo = (to: string) =>
  h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, to)).orderBy(emailEntries.id);

/** Polls Email History's row for `to` until its status is `status` (the delivery job runs apart). */
async function entryBecomes(to: string, status: string) {
  for (let i = 0; i < 150; i++) {
    const [entry] = await entriesTo(to);
    if (entry?.status === status) return entry;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the mail to ${to} never became ${status}`);
}

async function orderFor(email: string): Promise<{ customer: number; order: number }> {
  const customer = await req('POST', api('customers'), { name: 'Mail Test', email });
  expect(customer.statusCode, customer.body).toBe(201);
  const order = await call(h.app, staff, {
    method: 'POST',
    url: api('orders/full'),
    payload: {
      customer_id: customer.json().data.id,
      items: [{ variant_id: helmetVariant, quantity: 1, kind: 'purchase' }],
    },
    headers: { 'idempotency-key': `send-test-${email}` },
  });
  expect(order.statusCode, order.body).toBe(201);
  return { customer: customer.json().data.id, order: order.json().data.id };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Send Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = (await createCompany(h.database, { name: 'Elsewhere' })).id;
  staff = await createUser(h, { company, role: 'user' });
  owner = await createUser(h, { company, role: 'owner' });
  const helmet = await req(
    'POST',
    api('products'),
    {
      name: 'Helmet',
      purchase_price: '59.99',
      variants: [{ sku: 'HLM-SEND', name: 'One size', price: '59.99' }],
    },
    owner,
  );
  expect(helmet.statusCode, helmet.body).toBe(201);
  helmetVariant = helmet.json().data.variants[0].id;
  const settings = await req(
    'PUT',
    `/api/companies/${cid}/settings/email`,
    {
      sender_name: 'Send Loop Desk',
      reply_to: 'desk@send-loop.test',
      bcc: 'records@send-loop.test',
      default_language: 'en',
    },
    owner,
  );
  expect(settings.statusCode, settings.body).toBe(200);
});

describe('POST email/send (a mail written by staff)', () => {
  it('sends the cleaned HTML under the company’s sender settings and records it as sent', async () => {
    const to = 'free@send-loop.test';
    const res = await send('', {
      to: ` ${to.toUpperCase()} `,
      cc: 'copy@send-loop.test',
      subject: 'Your rental',
      bodyHtml:
        '<p onclick="x()">Hello</p><script>steal()</script><img src="http://track.test/p.gif"><img src="https://cdn.test/logo.png" alt="logo">',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.emailSent, data: { status: 'sent', to } });

    const mail = await h.inbox.waitFor(to, { subject: /Your rental/ });
    expect(mail.from?.value[0]).toMatchObject({ name: 'Send Loop Desk', address: 'no-reply@rentloop.test' });
    expect(mail.replyTo?.value[0]?.address).toBe('desk@send-loop.test');
    expect(mail.html).toContain('<p>Hello</p>');
    expect(mail.html).toContain('https://cdn.test/logo.png');
    expect(mail.html).not.toMatch(/script|steal|onclick|track\.test/);

    const [entry] = await entriesTo(to);
    expect(entry).toMatchObject({
      kind: 'free_form',
      status: 'sent',
      cc: 'copy@send-loop.test',
      bcc: 'records@send-loop.test',
    });
    expect(entry!.body_html).not.toContain('script');
  });

  it('answers 422 naming the field for a bad address, an empty subject or nothing left to send', async () => {
    const bad = await send('', { to: 'a@b.test, not-an-address', subject: 'x', bodyHtml: '<p>x</p>' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MESSAGES.emailSendFailed);
    expect(Object.keys(bad.json().errors)).toEqual(['to']);
    const badCc = await send('', { to: 'a@b.test', cc: 'x@', subject: 'x', bodyHtml: '<p>x</p>' });
    expect(Object.keys(badCc.json().errors)).toEqual(['cc']);
    const badBcc = await send('', { to: 'a@b.test', bcc: 'nope', subject: 'x', bodyHtml: '<p>x</p>' });
    expect(Object.keys(badBcc.json().errors)).toEqual(['bcc']);
    const empty = await send('', { to: 'a@b.test', subject: '  ', bodyHtml: '<p>x</p>' });
    expect(Object.keys(empty.json().errors)).toEqual(['subject']);
    const stripped = await send('', { to: 'a@b.test', subject: 'x', bodyHtml: '<script>x()</script>' });
    expect(stripped.statusCode).toBe(422);
    expect(Object.keys(stripped.json().errors)).toEqual(['bodyHtml']);
    const flag = await send('?respond_ok=maybe', { to: 'a@b.test', subject: 'x', bodyHtml: 'x' });
    expect(flag.statusCode).toBe(422);
    expect(await entriesTo('a@b.test')).toEqual([]);
  });

  it('answers 502 "Failed to send email." with the SMTP server’s refusal, kept failed in Email History', async () => {
    const to = `nobody@${REFUSED_DOMAIN}`;
    const res = await send('', { to, subject: 'Refused', bodyHtml: '<p>x</p>' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().message).toMatch(new RegExp(`^Failed to send email\\. .*${REFUSED_REPLY}`));
    const history = await req(
      'GET',
      `/api/${cid}/rentloopdb/email-entries?filters=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`,
      undefined,
      owner,
    );
    const listed = history.json().data.filter((e: { to: string }) => e.to === to);
    expect(listed).toHaveLength(1);
    expect(listed[0].error).toContain(REFUSED_REPLY);
  });

  it('respond_ok: answers 202 queued at once; the job sends it, or records the refusal', async () => {
    const to = 'later@send-loop.test';
    const res = await send('?respond_ok=true', { to, subject: 'Later', bodyHtml: '<p>x</p>' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ message: MESSAGES.emailSent, data: { status: 'queued', to } });
    await h.inbox.waitFor(to, { subject: /Later/ });
    expect((await entryBecomes(to, 'sent')).sent_at).not.toBeNull();

    const refused = `later@${REFUSED_DOMAIN}`;
    const queued = await send('?respond_ok', { to: refused, subject: 'Later', bodyHtml: '<p>x</p>' });
    expect(queued.statusCode, queued.body).toBe(202);
    expect((await entryBecomes(refused, 'failed')).error).toContain(REFUSED_REPLY);
  });
});

describe('POST email/send-order: override and respond_ok', () => {
  it('holds an archived customer’s mail back unless override=true', async () => {
    const to = 'archived@send-loop.test';
    const { customer, order } = await orderFor(to);
    expect((await req('POST', api(`customers/${customer}/archive`))).statusCode).toBe(200);

    const held = await req('POST', `/api/${cid}/email/send-order`, { id: order });
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(HELD_BACK);
    expect(await entriesTo(to)).toEqual([]);

    const sent = await req('POST', `/api/${cid}/email/send-order?override=true`, { id: order });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: MESSAGES.emailSent, data: { status: 'sent', to } });
    const mail = await h.inbox.waitFor(to);
    expect(mail.from?.value[0]?.name).toBe('Send Loop Desk');
    expect((await entriesTo(to)).map((e) => [e.kind, e.status])).toEqual([['order_confirmation', 'sent']]);
  });

  it('respond_ok answers 202 before the job delivers the confirmation', async () => {
    const to = 'queued-order@send-loop.test';
    const { order } = await orderFor(to);
    const res = await req('POST', `/api/${cid}/email/send-order?respond_ok=1`, { id: order });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'queued', to });
    await entryBecomes(to, 'sent');
  });

  it('answers 404 for an order of another company or none', async () => {
    const { order } = await orderFor('mine@send-loop.test');
    const other = await createUser(h, { company: { id: otherCid }, role: 'owner' });
    const foreign = await call(h.app, other, {
      method: 'POST',
      url: `/api/${otherCid}/email/send-order`,
      payload: { id: order },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await req('POST', `/api/${cid}/email/send-order`, { id: 99_999_999 })).statusCode).toBe(404);
  });
});
