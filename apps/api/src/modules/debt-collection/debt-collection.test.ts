/**
 * Debt collection against a local fake Debtist (integrations/debt-collection/testing/fake-debtist.ts):
 * the whole flow (hand an unpaid, due invoice over, comment, the agency collects, sync: the invoice
 * settled through the billing engine with the agency's fee recorded), the hand-over idempotent, the
 * refusals (not due, settled), every route 409 without credentials, 404 across companies, the agency
 * down (503, the claim kept pending and filed by the next sync) or refusing the key (502), the users.
 */
import { DEBT_TEXTS } from '@rentloop/domain/debt-collection';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { companySettings, debtClaims, events, invoices, transactions } from '../../db/schema/index.ts';
import {
  FAKE_DEBTIST_KEY,
  type FakeDebtist,
  startFakeDebtist,
} from '../../integrations/debt-collection/testing/fake-debtist.ts';
import { closedPort } from '../../integrations/shops/testing/fake-server.ts';
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
let debtist: FakeDebtist;

interface Co {
  id: number;
  staff: TestUser;
  admin: TestUser;
  variant: number;
}
let A: Co;
let B: Co;
let bare: Co;

const debt = (co: Co, path: string) => `/api/${co.id}/debtist/${path}`;
const db = () => h.database.primary;

async function setUp(name: string): Promise<Co> {
  const company = await createCompany(h.database, { name, currency: 'EUR' });
  // Signed in on the latest day the tests move the clock to: a session lives a day, checked against the
  // clock, so it is valid at every time set below on its own, not only while the session cache holds it.
  clock.set('2026-04-01T10:00:00Z');
  const admin = await createUser(h, { company, role: 'admin' });
  const staff = await createUser(h, { company, role: 'user' });
  clock.set('2026-03-02T10:00:00Z');
  const product = await call(h.app, admin, {
    method: 'POST',
    url: `/api/${company.id}/rentloopdb/products`,
    payload: { name: 'Cargo bike', variants: [{ sku: 'CB-1', name: 'Blue', price: '119.00' }] },
  });
  expect(product.statusCode, product.body).toBe(201);
  return { id: company.id, staff, admin, variant: product.json().data.variants[0].id };
}

const SECTION = { handover_after_days: 30, min_claim_minor: 2000, notify_customer: false };
const configure = (co: Co, body: Record<string, unknown>) =>
  call(h.app, co.admin, {
    method: 'PUT',
    url: `/api/companies/${co.id}/settings/debt_collection`,
    payload: { ...SECTION, ...body },
  });

const connect = (co: Co, baseUrl = debtist.url, apiKey: string | undefined = FAKE_DEBTIST_KEY) =>
  configure(co, {
    enabled: true,
    provider: 'debtist',
    base_url: baseUrl,
    ...(apiKey ? { api_key: apiKey } : {}),
  });

