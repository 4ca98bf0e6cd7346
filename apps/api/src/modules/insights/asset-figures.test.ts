/**
 * The assets list's sorts by profit and utilisation (decision 83): on a varied fleet (out, swapped,
 * repaired, stolen, returned and removed, never rented, bought today; with and without purchase costs),
 * the list's order by each figure, both directions, is the order of the insights page's figures, and each
 * row's figure is the page's; it stays so after a status change, an invoice settled, a repair closed and
 * days passing (the business day's roll). Invoices are inserted as in asset-pnl.test.ts (their lines are
 * what matters); the triggers mark their units and the next write of the company refreshes them. The
 * kept utilisation is the business day's (the list's figure of a day is rolled by the hourly cron), so
 * after moving the clock the test runs that day's roll, as the cron would.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, fixedClock } from '../../context.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { rollAssetUtilisation } from './asset-figures.ts';

const clock = fixedClock('2026-01-01T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let variant: number;
let subs: number[];
let orderId: number;
let customerId: number;
const ids: Record<string, number> = {};

type Res = Awaited<ReturnType<typeof call>>;
async function ok<T = Record<string, unknown>>(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
}
const req = (method: 'GET' | 'POST', path: string, payload?: object) =>
  call(h.app, staff, { method, url: `/api/${cid}/rentloopdb/${path}`, payload });
/** The list is read from the replica's routes. */
const list = (query: string) =>
  call(h.app, staff, { method: 'GET', url: `/read-replica/${cid}/rentloopdb/product-tracking?${query}` });
async function on(date: string) {
  clock.set(`${date}T10:00:00Z`);
  const token = await signIn(h.app, staff.email, TEST_PASSWORD);
  staff = { ...staff, token, headers: { authorization: `Bearer ${token}` } };
}
const act = async (id: number, action: string, subscription_id?: number) =>
  ok(await req('POST', `product-tracking/${id}/actions`, { action, subscription_id }));
const run = (query: ReturnType<typeof sql>) =>
  h.database.primary.execute(query) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
const asset = async (serial: string, extra: object = {}) => {
  ids[serial] = (
    await ok<{ id: number }>(
      await req('POST', 'product-tracking', { serial_number: serial, variant_id: variant, ...extra }),
      201,
    )
  ).id;
  return ids[serial] as number;
};

let seq = 7000;
async function invoice(issue: string, settled: boolean, sub: number, net: number, period?: [string, string]) {
  seq += 1;
  const line = {
    position: 1,
    description: 'Rent',
    quantity: 1,
    unit_amount: String(net),
    discount: '0',
    tax_percent: '0',
    net: String(net),
    tax: '0',
    gross: String(net),
    order_item_id: null,
    subscription_id: sub,
    period_start: period?.[0] ?? null,
    period_end: period?.[1] ?? null,
  };
  const rows = await run(sql`
    insert into invoices (company_id, status, type, series, seq, number, issue_date, due_date, currency,
                          language, customer_id, customer, seller, lines, tax_rule, tax_breakdown, net, tax,
                          gross, payment_status, gateway, order_id, subscription_id)
    values (${cid}, 'issued', 'recurring payment', 'invoice', ${seq}, ${`INV-${seq}`}, ${issue}, ${issue}, 'EUR', 'en',
            ${customerId}, '{"name":"x","email":"x@x.test","address":null}', '{"name":"s","details":{}}',
            ${JSON.stringify([line])}::jsonb, 'net_prices', '[]', ${net}, 0, ${net},
            ${settled ? 'settled' : 'pending payment'}, 'offlinegateway', ${orderId}, ${sub})
    returning id`);
  return Number(rows.rows[0]!.id);
}

/** Sends the asset to repair (from in stock or rented out), answers the questionnaire and closes it. */
async function repair(id: number, hours: number, part: string) {
  await act(id, 'send_to_repair');
  const rows = await run(sql`select id from repairs where product_tracking_id = ${id} and status = 'open'`);
  const rid = Number(rows.rows[0]!.id);
  const answer = (page: number, answers: object) => req('POST', `repairs/${rid}/answers`, { page, answers });
  await ok(
    await answer(1, {
      is_complete: 'no',
      has_missing_parts: 'yes',
      missing_parts: 'Battery',
      has_damaged_parts: 'no',
    }),
  );
  await ok(await answer(2, { repair_duration: hours, rentable_again: 'yes' }));
  await ok(await answer(3, { replaced_parts_cost: part }));
  await ok(await req('POST', `repairs/${rid}/close`, {}));
}

