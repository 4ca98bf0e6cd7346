/**
 * A quote or an order's confirmation mailed from its screen says what really happened (issue 25, "say
 * what really happened"): "Email sent." only when the SMTP server took it; refused (550) or unreachable,
 * a 502 with the server's words; no SMTP on this server, a 503. Email History keeps each attempt with its
 * state and reason. The SMTP server here is real (testing/mail.ts) and refuses mail to REFUSED_DOMAIN.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import {
  createMailer,
  MAIL_TEXTS,
  SEND_NOW_GUARD_SECONDS,
  sendEmailJob,
} from '../../integrations/email/mailer.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { REFUSED_DOMAIN, REFUSED_REPLY } from '../../testing/mail.ts';

const h = useHarness({ mail: true });
let cid: number;
let staff: TestUser;
let helmetVariant: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(h.app, staff, { method, url, payload });

async function created<T>(res: Awaited<ReturnType<typeof req>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as T;
}

/** A customer at `email` with a quote, and an order placed for them. */
async function customerWithQuoteAndOrder(email: string): Promise<{ quote: number; order: number }> {
  const customer = await created<{ id: number }>(
    await req('POST', api('customers'), { name: 'Mail Test', email }),
  );
  const cart = {
    customer_id: customer.id,
    items: [{ variant_id: helmetVariant, quantity: 1, kind: 'purchase' }],
  };
  const quote = await created<{ draft_id: number }>(await req('POST', api('draft-orders'), cart));
  const order = await call(h.app, staff, {
    method: 'POST',
    url: api('orders/full'),
    payload: cart,
    headers: { 'idempotency-key': `mail-test-${email}` },
  });
  expect(order.statusCode, order.body).toBe(201);
  return { quote: quote.draft_id, order: order.json().data.id };
}

const entriesTo = (to: string) =>
  h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, to)).orderBy(emailEntries.id);

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Mail Loop', currency: 'CAD' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'user' });
  const admin = await createUser(h, { company, role: 'admin' });
  const helmet = await call(h.app, admin, {
    method: 'POST',
    url: api('products'),
    payload: {
      name: 'Helmet',
      purchase_price: '59.99',
      variants: [{ sku: 'HLM-MAIL', name: 'One size', price: '59.99' }],
    },
  });
  expect(helmet.statusCode, helmet.body).toBe(201);
  helmetVariant = helmet.json().data.variants[0].id;
});

