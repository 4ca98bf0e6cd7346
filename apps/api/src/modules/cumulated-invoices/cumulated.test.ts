/**
 * Cumulated invoices end to end on the offline gateway: a collective customer's charges are collected,
 * not invoiced one by one, and at the month's end one invoice (one VAT breakdown) sums them to the cent
 * and is charged once; a statement customer gets a statement of each month, numbered gapless in its own
 * series, with no VAT of its own; never both for one month; the close re-run does nothing; the routes
 * answer list, one, lookup by each key and the PDF as stored bytes; another company's: 404.
 */
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type Transact, withDb } from '../../context.ts';
import { cumulatedInvoices, invoices, recurringPayments } from '../../db/schema/index.ts';
import { registerGateway } from '../../integrations/payments/index.ts';
import { offlineGateway } from '../../integrations/payments/offline.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { runBilling } from '../recurring-payments/run.ts';
import { createRecurringPayments } from '../recurring-payments/schedule.ts';
import { closeCumulatedPeriods } from './close.ts';

const clock = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let bikeVariant: number;
let collective: number;
let statement: number;
let plain: number;
let statement2: number;
let charges = 0;

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const req = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  call(h.app, who, { method, url, payload, headers });
async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string; status: boolean };
}
const ctx = () => testCtx(h.database.primary, cid, { clock });
const transact: Transact = (work) => h.database.primary.transaction((tx) => work(withDb(ctx(), tx)));

/** Signed in again at the moved clock (a session of March has expired by May). */
async function signIn() {
  staff = await createUser(h, { company: { id: cid }, role: 'admin' });
  stranger = await createUser(h, { company: { id: otherCid }, role: 'owner' });
}

async function customer(email: string, mode?: string): Promise<number> {
  const c = await ok<{ id: number }>(
    await req(staff, 'POST', api('customers'), { name: `Kunde ${email}`, email, language: 'de' }),
    201,
  );
  if (mode) await ok(await req(staff, 'PUT', api(`customers/${c.data.id}`), { cumulated_invoice: mode }));
  return c.data.id;
}