interface Row {
  id: number;
  profit: string | null;
  utilisation: string | null;
}
const cents = (v: string) => Math.round(Number(v) * 100);

/** The list in one sort, every row (the fleet is smaller than a page). */
async function listed(sort: 'profit' | 'utilisation', desc: boolean) {
  const res = await list(`sort=${sort}&desc=${desc}&per_page=100`);
  return ok<Row[]>(res);
}

/**
 * Every asset's page; the list's rows carry the page's figures, and the list's order by each figure is
 * the page's figures sorted (ties by id; a null figure last ascending, first descending, as SQL orders).
 */
async function expectListMatchesPages() {
  const pages = new Map<number, { profit: string; utilisation: string | null }>();
  for (const id of Object.values(ids)) {
    const page = await ok<{ profit: string; utilisation: string | null }>(
      await call(h.app, staff, { method: 'GET', url: `/api/${cid}/insights/assets/${id}` }),
    );
    pages.set(id, page);
  }
  for (const sort of ['profit', 'utilisation'] as const) {
    const key = (id: number) => {
      const v = pages.get(id)![sort];
      return v === null ? null : cents(v);
    };
    for (const desc of [false, true]) {
      const rows = await listed(sort, desc);
      for (const r of rows) {
        expect(r.profit, `profit of ${r.id}`).toBe(pages.get(r.id)!.profit);
        expect(r.utilisation, `utilisation of ${r.id}`).toBe(pages.get(r.id)!.utilisation);
      }
      const expected = [...pages.keys()].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const byKey = ka === kb ? 0 : ka === null ? 1 : kb === null ? -1 : ka < kb ? -1 : 1;
        const asc = byKey !== 0 ? byKey : a - b;
        return desc ? -asc : asc;
      });
      expect(
        rows.map((r) => r.id),
        `${sort} ${desc ? 'desc' : 'asc'}`,
      ).toEqual(expected);
    }
  }
  return pages;
}

/** The business day's part for the company, on the test's clock (as the hourly cron runs it). */
function roll() {
  const ctx = {
    db: h.database.primary,
    companyId: cid,
    actor: { kind: 'job', job: 'business-day', jobId: 'test', onBehalfOf: null },
    clock,
    deps: {},
  } as unknown as Ctx;
  return rollAssetUtilisation(ctx, (work) =>
    h.database.primary.transaction((tx) => work({ ...ctx, db: tx })),
  );
}

