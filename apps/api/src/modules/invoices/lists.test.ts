/**
 * The billing lists through the API (paginated-invoices, transactions, recurring-payments): each answers
 * its company's rows only, filters and sorts, refuses an unknown sort (422) and exports CSV. Invoices
 * and attempts are made through the routes (an order charged offline); recurring payments have no
 * route that makes them yet (the billing run's job), so they and their invoice's refunds are inserted.
 */
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const clock = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock });

interface Side {
  cid: number;
  staff: TestUser;
  orderId: number;
  subscriptionId: number;
  customerId: number;
  invoice: { id: number; number: string; gross: string };
  transactionId: number;
  /** Inserted: [due 2026-04-01 with an invoice and refunds, due 2026-05-01 without]. */
  recurring: number[];
}
let a: Side;
let b: Side;

type Res = Awaited<ReturnType<typeof call>>;
async function ok<T = Record<string, unknown>>(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
}
const run = (query: ReturnType<typeof sql>) => h.database.primary.execute(query);

/** A company with a customer who ordered a rental, charged offline: one invoice, one pending attempt. */
async function side(name: string): Promise<Side> {
  const company = await createCompany(h.database, { name, currency: 'EUR' });
  const cid = company.id;
  const staff = await createUser(h, { company, role: 'admin' });
  const req = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    call(h.app, staff, { method, url: `/api/${cid}/rentloopdb/${path}`, payload });
  await ok(
    await call(h.app, staff, {
      method: 'PUT',
      url: `/api/companies/${cid}/settings/invoice`,
      payload: {
        ...SETTINGS_SECTIONS.invoice.defaults,
        company_name: `${name} GmbH`,
        payment_terms_days: 14,
      },
    }),
  );
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', 'products', {
      name: 'E-bike City',
      rental_prices: { monthly: '33.33' },
      variants: [{ sku: 'EB-1', name: 'Size M', price: '2400.00' }],
    }),
    201,
  );
  const customer = await ok<{ id: number }>(
    await req('POST', 'customers', { name: `${name} Buyer`, email: `buyer@${cid}.test`, language: 'en' }),
    201,
  );
  const order = await ok<{ id: number; subscription_ids: number[] }>(
    await req('POST', 'orders/full', {
      customer_id: customer.id,
      items: [
        { variant_id: product.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' },
      ],
    }),
    201,
  );
  const charged = await ok<{ invoice: Side['invoice']; transaction: { id: number } }>(
    await req('POST', `orders/${order.id}/charge`, {}),
  );
  const recurring: number[] = [];
  for (const due of ['2026-04-01', '2026-05-01']) {
    const rows = (await run(sql`
      insert into recurring_payments (company_id, subscription_id, order_id, customer_id, period_start,
                                      period_end, due_date, amount, status)
      values (${cid}, ${order.subscription_ids[0]}, ${order.id}, ${customer.id}, ${due}::date,
              ${due}::date + 29, ${due}::date, 3333, 'scheduled')
      returning id`)) as unknown as { rows: { id: number }[] };
    recurring.push(Number(rows.rows[0]!.id));
  }
  // The first period's invoice with two succeeded refunds (12.34 + 0.66) and a failed one (which
  // does not count): its refunded_amount is 13.00, exactly.
  const inv = (await run(sql`
    insert into invoices (company_id, status, type, series, seq, number, issue_date, due_date, currency,
                          language, customer_id, customer, seller, lines, tax_rule, tax_breakdown, net, tax,
                          gross, payment_status, gateway, order_id, subscription_id, recurring_payment_id)
    values (${cid}, 'issued', 'recurring payment', 'invoice', 9000, 'INV-R-' || ${cid}::text, '2026-04-01',
            '2026-04-15', 'EUR', 'en', ${customer.id}, '{"name":"x","email":"x@x.test","address":null}',
            '{"name":"s","details":{}}', '[]', 'net_prices', '[]', 2801, 532, 3333, 'settled', 'mollie',
            ${order.id}, ${order.subscription_ids[0]}, ${recurring[0]})
    returning id`)) as unknown as { rows: { id: number }[] };
  const invoiceId = Number(inv.rows[0]!.id);
  // Refund attempts are written on a refund invoice of the original (modules/payments/refunds.ts; the
  // ceiling's trigger of migration 0043 wants it so).
  const refundInv = (await run(sql`
    insert into invoices (company_id, status, type, series, seq, number, issue_date, due_date, currency,
                          language, customer_id, customer, seller, lines, tax_rule, tax_breakdown, net, tax,
                          gross, payment_status, gateway, order_id, subscription_id, original_invoice_id)
    values (${cid}, 'issued', 'partial_refund', 'invoice', 9001, 'INV-R-' || ${cid}::text || '-RF', '2026-04-02',
            '2026-04-16', 'EUR', 'en', ${customer.id}, '{"name":"x","email":"x@x.test","address":null}',
            '{"name":"s","details":{}}', '[]', 'gross_prices', '[]', -1092, -208, -1300, 'settled', 'mollie',
            ${order.id}, ${order.subscription_ids[0]}, ${invoiceId})
    returning id`)) as unknown as { rows: { id: number }[] };
  const refundInvoiceId = Number(refundInv.rows[0]!.id);
  await run(sql`
    insert into transactions (company_id, kind, invoice_id, order_id, customer_id, attempt_no, provider_key,
                              gateway, state, amount, currency)
    select ${cid}, kind, case kind when 'charge' then ${invoiceId}::bigint else ${refundInvoiceId}::bigint end, ${order.id},
           ${customer.id}, n, 'rl:' || ${cid}::text || ':' || kind || n, 'mollie', state, amount, 'EUR'
      from (values ('charge', 1, 'succeeded', 3333), ('refund', 1, 'succeeded', 1234),
                   ('refund', 2, 'failed', 500), ('refund', 3, 'succeeded', 66)) as v(kind, n, state, amount)`);
  return {
    cid,
    staff,
    orderId: order.id,
    subscriptionId: order.subscription_ids[0]!,
    customerId: customer.id,
    invoice: charged.invoice,
    transactionId: charged.transaction.id,
    recurring,
  };
}