/** An issued invoice of a new order (offline gateway, due 14 days after today), not settled. */
async function invoiceOf(co: Co): Promise<{ id: number; gross: string; due_date: string }> {
  const customer = await call(h.app, co.staff, {
    method: 'POST',
    url: `/api/${co.id}/rentloopdb/customers`,
    payload: customerBody({ email: `debtor-${Math.random().toString(36).slice(2)}@example.test` }),
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const order = await call(h.app, co.staff, {
    method: 'POST',
    url: `/api/${co.id}/rentloopdb/orders/full`,
    payload: {
      customer_id: customer.json().data.id,
      items: [{ variant_id: co.variant, quantity: 1, kind: 'purchase' }],
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  const invoice = await call(h.app, co.staff, {
    method: 'POST',
    url: `/api/${co.id}/order/generate-offline-invoice`,
    payload: { order_id: order.json().data.id },
  });
  expect(invoice.statusCode, invoice.body).toBe(200);
  return invoice.json().data;
}

const claim = (co: Co, invoiceId: number, who = co.staff) =>
  call(h.app, who, { method: 'POST', url: debt(co, `invoice/${invoiceId}/claim`) });
const sync = (co: Co) => call(h.app, co.staff, { method: 'POST', url: debt(co, 'claims/sync') });
const comment = (co: Co, claimId: number, text: string, who = co.staff) =>
  call(h.app, who, {
    method: 'POST',
    url: debt(co, `claims/${claimId}/activity/comments`),
    payload: { comment: text },
  });
const invoiceRow = async (id: number) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;

beforeAll(async () => {
  debtist = await startFakeDebtist();
  A = await setUp('Collect Co');
  B = await setUp('Other Collect Co');
  bare = await setUp('Unconfigured Co');
  const first = await connect(A);
  expect(first.statusCode, first.body).toBe(200);
  expect((await connect(B)).statusCode).toBe(200);
});

afterAll(() => debtist.close());

describe('debt collection settings', () => {
  it('needs an address and an API key to switch on, keeps the key sealed and never answers it', async () => {
    const noUrl = await configure(bare, { enabled: true, provider: 'debtist', base_url: null });
    expect(noUrl.statusCode).toBe(422);
    expect(Object.keys(noUrl.json().errors)).toEqual(['base_url']);
    const noKey = await configure(bare, { enabled: true, provider: 'debtist', base_url: debtist.url });
    expect(noKey.statusCode).toBe(422);
    expect(Object.keys(noKey.json().errors)).toEqual(['api_key']);

    const res = await connect(A);
    expect(res.json().data).toMatchObject({ enabled: true, api_key_stored: true });
    expect(res.body).not.toContain(FAKE_DEBTIST_KEY);
    const [row] = await db()
      .select()
      .from(companySettings)
      .where(and(eq(companySettings.company_id, A.id), eq(companySettings.group, 'debt_collection')));
    expect(JSON.stringify(row?.data)).not.toContain(FAKE_DEBTIST_KEY);
  });
});

describe('without credentials', () => {
  it('answers every route 409 saying where to configure them, and calls nobody', async () => {
    const invoice = await invoiceOf(bare);
    const before = debtist.requests.length;
    const routes: [string, string, object?][] = [
      ['GET', 'claims'],
      ['POST', 'claims/sync'],
      ['POST', `invoice/${invoice.id}/claim`],
      ['GET', 'user'],
      ['POST', 'users', { email: 'ops@collect.test', first_name: 'Olga', last_name: 'Ops' }],
      ['PUT', 'users/enable'],
      ['PUT', 'users/disable'],
    ];
    for (const [method, path, payload] of routes) {
      const res = await call(h.app, bare.admin, { method: method as 'GET', url: debt(bare, path), payload });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe(DEBT_TEXTS.notConfigured);
    }
    expect(debtist.requests.length).toBe(before);
    expect(await db().select().from(debtClaims).where(eq(debtClaims.company_id, bare.id))).toHaveLength(0);
  });

  it('answers 409 for a claim filed before the key was removed (its read and its comment)', async () => {
    const co = await setUp('Removed Key Co');
    await connect(co);
    clock.set('2026-03-02T10:00:00Z');
    const invoice = await invoiceOf(co);
    clock.set('2026-03-20T10:00:00Z');
    const filed = await claim(co, invoice.id);
    expect(filed.statusCode, filed.body).toBe(201);
    const off = await configure(co, {
      enabled: false,
      provider: 'debtist',
      base_url: debtist.url,
      api_key: null,
    });
    expect(off.json().data.api_key_stored).toBe(false);
    const id = filed.json().data.id;
    for (const res of [
      await call(h.app, co.staff, { method: 'GET', url: debt(co, `claims/${id}`) }),
      await comment(co, id, 'Still there?'),
      await claim(co, invoice.id),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(DEBT_TEXTS.notConfigured);
    }
    clock.set('2026-03-02T10:00:00Z');
  });
});

describe('handing an invoice over, commenting, syncing', () => {
  it('refuses an invoice that is not due yet (409), then files it once it is', async () => {
    clock.set('2026-03-02T10:00:00Z');
    const invoice = await invoiceOf(A);
    const early = await claim(A, invoice.id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe(DEBT_TEXTS.invoiceNotDue);
    expect(await db().select().from(debtClaims).where(eq(debtClaims.invoice_id, invoice.id))).toHaveLength(0);

    // The day after the due date (payment terms: 14 days).
    clock.set('2026-03-17T10:00:00Z');
    const filed = await claim(A, invoice.id);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().message).toBe(DEBT_TEXTS.claimFiled);
    const c = filed.json().data;
    expect(c).toMatchObject({
      invoice_id: invoice.id,
      status: 'open',
      amount: invoice.gross,
      paid_amount: '0.00',
      fee: '0.00',
      currency: 'EUR',
      settled_at: null,
      last_error: null,
    });
    expect(c.reference).toMatch(/^clm_/);
    const sent = debtist.claims.get(c.reference)!;
    expect(sent.external_id).toBe(`rl:${A.id}:inv${invoice.id}`);
    expect(sent.amount_cents).toBe(Math.round(Number(invoice.gross) * 100));

    // A second hand-over answers the same claim (200) and files nothing new.
    const size = debtist.claims.size;
    const again = await claim(A, invoice.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(c.id);
    expect(debtist.claims.size).toBe(size);
    expect(await db().select().from(debtClaims).where(eq(debtClaims.invoice_id, invoice.id))).toHaveLength(1);

    // Comment: at the agency and on the claim.
    const commented = await comment(A, c.id, 'The customer promised to pay on Friday.');
    expect(commented.statusCode, commented.body).toBe(201);
    expect(commented.json().message).toBe(DEBT_TEXTS.commentAdded);
    expect(commented.json().data.comments).toMatchObject([
      { comment: 'The customer promised to pay on Friday.', source: 'staff' },
    ]);
    expect(sent.activities.map((a) => a.text)).toContain('The customer promised to pay on Friday.');
    const empty = await comment(A, c.id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['comment']);

    // The agency collects part of it: the claim says so, the invoice stays unpaid.
    const grossCents = sent.amount_cents;
    debtist.collect(c.reference, 5000, 0);
    debtist.agencyComment(c.reference, 'Debtor reached by phone.');
    const partial = await sync(A);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toMatchObject({ updated: 1, settled: 0, failed: 0 });
    const mid = await call(h.app, A.staff, { method: 'GET', url: debt(A, `claims/${c.id}`) });
    expect(mid.json().data).toMatchObject({ status: 'partially_paid', paid_amount: '50.00' });
    expect(
      mid.json().data.comments.map((x: { comment: string; source: string }) => [x.source, x.comment]),
    ).toEqual([
      ['staff', 'The customer promised to pay on Friday.'],
      ['agency', 'Debtor reached by phone.'],
    ]);
    expect((await invoiceRow(invoice.id)).payment_status).toBe('not settled');

    // The rest, with the agency's fee: the sync settles the invoice through the billing engine.
    debtist.collect(c.reference, grossCents - 5000, 1785);
    const paid = await sync(A);
    expect(paid.json().data).toMatchObject({ updated: 1, settled: 1, failed: 0 });
    const done = await call(h.app, A.staff, { method: 'GET', url: debt(A, `claims/${c.id}`) });
    expect(done.json().data).toMatchObject({ status: 'paid', paid_amount: invoice.gross, fee: '17.85' });
    expect(done.json().data.settled_at).not.toBeNull();
    expect((await invoiceRow(invoice.id)).payment_status).toBe('settled');
    const txs = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.invoice_id, invoice.id), eq(transactions.state, 'succeeded')));
    expect(txs).toHaveLength(1);
    expect(txs[0]!.provider_reference).toBe(`debtist:${c.reference}`);
    expect(txs[0]!.amount).toBe(BigInt(grossCents));
    expect(txs[0]!.raw).toMatchObject({ debt_collection: { fee: '17.85', collected: invoice.gross } });
    const paidEvents = await db()
      .select()
      .from(events)
      .where(and(eq(events.company_id, A.id), eq(events.type, 'debt_claim.paid')));
    expect(paidEvents).toHaveLength(1);

    // A later sync asks about nothing and settles nothing twice.
    const quiet = await sync(A);
    expect(quiet.json().data).toMatchObject({ checked: 0, settled: 0 });
    expect(
      await db()
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoice_id, invoice.id), eq(transactions.state, 'succeeded'))),
    ).toHaveLength(1);

    // A settled invoice cannot be handed over (its claim exists: answered as it is).
    const list = await call(h.app, A.staff, {
      method: 'GET',
      url: debt(A, 'claims?filters={"status":"paid"}'),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(c.id);
  });

  it('refuses a settled invoice with a clear 409', async () => {
    clock.set('2026-03-02T10:00:00Z');
    const invoice = await invoiceOf(A);
    const settled = await call(h.app, A.staff, {
      method: 'POST',
      url: `/api/${A.id}/rentloopdb/invoices/${invoice.id}/settle`,
      payload: { transaction_id: 'BANK-42' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    clock.set('2026-04-01T10:00:00Z');
    const res = await claim(A, invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DEBT_TEXTS.invoiceNotUnpaid);
    clock.set('2026-03-02T10:00:00Z');
  });

  it('keeps the claim pending when the agency is down (503), and the next sync files it', async () => {
    clock.set('2026-03-02T10:00:00Z');
    const invoice = await invoiceOf(A);
    clock.set('2026-04-01T10:00:00Z');
    const moved = await connect(A, `http://127.0.0.1:${await closedPort()}`, undefined);
    expect(moved.statusCode, moved.body).toBe(200);
    const down = await claim(A, invoice.id);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().message.startsWith(DEBT_TEXTS.claimFailed)).toBe(true);
    const [kept] = await db().select().from(debtClaims).where(eq(debtClaims.invoice_id, invoice.id));
    expect(kept).toMatchObject({ status: 'pending', reference: null });
    expect(kept?.last_error).toContain('Could not reach');

    // The agency refusing the key: 502.
    expect((await connect(A, debtist.url, 'wrong-key')).statusCode).toBe(200);
    const refused = await claim(A, invoice.id);
    expect(refused.statusCode).toBe(502);

    await connect(A);
    const synced = await sync(A);
    expect(synced.json().data).toMatchObject({ failed: 0 });
    const [filed] = await db().select().from(debtClaims).where(eq(debtClaims.invoice_id, invoice.id));
    expect(filed).toMatchObject({ status: 'open', last_error: null });
    expect(filed?.reference).toMatch(/^clm_/);
    expect(
      [...debtist.claims.values()].filter((x) => x.external_id === `rl:${A.id}:inv${invoice.id}`),
    ).toHaveLength(1);
    clock.set('2026-03-02T10:00:00Z');
  });
});

describe('the Debtist user', () => {
  it('is created once, then disabled and enabled at the agency', async () => {
    const none = await call(h.app, A.staff, { method: 'GET', url: debt(A, 'user') });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toBeNull();
    const body = { email: 'Collections@Collect.test', first_name: 'Cora', last_name: 'Collect' };
    const byUser = await call(h.app, A.staff, { method: 'POST', url: debt(A, 'users'), payload: body });
    expect(byUser.statusCode).toBe(403);
    const created = await call(h.app, A.admin, { method: 'POST', url: debt(A, 'users'), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ email: 'collections@collect.test', enabled: true });
    const ref = created.json().data.reference;
    expect(debtist.users.get(ref)?.active).toBe(true);
    const twice = await call(h.app, A.admin, { method: 'POST', url: debt(A, 'users'), payload: body });
    expect(twice.statusCode).toBe(409);

    const off = await call(h.app, A.admin, { method: 'PUT', url: debt(A, 'users/disable') });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    expect(debtist.users.get(ref)?.active).toBe(false);
    const on = await call(h.app, A.admin, { method: 'PUT', url: debt(A, 'users/enable') });
    expect(on.json().data.enabled).toBe(true);
    expect(debtist.users.get(ref)?.active).toBe(true);

    // The agency refusing (its own 409 for the e-mail): "Failed to create Debtist user" and nothing stored.
    const other = await call(h.app, B.admin, { method: 'POST', url: debt(B, 'users'), payload: body });
    expect(other.statusCode).toBe(502);
    expect(other.json().message.startsWith(DEBT_TEXTS.userFailed)).toBe(true);
    const bUser = await call(h.app, B.staff, { method: 'GET', url: debt(B, 'user') });
    expect(bUser.json().data).toBeNull();
  });
});

describe('across companies', () => {
  it("answers 404 for another company's claim and invoice, on every route naming one", async () => {
    clock.set('2026-03-02T10:00:00Z');
    const invoice = await invoiceOf(A);
    clock.set('2026-03-20T10:00:00Z');
    const filed = await claim(A, invoice.id);
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().data.id;
    // B's sessions were last used on the 2nd (a session idles out): ask on that day.
    clock.set('2026-03-02T10:00:00Z');
    const before = debtist.requests.length;
    const tries = [
      await call(h.app, B.staff, { method: 'GET', url: debt(B, `claims/${id}`) }),
      await comment(B, id, 'Not mine'),
      await claim(B, invoice.id),
      // Through A's URL: B's staff are no members of A.
      await call(h.app, B.staff, { method: 'GET', url: debt(A, `claims/${id}`) }),
      await comment(A, id, 'Not mine', B.staff),
      await claim(A, invoice.id, B.staff),
      await call(h.app, B.staff, { method: 'GET', url: debt(A, 'claims') }),
      await call(h.app, B.staff, { method: 'POST', url: debt(A, 'claims/sync') }),
      await call(h.app, B.admin, { method: 'GET', url: debt(A, 'user') }),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(404);
    expect(debtist.requests.length).toBe(before);
    const listed = await call(h.app, B.staff, { method: 'GET', url: debt(B, 'claims') });
    expect(listed.json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await call(h.app, B.staff, { method: 'GET', url: debt(B, 'claims/999999') })).statusCode).toBe(
      404,
    );
    clock.set('2026-03-02T10:00:00Z');
  });
});
