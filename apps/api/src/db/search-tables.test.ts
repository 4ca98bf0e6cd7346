/**
 * The narrow search tables (migration 0080, decision 102): `order_search` and `subscription_search` are
 * copies the lists search instead of the rows themselves, kept by triggers. A copy that drifts from its
 * row hides an order from a search or shows it in the wrong list, so after every kind of change (an
 * insert, a customer correction, a quote placed, a consumable flag turned, a delete) each copy must
 * equal what its row says, both ways, and the lists' searches must find the row by what it says now.
 */
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRecords, seedCompanyRecords } from '../testing/company-records.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../testing/harness.ts';

const h = useHarness();

const rowsOf = async <T>(query: SQL) =>
  ((await h.database.primary.execute(query)) as unknown as { rows: T[] }).rows;

/** What differs between the rows and their copies, either way (empty when they agree). */
async function drift() {
  return rowsOf<Record<string, unknown>>(sql`
    (SELECT 'order missing' AS what, id FROM
       (SELECT id, company_id, status = 'draft', consumable, search_text FROM orders
        EXCEPT SELECT order_id, company_id, draft, consumable, search_text FROM order_search) o)
    UNION ALL
    (SELECT 'order stale', order_id FROM
       (SELECT order_id, company_id, draft, consumable, search_text FROM order_search
        EXCEPT SELECT id, company_id, status = 'draft', consumable, search_text FROM orders) s)
    UNION ALL
    (SELECT 'subscription missing', id FROM
       (SELECT id, company_id, search_text FROM subscriptions
        EXCEPT SELECT subscription_id, company_id, search_text FROM subscription_search) u)
    UNION ALL
    (SELECT 'subscription stale', subscription_id FROM
       (SELECT subscription_id, company_id, search_text FROM subscription_search
        EXCEPT SELECT id, company_id, search_text FROM subscriptions) t)`);
}

let records: CompanyRecords;
let owner: TestUser;
const marker = 'srchtbl';

async function search(list: string, term: string) {
  const res = await call(h.app, owner, {
    method: 'GET',
    url: `/read-replica/${records.companyId}/rentloopdb/${list}?search=${encodeURIComponent(term)}&per_page=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { id: number }[]; meta?: { total?: number } };
  return { ids: body.data.map((r) => r.id), total: body.meta?.total };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: `Search ${marker}`, currency: 'EUR' });
  owner = await createUser(h, { company, role: 'owner' });
  const member = await createUser(h, { company, role: 'user' });
  records = await seedCompanyRecords(h, { companyId: company.id, marker, owner, member });
});

describe('the narrow search tables', () => {
  it('hold a copy of every order, quote and subscription the product made', async () => {
    expect(await drift()).toEqual([]);
    const [n] = await rowsOf<{ orders: number; subs: number }>(sql`
      SELECT (SELECT count(*)::int FROM order_search WHERE company_id = ${records.companyId}) AS orders,
             (SELECT count(*)::int FROM subscription_search WHERE company_id = ${records.companyId}) AS subs`);
    expect(n!.orders).toBeGreaterThanOrEqual(3); // two orders and a quote
    expect(n!.subs).toBeGreaterThanOrEqual(1);
    expect((await search('orders', marker)).ids).toContain(records.order);
    expect((await search('draft-orders', marker)).ids).toContain(records.draft);
    expect((await search('subscriptions', marker)).ids).toContain(records.subscription);
  });

  it("follow a correction of the order's customer: found by the new name, not the old", async () => {
    const res = await call(h.app, owner, {
      method: 'PUT',
      url: `/api/${records.companyId}/rentloopdb/order/customer/${records.order}`,
      payload: { name: 'Zephyrine Quillfeather' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await drift()).toEqual([]);
    expect((await search('orders', 'quillfeather')).ids).toEqual([records.order]);
    expect((await search('orders', 'quillfeather')).total).toBe(1);
  });

  it('move a quote placed into the orders and a row turned consumable into that list', async () => {
    await h.database.primary.execute(
      sql`UPDATE orders SET status = 'open', number = ${`ORD-${marker}-Q`} WHERE id = ${records.draft}`,
    );
    await h.database.primary.execute(sql`UPDATE orders SET consumable = true WHERE id = ${records.order}`);
    expect(await drift()).toEqual([]);
    expect((await search('draft-orders', marker)).ids).not.toContain(records.draft);
    expect((await search('orders', `ord-${marker}-q`)).ids).toEqual([records.draft]);
    // The consumable order left the rental orders' list (its search included).
    expect((await search('orders', 'quillfeather')).ids).toEqual([]);
  });

  it("follow a subscription's search text and leave untouched copies alone on other updates", async () => {
    await h.database.primary.execute(
      sql`UPDATE subscriptions SET customer_name = 'Ottoline Brackwater' WHERE id = ${records.subscription}`,
    );
    // An update that changes nothing the copy holds (the trigger's WHEN skips it) keeps it equal too.
    await h.database.primary.execute(
      sql`UPDATE orders SET updated_at = now() WHERE company_id = ${records.companyId}`,
    );
    expect(await drift()).toEqual([]);
    expect((await search('subscriptions', 'brackwater')).ids).toEqual([records.subscription]);
  });

  it('make a copy for a new quote and lose it with the quote', async () => {
    const api = (path: string) => `/api/${records.companyId}/rentloopdb/${path}`;
    const made = await call(h.app, owner, {
      method: 'POST',
      url: api('orders/draft'),
      payload: { subscription_id: records.subscription },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { data: { draft_id: number } }).data.draft_id;
    expect(await drift()).toEqual([]);
    expect((await search('draft-orders', marker)).ids).toContain(id);
    const gone = await call(h.app, owner, { method: 'DELETE', url: api(`draft-orders/${id}`) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await drift()).toEqual([]);
    const [left] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_search WHERE order_id = ${id}`,
    );
    expect(left!.n).toBe(0);
  });
});