beforeAll(async () => {
  a = await side('Lists Loop');
  b = await side('Other Lists Loop');
});

const listUrl = (s: Side, list: string, query: Record<string, string | object> = {}) => {
  const q = Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
  return `/read-replica/${s.cid}/rentloopdb/${list}${q ? `?${q}` : ''}`;
};
const list = async <T = { id: number }>(
  s: Side,
  name: string,
  query: Record<string, string | object> = {},
) => {
  const res = await call(h.app, s.staff, { method: 'GET', url: listUrl(s, name, query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: T[]; meta: { total: number } };
};
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('GET paginated-invoices', () => {
  it("answers the company's invoices only, with the customer's name and decimal amounts", async () => {
    const mine = await list<Record<string, unknown> & { id: number }>(a, 'paginated-invoices');
    expect(mine.meta.total).toBe(3);
    // Newest first by default: the refund invoice of the recurring one, the recurring one, the initial.
    expect(mine.data[0]).toMatchObject({ type: 'partial_refund', gross: '-13.00' });
    expect(mine.data[2]).toMatchObject({
      id: a.invoice.id,
      number: a.invoice.number,
      gross: a.invoice.gross,
      customer_name: 'Lists Loop Buyer',
      type: 'initial',
      payment_status: 'pending payment',
      currency: 'EUR',
    });
    expect(mine.data[1]).toMatchObject({
      type: 'recurring payment',
      net: '28.01',
      tax: '5.32',
      gross: '33.33',
    });
    const theirs = await list(b, 'paginated-invoices');
    expect(ids(theirs.data)).not.toContain(a.invoice.id);
    expect(ids(mine.data)).not.toContain(b.invoice.id);
    // Another company's path is not found for a non-member (http/access.ts), never answered.
    const foreign = await call(h.app, a.staff, { method: 'GET', url: listUrl(b, 'paginated-invoices') });
    expect(foreign.statusCode).toBe(404);
  });

  it('filters, searches and sorts; an unknown sort is 422', async () => {
    const initial = await list(a, 'paginated-invoices', { filters: { type: 'initial' } });
    expect(ids(initial.data)).toEqual([a.invoice.id]);
    const found = await list(a, 'paginated-invoices', { search: a.invoice.number.toLowerCase() });
    expect(ids(found.data)).toEqual([a.invoice.id]);
    const byGross = await list<{ gross: string }>(a, 'paginated-invoices', { sort: 'gross', desc: 'false' });
    const cents = byGross.data.map((r) => Number(r.gross.replace('.', '')));
    expect(cents).toEqual([...cents].sort((x, y) => x - y));
    const bad = await call(h.app, a.staff, {
      method: 'GET',
      url: listUrl(a, 'paginated-invoices', { sort: 'nope' }),
    });
    expect(bad.statusCode).toBe(422);
    const badFilter = await call(h.app, a.staff, {
      method: 'GET',
      url: listUrl(a, 'paginated-invoices', { filters: { payment_status: 'paid-ish' } }),
    });
    expect(badFilter.statusCode).toBe(422);
  });

  it('exports the list as CSV', async () => {
    const res = await call(h.app, a.staff, {
      method: 'GET',
      url: `${listUrl(a, 'paginated-invoices')}/export`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="invoices-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.id)).sort()).toEqual(
      ids((await list(a, 'paginated-invoices')).data).sort(),
    );
    expect(rows.find((r) => Number(r.id) === a.invoice.id)).toMatchObject({ gross: a.invoice.gross });
  });
});

describe('GET transactions', () => {
  it("answers the company's attempts only, filtered by settlement and kind, sorted by amount", async () => {
    const mine = await list<Record<string, unknown> & { id: number }>(a, 'transactions');
    expect(mine.meta.total).toBe(5);
    expect(mine.data.find((t) => t.id === a.transactionId)).toMatchObject({
      kind: 'charge',
      state: 'pending',
      settlement: 'pending payment',
      invoice_id: a.invoice.id,
      invoice_number: a.invoice.number,
      customer_name: 'Lists Loop Buyer',
      amount: a.invoice.gross,
    });
    expect(mine.data[0]).not.toHaveProperty('raw');
    const theirs = await list(b, 'transactions');
    expect(ids(theirs.data)).toContain(b.transactionId);
    expect(ids(theirs.data)).not.toContain(a.transactionId);
    expect(ids(mine.data)).not.toContain(b.transactionId);

    const pending = await list(a, 'transactions', { filters: { settlement: 'pending payment' } });
    expect(ids(pending.data)).toEqual([a.transactionId]);
    const refunds = await list<{ amount: string }>(a, 'transactions', {
      filters: { kind: 'refund' },
      sort: 'amount',
      desc: 'true',
    });
    expect(refunds.data.map((t) => t.amount)).toEqual(['12.34', '5.00', '0.66']);
    const bad = await call(h.app, a.staff, {
      method: 'GET',
      url: listUrl(a, 'transactions', { sort: 'raw' }),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('searches by invoice number, buyer and the gateway reference, within the company', async () => {
    const byNumber = await list(a, 'transactions', { search: a.invoice.number.toLowerCase() });
    expect(ids(byNumber.data)).toEqual([a.transactionId]);
    const byBuyer = await list(a, 'transactions', { search: 'lists loop buyer' });
    expect(ids(byBuyer.data)).toEqual([a.transactionId]);
    // The recurring invoice's four attempts (a charge, and three refunds on its refund invoice), by number.
    expect((await list(a, 'transactions', { search: 'inv-r-' })).meta.total).toBe(4);
    await run(sql`update transactions set provider_reference = 'pi_3Search42' where id = ${a.transactionId}`);
    const byReference = await list(a, 'transactions', { search: 'PI_3SEARCH' });
    expect(ids(byReference.data)).toEqual([a.transactionId]);
    // Another company searching for the same reference finds none of this company's attempts.
    expect((await list(b, 'transactions', { search: 'pi_3search' })).meta.total).toBe(0);
  });

  it('exports the list as CSV', async () => {
    const res = await call(h.app, a.staff, {
      method: 'GET',
      url: `${listUrl(a, 'transactions', { filters: { kind: 'refund' } })}`.replace('?', '/export?'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.amount).sort()).toEqual(['0.66', '12.34', '5.00']);
    expect(rows.every((r) => r.kind === 'refund')).toBe(true);
  });
});

describe('GET recurring-payments', () => {
  it("answers the company's recurring payments only, latest due first, with exact refunded amounts", async () => {
    const mine = await list<Record<string, unknown> & { id: number }>(a, 'recurring-payments');
    expect(ids(mine.data)).toEqual([a.recurring[1], a.recurring[0]]);
    expect(mine.data[1]).toMatchObject({
      subscription_id: a.subscriptionId,
      order_id: a.orderId,
      customer_id: a.customerId,
      customer_name: 'Lists Loop Buyer',
      due_date: '2026-04-01',
      amount: '33.33',
      currency: 'EUR',
      status: 'scheduled',
      refunded_amount: '13.00',
    });
    expect(mine.data[1]!.invoice_id).toEqual(expect.any(Number));
    // No invoice, nothing refunded: the currency's zero.
    expect(mine.data[0]).toMatchObject({ invoice_id: null, refunded_amount: '0.00' });
    const theirs = await list(b, 'recurring-payments');
    expect(ids(theirs.data)).toEqual([b.recurring[1], b.recurring[0]]);
  });

  it('filters and sorts; an unknown sort is 422', async () => {
    const april = await list(a, 'recurring-payments', { filters: { due_to: '2026-04-30' } });
    expect(ids(april.data)).toEqual([a.recurring[0]]);
    const none = await list(a, 'recurring-payments', { filters: { status: 'paid' } });
    expect(none.meta.total).toBe(0);
    const asc = await list(a, 'recurring-payments', { sort: 'due_date', desc: 'false' });
    expect(ids(asc.data)).toEqual(a.recurring);
    const bad = await call(h.app, a.staff, {
      method: 'GET',
      url: listUrl(a, 'recurring-payments', { sort: 'customer_name' }),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('exports the list as CSV', async () => {
    const res = await call(h.app, a.staff, {
      method: 'GET',
      url: `${listUrl(a, 'recurring-payments')}/export`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /filename="recurring-payments-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [Number(r.id), r.refunded_amount])).toEqual([
      [a.recurring[1], '0.00'],
      [a.recurring[0], '13.00'],
    ]);
  });
});