async function order(customerId: number, quantity: number) {
  await ok(
    await req(staff, 'POST', api('orders/full'), {
      customer_id: customerId,
      items: [{ variant_id: bikeVariant, quantity, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
}

const paymentsOf = (customerId: number) =>
  h.database.primary
    .select()
    .from(recurringPayments)
    .where(and(eq(recurringPayments.company_id, cid), eq(recurringPayments.customer_id, customerId)))
    .orderBy(asc(recurringPayments.id));
const invoicesOf = (customerId: number) =>
  h.database.primary
    .select()
    .from(invoices)
    .where(and(eq(invoices.company_id, cid), eq(invoices.customer_id, customerId)))
    .orderBy(asc(invoices.id));

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Sum Loop', currency: 'EUR' });
  const other = await createCompany(h.database, { name: 'Other Sum Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  await signIn();
  await ok(
    await req(staff, 'PUT', `/api/companies/${cid}/settings/invoice`, {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Sum Loop GmbH',
    }),
  );
  const bike = await ok<{ variants: { id: number }[] }>(
    await req(staff, 'POST', api('products'), {
      name: 'Cargo bike',
      rental_prices: { monthly: '49.99' },
      variants: [{ sku: 'CB-1', name: 'Blue', price: '3100.00' }],
    }),
    201,
  );
  bikeVariant = bike.data.variants[0]!.id;
  registerGateway('offlinegateway', () => ({
    ...offlineGateway,
    async charge(request) {
      charges += 1;
      return offlineGateway.charge(request);
    },
  }));
});

describe('the customer setting', () => {
  it('is off by default, takes statement or collective, and names the field of a bad value', async () => {
    collective = await customer('collective@sum.test');
    const fresh = await ok<{ cumulated_invoice: string }>(
      await req(staff, 'GET', api(`customers/${collective}`)),
    );
    expect(fresh.data.cumulated_invoice).toBe('off');
    const bad = await req(staff, 'PUT', api(`customers/${collective}`), { cumulated_invoice: 'weekly' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['cumulated_invoice']);
    await ok(await req(staff, 'PUT', api(`customers/${collective}`), { cumulated_invoice: 'collective' }));
    statement = await customer('statement@sum.test', 'statement');
    plain = await customer('plain@sum.test');
    statement2 = await customer('statement2@sum.test', 'statement');
  });
});

describe('a month of charges', () => {
  it("collects the collective customer's charges instead of invoicing them, invoices the others", async () => {
    await order(collective, 1);
    await order(collective, 3);
    await order(statement, 1);
    await order(plain, 1);
    await order(statement2, 1);
    clock.set('2026-04-04T10:00:00Z');
    await createRecurringPayments(ctx(), transact);
    clock.set('2026-04-10T06:00:00Z');
    const before = charges;
    const run = await runBilling(ctx(), transact);
    expect(run.issued).toBe(3);
    expect(charges - before).toBe(3);
    // One payment per unit rented: 1 + 3 of them.
    const collected = await paymentsOf(collective);
    expect(collected.map((r) => r.status)).toEqual(['charging', 'charging', 'charging', 'charging']);
    expect((await invoicesOf(collective)).filter((i) => i.type === 'recurring payment')).toEqual([]);
    expect((await paymentsOf(plain)).map((r) => r.status)).toEqual(['pending']);
    // A re-run collects nothing twice.
    expect((await runBilling(ctx(), transact)).issued).toBe(0);
    await signIn();
    const open = await ok<{ status: string; total: string; mode: string; recurring_payment_ids: number[] }>(
      await req(staff, 'GET', api(`cumulative-invoices?customer_id=${collective}`)),
    );
    expect(open.data).toMatchObject({ mode: 'collective', status: 'open', total: '199.96' });
    expect(open.data.recurring_payment_ids).toEqual(collected.map((r) => r.id));
    const notYet = await req(staff, 'GET', api(`cumulative-invoices?customer_id=${collective}`), undefined, {
      accept: 'application/pdf',
    });
    expect(notYet.statusCode).toBe(409);
  });

  it('closes the month: one collective invoice summing the charges to the cent, charged once; statements', async () => {
    clock.set('2026-04-20T06:00:00Z');
    // March ended without an invoice for the statement customers: no statement, no number taken.
    expect(await closeCumulatedPeriods(ctx(), transact)).toBe(0);
    clock.set('2026-05-01T06:00:00Z');
    const before = charges;
    expect(await closeCumulatedPeriods(ctx(), transact)).toBe(3);
    expect(charges - before).toBe(1);
    const rps = await paymentsOf(collective);
    const [doc] = (await invoicesOf(collective)).filter((i) => i.type === 'cumulated invoice');
    expect(doc).toBeDefined();
    expect(doc!.gross).toBe(rps.reduce((s, r) => s + r.amount, 0n));
    expect(doc!.gross).toBe(19996n);
    expect(doc!.lines).toHaveLength(4);
    expect(doc!.tax_breakdown).toHaveLength(1);
    expect(doc!.payment_status).toBe('pending payment');
    expect(rps.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);

    // Idempotent: the same day again makes and charges nothing.
    const after = charges;
    expect(await closeCumulatedPeriods(ctx(), transact)).toBe(0);
    expect(charges).toBe(after);
    expect((await invoicesOf(collective)).filter((i) => i.type === 'cumulated invoice')).toHaveLength(1);

    // Settled by staff: the collected payments are paid with it.
    await signIn();
    await ok(await req(staff, 'POST', api(`invoices/${doc!.id}/settle`), { transaction_id: 'TRF-SUM-1' }));
    expect((await paymentsOf(collective)).map((r) => r.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
  });

  it('numbers statements gapless in their own series, lists the month with no VAT of its own', async () => {
    const rows = await h.database.primary
      .select()
      .from(cumulatedInvoices)
      .where(and(eq(cumulatedInvoices.company_id, cid), eq(cumulatedInvoices.mode, 'statement')))
      .orderBy(asc(cumulatedInvoices.id));
    expect(rows.map((r) => [r.customer_id, r.period_start, r.period_end, r.number])).toEqual([
      [statement, '2026-04-01', '2026-04-30', 'ST-2026-1'],
      [statement2, '2026-04-01', '2026-04-30', 'ST-2026-2'],
    ]);
    const april = (await invoicesOf(statement)).filter((i) => i.issue_date?.startsWith('2026-04'));
    expect(april).toHaveLength(1);
    expect(rows[0]!.entries.map((e) => e.invoice_id)).toEqual(april.map((i) => i.id));
    expect(rows[0]!.total).toBe(april.reduce((s, i) => s + i.gross, 0n));
    const one = await ok<{ html: string; entries: { gross: string }[]; mode: string; total: string }>(
      await req(staff, 'GET', api(`cumulated-invoices/${rows[0]!.id}`)),
    );
    expect(one.data).toMatchObject({ mode: 'statement', total: '49.99', entries: [{ gross: '49.99' }] });
    expect(one.data.html).toContain('ST-2026-1');
    expect(one.data.html).toContain(
      'Diese Übersicht ist keine Rechnung und weist keine eigene Umsatzsteuer aus',
    );
    expect(one.data.html).not.toContain('USt. 19');
    // The statement's number is no invoice number: the invoice series did not move for it.
    expect(april.every((i) => !i.number?.startsWith('ST-'))).toBe(true);
  });

  it('never makes both for one month: a customer switched to statements keeps the collective month', async () => {
    await ok(await req(staff, 'PUT', api(`customers/${collective}`), { cumulated_invoice: 'statement' }));
    clock.set('2026-05-02T06:00:00Z');
    await closeCumulatedPeriods(ctx(), transact);
    const rows = await h.database.primary
      .select()
      .from(cumulatedInvoices)
      .where(and(eq(cumulatedInvoices.company_id, cid), eq(cumulatedInvoices.customer_id, collective)));
    expect(rows.map((r) => [r.period_start, r.mode])).toEqual([['2026-04-01', 'collective']]);
  });
});

describe('the routes', () => {
  it('list, one, lookup by each key, PDF bytes with their type; another company: 404', async () => {
    await signIn();
    const list = await ok<{ id: number; customer_id: number }[]>(
      await req(staff, 'GET', api(`cumulated-invoices?customer_id=${statement}`)),
    );
    expect(list.data).toHaveLength(1);
    const all = await ok<unknown[]>(await req(staff, 'GET', api('cumulated-invoices?mode=collective')));
    expect(all.data).toHaveLength(1);
    const coll = await ok<{
      id: number;
      invoice_id: number;
      recurring_payment_ids: number[];
      status: string;
    }>(await req(staff, 'GET', api(`cumulative-invoices?customer_id=${collective}`)));
    expect(coll.data.status).toBe('closed');
    for (const q of [
      `id=${coll.data.id}`,
      `invoice_id=${coll.data.invoice_id}`,
      `recurring_payment_id=${coll.data.recurring_payment_ids[0]}`,
    ])
      expect(
        (await ok<{ id: number }>(await req(staff, 'GET', api(`cumulative-invoices?${q}`)))).data.id,
      ).toBe(coll.data.id);
    const none = await req(staff, 'GET', api('cumulative-invoices'));
    expect(none.statusCode).toBe(422);
    const two = await req(staff, 'GET', api(`cumulative-invoices?id=1&customer_id=${statement}`));
    expect(two.statusCode).toBe(422);

    const pdf = await req(staff, 'GET', api(`cumulative-invoices?id=${list.data[0]!.id}`), undefined, {
      accept: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('ST-2026-');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const id = list.data[0]!.id;
    expect((await req(stranger, 'GET', api(`cumulated-invoices/${id}`))).statusCode).toBe(404);
    expect((await req(stranger, 'GET', api(`cumulated-invoices/${id}`, otherCid))).statusCode).toBe(404);
    expect((await req(stranger, 'GET', api(`cumulative-invoices?id=${id}`, otherCid))).statusCode).toBe(404);
    const theirs = await ok<unknown[]>(await req(stranger, 'GET', api('cumulated-invoices', otherCid)));
    expect(theirs.data).toEqual([]);
  });
});