let s4Invoice: number;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Sorted Fleet', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', 'products', {
      name: 'E-bike',
      rental_prices: { monthly: '100.00' },
      variants: [{ sku: 'EB-1', name: 'Large', price: '2400.00' }],
    }),
    201,
  );
  variant = product.variants[0]!.id;
  customerId = (await ok<{ id: number }>(await req('POST', 'customers', customerBody()), 201)).id;
  const order = await ok<{ id: number; subscription_ids: number[] }>(
    await req('POST', 'orders/full', {
      customer_id: customerId,
      items: [{ variant_id: variant, quantity: 4, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  orderId = order.id;
  subs = order.subscription_ids;
  const [s1, s2, s3, s4] = subs as [number, number, number, number];

  const A = await asset('FIG-A', { purchase_cost: '1000.00', purchase_date: '2025-10-01' });
  const B = await asset('FIG-B');
  const C = await asset('FIG-C', { purchase_cost: '500.00', purchase_date: '2025-12-01' });
  await asset('FIG-D', { purchase_cost: '300.00' });
  const E = await asset('FIG-E', { purchase_cost: '800.00', purchase_date: '2025-06-01' });
  await act(A, 'rent_out', s1);
  await on('2026-01-05');
  await act(C, 'rent_out', s3);
  await on('2026-01-10');
  await act(E, 'rent_out', s4);
  // A swapped for B on subscription 1, repaired (1.5 h and a part), then out again to subscription 2.
  await on('2026-01-21');
  await repair(A, 1.5, '349.90');
  await act(B, 'rent_out', s1);
  await on('2026-01-31');
  await act(E, 'return');
  await on('2026-02-01');
  await act(A, 'rent_out', s2);
  await on('2026-02-10');
  await act(C, 'mark_stolen');
  await on('2026-02-15');
  await act(E, 'remove');
  await on('2026-03-11');
  await invoice('2026-01-01', true, s1, 10000, ['2026-01-01', '2026-01-31']);
  await invoice('2026-02-01', true, s2, 12000, ['2026-02-01', '2026-02-28']);
  await invoice('2026-01-05', true, s3, 9000, ['2026-01-05', '2026-02-04']);
  s4Invoice = await invoice('2026-01-10', false, s4, 7000, ['2026-01-10', '2026-02-09']);
  // Bought today: no day owned yet, so no utilisation (a null figure in the sort). A new unit is stale, so
  // this write's refresh runs, and takes every stale unit of the company: also those the inserted invoices marked.
  await asset('FIG-F', { purchase_cost: '2000.00', purchase_date: '2026-03-11' });
  const stale = await run(sql`select id from product_tracking where company_id = ${cid} and figures_stale`);
  expect(stale.rows).toEqual([]);
  // The clock jumped weeks at a time: the business day of today rolls the utilisations (the hourly cron).
  await roll();
  // Some 40 requests: more than the default minute on a busy shared machine.
}, 240_000);

describe('the assets list sorted by profit and utilisation', () => {
  it('orders every asset as its insights page’s figures, and shows them', async () => {
    const pages = await expectListMatchesPages();
    // The fleet is varied: losses and a gain, several utilisations and a null one.
    expect(new Set([...pages.values()].map((p) => p.profit)).size).toBeGreaterThanOrEqual(5);
    expect([...pages.values()].some((p) => p.utilisation === null)).toBe(true);
    expect([...pages.values()].some((p) => p.profit.startsWith('-'))).toBe(true);
    expect([...pages.values()].some((p) => !p.profit.startsWith('-') && p.profit !== '0.00')).toBe(true);
  });

  it('stays equal after a status change, an invoice settled and a repair closed', async () => {
    await act(ids['FIG-B'] as number, 'return');
    await expectListMatchesPages();
    await ok(await req('POST', `invoices/${s4Invoice}/settle`, { transaction_id: 'TRF-1' }));
    await expectListMatchesPages();
    await repair(ids['FIG-D'] as number, 2, '120.00');
    const pages = await expectListMatchesPages();
    // The repair's 80.00 + 120.00 are in D's profit: −300.00 − 200.00.
    expect(pages.get(ids['FIG-D'] as number)!.profit).toBe('-500.00');
  });

  it('follows the days passing through the business day’s roll', async () => {
    await on('2026-03-25');
    const rolled = await roll();
    // The units in the fleet moved (A out, B, D and F in stock); C and E left the fleet: unchanged.
    expect(rolled).toBeGreaterThanOrEqual(3);
    await expectListMatchesPages();
    expect(await roll()).toBe(0);
  });

  it('takes the figures as sorts and nothing else', async () => {
    expect((await list('sort=profit')).statusCode).toBe(200);
    expect((await list('sort=utilisation&desc=true')).statusCode).toBe(200);
    const bad = await list('sort=payback');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('utilisation');
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
    expect(doc).toMatch(/Sort: [^"]*profit, utilisation/);
  });

  it('refreshes at the end of a write only when that write made a unit stale (decision 91)', async () => {
    const D = ids['FIG-D'] as number;
    const staleIds = async () =>
      (await run(sql`select id from product_tracking where company_id = ${cid} and figures_stale`)).rows.map(
        (r) => Number(r.id),
      );
    // Marked by a writer outside the request and job transactions: a write that makes nothing stale
    // (a customer) leaves it, and the business day's catch-all takes it.
    await run(sql`update product_tracking set figures_stale = true where company_id = ${cid} and id = ${D}`);
    await ok(await req('POST', 'customers', customerBody()), 201);
    expect(await staleIds()).toEqual([D]);
    expect(await roll()).toBeGreaterThanOrEqual(1);
    expect(await staleIds()).toEqual([]);
    // The flag (migration 0076): not raised by a change the figures do not depend on, raised by a mark, and
    // gone with the transaction.
    const flag = async (tx: { execute: typeof h.database.primary.execute }) =>
      (
        (await tx.execute(sql`select current_setting('rentloop.assets_stale', true) as f`)) as unknown as {
          rows: { f: string | null }[];
        }
      ).rows[0]?.f ?? null;
    const seen: (string | null)[] = [];
    await expect(
      h.database.primary.transaction(async (tx) => {
        await tx.execute(
          sql`update product_tracking set location = 'Shelf 9' where company_id = ${cid} and id = ${D}`,
        );
        seen.push(await flag(tx));
        await tx.execute(
          sql`update product_tracking set purchase_cost = 31000 where company_id = ${cid} and id = ${D}`,
        );
        seen.push(await flag(tx));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen.map((f) => f === 'on')).toEqual([false, true]);
    expect(await flag(h.database.primary)).not.toBe('on');
    expect(await staleIds()).toEqual([]);
  });
});
