/**
 * The customer page as a support desk: `GET insights/customers/{id}` (figures computed from the
 * customer's records) and the email history filtered by customer (`customer_id`).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries, invoices } from '../../db/schema/index.ts';
import { type CompanyRecords, seedCompanyRecords } from '../../testing/company-records.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let rec: CompanyRecords;
let outsider: TestUser;
let lonelyCustomer: number;

const figures = (user: TestUser, id: number, company = rec.companyId) =>
  call(h.app, user, { method: 'GET', url: `/api/${company}/insights/customers/${id}` });

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Desk Rentals' });
  const owner = await createUser(h, { company, role: 'owner' });
  const member = await createUser(h, { company, role: 'user' });
  rec = await seedCompanyRecords(h, { companyId: company.id, marker: 'deskmark', owner, member });
  const other = await createCompany(h.database, { name: 'Other Desk' });
  outsider = await createUser(h, { company: other, role: 'owner' });
  const res = await call(h.app, owner, {
    method: 'POST',
    url: `/api/${company.id}/rentloopdb/customers`,
    payload: { name: 'No Orders Yet', email: 'lonely@desk.test' },
  });
  expect(res.statusCode).toBe(201);
  lonelyCustomer = res.json().data.id;
});

describe('GET /api/{company}/insights/customers/{id}', () => {
  it('counts and sums the customer’s records: an unpaid invoice is open, a settled one paid', async () => {
    const [invoice] = await h.database.primary.select().from(invoices).where(eq(invoices.id, rec.invoice));
    const gross = invoice!.gross;
    const before = await figures(rec.member, rec.customer);
    expect(before.statusCode).toBe(200);
    const data = before.json().data;
    expect(data).toMatchObject({
      orders: 1,
      open_orders: 1,
      quotes: 1,
      subscriptions: 1,
      active_subscriptions: 1,
      invoices: 1,
      revenue_paid: '0.00',
    });
    expect(data.currency).toBe(invoice!.currency);
    expect(data.open_amount).toBe((Number(gross) / 100).toFixed(2));
    expect(data.last_order_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    await h.database.primary
      .update(invoices)
      .set({ payment_status: 'settled' })
      .where(and(eq(invoices.id, rec.invoice), eq(invoices.company_id, rec.companyId)));
    const after = (await figures(rec.member, rec.customer)).json().data;
    expect(after.revenue_paid).toBe((Number(gross) / 100).toFixed(2));
    expect(after.open_amount).toBe('0.00');
  });

  it('answers zeros that are true for a customer with no records', async () => {
    const res = await figures(rec.member, lonelyCustomer);
    expect(res.json().data).toMatchObject({
      orders: 0,
      quotes: 0,
      subscriptions: 0,
      invoices: 0,
      revenue_paid: '0.00',
      open_amount: '0.00',
      last_order_at: null,
    });
  });

  it('answers 404 for a missing or foreign customer, a non-number id (no such record), 401 without a session', async () => {
    expect((await figures(rec.member, 999999)).statusCode).toBe(404);
    expect((await figures(outsider, rec.customer)).statusCode).toBe(404);
    const bad = await call(h.app, rec.member, {
      method: 'GET',
      url: `/api/${rec.companyId}/insights/customers/abc`,
    });
    expect(bad.statusCode).toBe(404);
    const anon = await call(h.app, null, {
      method: 'GET',
      url: `/api/${rec.companyId}/insights/customers/${rec.customer}`,
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET email-entries with filters {"customer_id"}', () => {
  it('lists the mails sent to the customer’s address only (any letter case)', async () => {
    await h.database.primary.insert(emailEntries).values([
      {
        company_id: rec.companyId,
        kind: 'order',
        to: 'LONELY@desk.test',
        subject: 'Yours',
        body_html: '<p>x</p>',
      },
      {
        company_id: rec.companyId,
        kind: 'order',
        to: 'someone@desk.test',
        subject: 'Not yours',
        body_html: '<p>y</p>',
      },
    ]);
    const list = (id: number | string) =>
      call(h.app, rec.owner, {
        method: 'GET',
        url: `/api/${rec.companyId}/rentloopdb/email-entries?filters=${encodeURIComponent(JSON.stringify({ customer_id: String(id) }))}`,
      });
    const res = await list(lonelyCustomer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((e: { subject: string }) => e.subject)).toEqual(['Yours']);
    expect(res.json().meta.total).toBe(1);
    expect((await list(999999)).json().data).toEqual([]);
    const bad = await list('x');
    expect(bad.statusCode).toBe(422);
  });
});
