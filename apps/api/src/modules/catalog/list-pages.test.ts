/**
 * The product and variant lists' fast paths must give exactly the pages a plain ORDER BY ... OFFSET
 * gives: deep unfiltered pages are read from the nearer end of the index (list.ts, DEEP_OFFSET), a
 * search takes its page from the matches it counts, and filters count in the same statement. Every
 * sort and direction, with exact totals, and the amounts in the company's currency.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/harness.ts';
import { cid as companyId, h, otherCid, staff, useCatalogFixture } from './test-fixture.ts';

let productTotal: number;
let variantTotal: number;

const rowsOf = async (query: ReturnType<typeof sql>) =>
  (await h.database.primary.execute(query)) as unknown as { rows: Record<string, unknown>[] };
const countOf = async (query: ReturnType<typeof sql>) => Number((await rowsOf(query)).rows[0]?.n);

useCatalogFixture(async () => {
  // 1,500 products, one in seven another company's (ids interleave), with 1 to 3 variants each;
  // names, types and dates repeat, so the id tie-break decides the order within equal values, and
  // some variants have no SKU.
  await h.database.primary.execute(sql`
    insert into products (company_id, source, shop_id, name, type, status, created_at, updated_at)
    select case when n % 7 = 0 then ${otherCid}::int8 else ${companyId}::int8 end, 'woocommerce', 'p' || n,
           'Product ' || (n % 13), (array['normal','digital','consumable'])[1 + n % 3],
           (array['active','draft'])[1 + n % 2],
           now() - (n % 97) * interval '1 hour', now() - (n % 89) * interval '1 hour'
      from generate_series(1, 1500) as n`);
  await h.database.primary.execute(sql`
    insert into product_variants (company_id, product_id, shop_id, sku, name, price, stock, created_at)
    select p.company_id, p.id, p.shop_id || '-' || k, case when k = 2 then null else 'SKU-' || p.id || '-' || k end,
           p.name || ' v' || (p.id % 5), 1990 + k, k, p.created_at
      from products p, generate_series(1, 3) as k
     where k <= 1 + p.id % 3
     order by p.id, k`);
  await h.database.primary.execute(sql`
    insert into product_collections (company_id, name) values (${companyId}, 'Deep collection')`);
  await h.database.primary.execute(sql`
    insert into product_collection_items (company_id, collection_id, product_id)
    select p.company_id, c.id, p.id from products p, product_collections c
     where c.company_id = ${companyId} and p.company_id = ${companyId} and p.id % 4 = 0`);
  productTotal = await countOf(sql`select count(*)::int8 as n from products where company_id = ${companyId}`);
  variantTotal = await countOf(
    sql`select count(*)::int8 as n from product_variants where company_id = ${companyId}`,
  );
});

type Table = 'products' | 'product_variants';
const searchText: Record<Table, ReturnType<typeof sql>> = {
  products: sql`lower(name || ' ' || coalesce(shop_id, ''))`,
  product_variants: sql`lower(coalesce(sku, '') || ' ' || name)`,
};

async function expected(
  table: Table,
  sort: string,
  desc: boolean,
  perPage: number,
  page: number,
  filter: ReturnType<typeof sql> = sql``,
): Promise<{ ids: number[]; total: number }> {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const order = sort === 'id' ? sql`id ${dir}` : sql`${sql.identifier(sort)} ${dir}, id ${dir}`;
  const from = sql.identifier(table);
  const { rows } = await rowsOf(sql`
    select id from ${from} where company_id = ${companyId} ${filter}
     order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`);
  const total = await countOf(
    sql`select count(*)::int8 as n from ${from} where company_id = ${companyId} ${filter}`,
  );
  return { ids: rows.map((r) => Number(r.id)), total };
}

const list = (path: string, query: string) =>
  call(h.app, staff, { method: 'GET', url: `/read-replica/${companyId}/rentloopdb/${path}${query}` });

async function expectPage(
  path: string,
  table: Table,
  query: string,
  sort: string,
  desc: boolean,
  perPage: number,
  page: number,
  filter?: ReturnType<typeof sql>,
) {
  const res = await list(path, query);
  expect(res.statusCode, query).toBe(200);
  const body = res.json();
  const want = await expected(table, sort, desc, perPage, page, filter);
  expect(
    body.data.map((r: { id: number }) => r.id),
    query,
  ).toEqual(want.ids);
  expect(body.meta.total, query).toBe(want.total);
  return body;
}

const lists = [
  {
    path: 'products',
    table: 'products' as const,
    cases: [
      ['id', true],
      ['id', false],
      ['name', false],
      ['name', true],
      ['created_at', true],
      ['updated_at', false],
    ] as [string, boolean][],
  },
  {
    path: 'variants',
    table: 'product_variants' as const,
    cases: [
      ['id', true],
      ['id', false],
      ['sku', false],
      ['sku', true],
      ['name', true],
      ['created_at', false],
    ] as [string, boolean][],
  },
];

describe.each(lists)('deep pages of the $path list', ({ path, table, cases }) => {
  it.each(cases)('sort %s (desc %s): every deep page equals the forward OFFSET page', async (sort, desc) => {
    const total = table === 'products' ? productTotal : variantTotal;
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
        const body = await expectPage(path, table, query, sort, desc, perPage, page);
        expect(body.meta.total, query).toBe(total);
      }
    }
  });

  it.each(cases)(
    'sort %s (desc %s): every page of a search equals the filtered OFFSET page',
    async (sort, desc) => {
      // "product 1" matches names 1 and 10-12 (4 of 13); "p12" the shop ids / SKUs with 12 in them.
      for (const search of ['Product 1', 'p12', 'SKU-1', 'PRODUCT']) {
        const filter = sql`and ${searchText[table]} like ${`%${search.toLowerCase()}%`}`;
        const { total } = await expected(table, sort, desc, 10, 1, filter);
        if (total === 0) continue;
        const lastPage = Math.ceil(total / 10);
        for (const page of [1, 2, Math.floor(lastPage / 2) + 1, lastPage, lastPage + 1]) {
          const query = `?sort=${sort}&desc=${desc}&per_page=10&page=${page}&search=${encodeURIComponent(search)}`;
          await expectPage(path, table, query, sort, desc, 10, page, filter);
        }
      }
    },
  );
});

describe('filtered pages', () => {
  it('products by type, status and collection: pages and totals equal the filtered OFFSET pages', async () => {
    const cases: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{ type: 'digital' }, sql`and type = 'digital'`],
      [{ status: 'draft', type: 'normal' }, sql`and status = 'draft' and type = 'normal'`],
      [{ source: 'woocommerce' }, sql`and source = 'woocommerce'`],
      [{ source: 'manual' }, sql`and source = 'manual'`],
      [
        { collection_id: await collectionId() },
        sql`and exists (select 1 from product_collection_items i where i.product_id = products.id)`,
      ],
    ];
    for (const [filters, filter] of cases) {
      for (const page of [1, 3, 200]) {
        const query = `?filters=${encodeURIComponent(JSON.stringify(filters))}&per_page=5&page=${page}&sort=name`;
        await expectPage('products', 'products', query, 'name', false, 5, page, filter);
      }
    }
  });

  it('variants of one product, and a search within them', async () => {
    const { rows } = await rowsOf(
      sql`select id from products where company_id = ${companyId} and id % 3 = 2 order by id limit 1`,
    );
    const productId = Number(rows[0]?.id);
    const filters = encodeURIComponent(JSON.stringify({ product_id: productId }));
    const body = await expectPage(
      'variants',
      'product_variants',
      `?filters=${filters}`,
      'id',
      true,
      10,
      1,
      sql`and product_id = ${productId}`,
    );
    expect(body.data).toHaveLength(3);
    expect(body.data[0]).toMatchObject({ product_id: productId, price: expect.stringMatching(/^19\.9\d$/) });
    await expectPage(
      'variants',
      'product_variants',
      `?filters=${filters}&search=sku`,
      'id',
      true,
      10,
      1,
      sql`and product_id = ${productId} and sku is not null`,
    );
  });

  it('rows carry the company currency, variant and stock figures', async () => {
    const body = (await list('products', '?per_page=3')).json();
    for (const p of body.data) {
      expect(p.currency).toBe('CAD');
      expect(p.variants_count).toBe(1 + (p.id % 3));
    }
    const variants = (await list('variants', '?per_page=3')).json();
    for (const v of variants.data) expect(v.price).toMatch(/^19\.9\d$/);
  });
});

async function collectionId(): Promise<number> {
  const { rows } = await rowsOf(
    sql`select id from product_collections where company_id = ${companyId} and name = 'Deep collection'`,
  );
  return Number(rows[0]?.id);
}
