/**
 * The customers list's fast paths must give exactly the pages a plain ORDER BY ... OFFSET gives:
 * deep unfiltered pages are read from the nearer end of the index (service.ts, DEEP_OFFSET), and a
 * search takes its page from the matches it counts. Every sort and direction, with exact totals.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let staff: TestUser;
let total: number;

const rowsOf = async (query: ReturnType<typeof sql>) =>
  (await h.database.primary.execute(query)) as unknown as { rows: Record<string, unknown>[] };

beforeAll(async () => {
  const company = await createCompany(h.database);
  const other = await createCompany(h.database);
  companyId = company.id;
  staff = await createUser(h, { company, role: 'user' });
  // 2,345 rows, one in seven another company's (ids interleave); names and dates repeat, so the
  // id tie-break decides the order within equal values.
  await h.database.primary.execute(sql`
    insert into customers (company_id, name, email, created_at)
    select case when n % 7 = 0 then ${other.id}::int8 else ${company.id}::int8 end,
           'Customer ' || (n % 13), 'c' || n || '@deep.test', now() - (n % 97) * interval '1 hour'
      from generate_series(1, 2345) as n`);
  const { rows } = await rowsOf(
    sql`select count(*)::int8 as n from customers where company_id = ${companyId}`,
  );
  total = Number(rows[0]?.n);
});

async function expectedIds(
  sort: string,
  desc: boolean,
  perPage: number,
  page: number,
  search?: string,
): Promise<number[]> {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const order = sort === 'id' ? sql`id ${dir}` : sql`${sql.identifier(sort)} ${dir}, id ${dir}`;
  const matching = search ? sql`and (name || ' ' || email) ilike ${`%${search}%`}` : sql``;
  const { rows } = await rowsOf(sql`
    select id from customers where company_id = ${companyId} ${matching}
     order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`);
  return rows.map((r) => Number(r.id));
}

const cases: [sort: string, desc: boolean][] = [
  ['id', true],
  ['id', false],
  ['name', false],
  ['name', true],
  ['created_at', true],
];

const list = (query: string) =>
  call(h.app, staff, { method: 'GET', url: `/read-replica/${companyId}/rentloopdb/customers${query}` });

describe('deep pages of the customers list', () => {
  it.each(cases)('sort %s (desc %s): every deep page equals the forward OFFSET page', async (sort, desc) => {
    for (const perPage of [10, 7]) {
      const lastPage = Math.ceil(total / perPage);
      // Around the threshold, the middle, the nearer end, the last (partial) page and past the end.
      const pages = [
        Math.floor(1000 / perPage),
        Math.ceil(1000 / perPage) + 1,
        Math.floor(lastPage / 2),
        Math.floor(lastPage / 2) + 1,
        lastPage - 1,
        lastPage,
        lastPage + 1,
      ];
      for (const page of pages) {
        const query = `?sort=${sort}&desc=${desc}&per_page=${perPage}&page=${page}`;
        const res = await list(query);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const ids = body.data.map((c: { id: number }) => c.id);
        expect(ids, query).toEqual(await expectedIds(sort, desc, perPage, page));
        expect(body.meta.total, query).toBe(total);
      }
    }
  });
});

describe('search pages of the customers list', () => {
  it.each(cases)(
    'sort %s (desc %s): every page of a search equals the filtered OFFSET page',
    async (sort, desc) => {
      // "Customer 1" matches names 1 and 10-12 (4 of 13), "c12" the emails c12, c120-c129, c1200-...
      for (const search of ['Customer 1', 'c12', 'CUSTOMER']) {
        const { rows } = await rowsOf(sql`
        select count(*)::int8 as n from customers
         where company_id = ${companyId} and (name || ' ' || email) ilike ${`%${search}%`}`);
        const matches = Number(rows[0]?.n);
        expect(matches).toBeGreaterThan(0);
        const lastPage = Math.ceil(matches / 10);
        for (const page of [1, 2, Math.floor(lastPage / 2) + 1, lastPage, lastPage + 1]) {
          const query = `?sort=${sort}&desc=${desc}&per_page=10&page=${page}&search=${encodeURIComponent(search)}`;
          const res = await list(query);
          expect(res.statusCode).toBe(200);
          const body = res.json();
          expect(
            body.data.map((c: { id: number }) => c.id),
            query,
          ).toEqual(await expectedIds(sort, desc, 10, page, search));
          expect(body.meta.total, query).toBe(matches);
        }
      }
    },
  );
});