describe('a mail sent from a screen', () => {
  it('answers "Email sent." only once the SMTP server has taken the quote and the confirmation', async () => {
    const to = 'taken@mail-loop.test';
    const { quote, order } = await customerWithQuoteAndOrder(to);

    const sentQuote = await req('POST', `/api/${cid}/email/send-draft?override=true`, { id: quote });
    expect(sentQuote.statusCode, sentQuote.body).toBe(200);
    expect(sentQuote.json()).toMatchObject({ status: true, message: MESSAGES.emailSent });
    expect(sentQuote.json().data).toMatchObject({ status: 'sent', to });
    // Handed over before the answer: the inbox has it already, no job in between.
    expect(h.inbox.messages.some((m) => JSON.stringify(m.to).includes(to))).toBe(true);

    const sentOrder = await req('POST', `/api/${cid}/email/send-order`, { id: order });
    expect(sentOrder.statusCode, sentOrder.body).toBe(200);
    expect(sentOrder.json().message).toBe(MESSAGES.emailSent);

    const entries = await entriesTo(to);
    expect(entries.map((e) => [e.kind, e.status, e.error])).toEqual([
      ['quote', 'sent', null],
      ['order_confirmation', 'sent', null],
    ]);
    expect(entries.every((e) => e.sent_at !== null && e.delivery_html === null)).toBe(true);
  });

  it('says the SMTP server refused it, in its words, and Email History keeps it as failed', async () => {
    const to = `nobody@${REFUSED_DOMAIN}`;
    const { quote, order } = await customerWithQuoteAndOrder(to);

    for (const [path, id] of [
      ['send-draft?override=true', quote],
      ['send-order', order],
    ] as const) {
      const refused = await req('POST', `/api/${cid}/email/${path}`, { id });
      expect(refused.statusCode, refused.body).toBe(502);
      const { message } = refused.json();
      expect(message.startsWith(`${MESSAGES.emailSendFailed} The mail server refused it:`)).toBe(true);
      expect(message).toContain(REFUSED_REPLY);
    }

    const entries = await entriesTo(to);
    expect(entries.map((e) => [e.kind, e.status])).toEqual([
      ['quote', 'failed'],
      ['order_confirmation', 'failed'],
    ]);
    expect(entries[0]!.error).toContain(REFUSED_REPLY);
    expect(entries[0]!.sent_at).toBeNull();

    // Email History (admins) lists both as failed, with the reason.
    const admin = await createUser(h, { company: { id: cid }, role: 'admin' });
    const history = await call(h.app, admin, {
      method: 'GET',
      url: `/api/${cid}/rentloopdb/email-entries?filters=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`,
    });
    expect(history.statusCode).toBe(200);
    const listed = history.json().data.filter((e: { to: string }) => e.to === to);
    expect(listed).toHaveLength(2);
    expect(listed[0].error).toContain(REFUSED_REPLY);
  });

  it('says the SMTP server could not be reached when nothing answers', async () => {
    const to = 'unreached@mail-loop.test';
    const { order } = await customerWithQuoteAndOrder(to);
    // The app's mailer pointed at a port where nothing listens, for this test only.
    const mailer = h.app.deps.mailer!;
    const working = mailer.transport;
    mailer.transport = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: mailer.from }).transport;
    try {
      const res = await req('POST', `/api/${cid}/email/send-order`, { id: order });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toMatch(
        new RegExp(`^${MESSAGES.emailSendFailed.replace('.', '\\.')} The mail server could not be reached: `),
      );
    } finally {
      mailer.transport = working;
    }
    expect((await entriesTo(to)).map((e) => e.status)).toEqual(['failed']);
  });

  it('marks a mail whose sending was cut off as failed, and leaves a settled one alone', async () => {
    const to = 'cut-off@mail-loop.test';
    const { order } = await customerWithQuoteAndOrder(to);
    expect((await req('POST', `/api/${cid}/email/send-order`, { id: order })).statusCode).toBe(200);
    const [sent] = await entriesTo(to);
    // Its guard was enqueued with it, to look long after the attempt.
    const guard = await h.database.executor.executeSql(
      `SELECT extract(epoch FROM start_after - now())::int AS wait FROM pgboss.job
        WHERE name = 'email-send' AND (data->>'entryId')::int = $1 AND (data->>'abandonIfQueued')::boolean`,
      [sent!.id],
    );
    expect(guard.rows).toHaveLength(1);
    expect(Number((guard.rows[0] as { wait: number }).wait)).toBeGreaterThan(SEND_NOW_GUARD_SECONDS - 120);
    const quiet = { info: () => {}, error: () => {} };
    await sendEmailJob.handler(
      { entryId: sent!.id, abandonIfQueued: true },
      { database: h.database, log: quiet },
    );
    expect((await entriesTo(to))[0]).toMatchObject({ status: 'sent', error: null });

    // A process that stopped between recording and the SMTP server's answer left one "queued".
    const [stuck] = await h.database.primary
      .insert(emailEntries)
      .values({
        company_id: cid,
        kind: 'order_confirmation',
        to,
        subject: 's',
        body_html: 'b',
        status: 'queued',
      })
      .returning({ id: emailEntries.id });
    await sendEmailJob.handler(
      { entryId: stuck!.id, abandonIfQueued: true },
      { database: h.database, log: quiet },
    );
    const [, abandoned] = await entriesTo(to);
    expect(abandoned).toMatchObject({ status: 'failed', error: MAIL_TEXTS.abandoned, sent_at: null });
    // Nothing was handed over by the guard.
    expect(h.inbox.messages.filter((m) => JSON.stringify(m.to).includes(to))).toHaveLength(1);
  });
});
