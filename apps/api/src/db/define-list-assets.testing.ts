/**
 * The assets list's fixture of `define-list.test.ts` (product tracking), apart so that file stays under
 * 500 lines. Units of the products fixture's variants (seeded before), of the company and another, every
 * status, costs and dates repeating; some tied to the subscriptions fixture's rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Fixture } from './define-list-billing.testing.ts';

type Run = (query: SQL) => Promise<unknown>;

export function assetFixtures(run: Run, day: (n: string) => SQL): Record<string, Fixture> {
  const ids = async (query: SQL) =>
    ((await run(query)) as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const fixture: Fixture = {
    async seed(company, other) {
      await run(sql`
        insert into product_tracking (company_id, serial_number, variant_id, products, product_name, variant_name,
                                      status, purchase_date, purchase_cost, status_changed_at, created_at, updated_at)
        select v.company_id, 'SN-' || n, v.id, array[v.product_id], v.pname, v.name,
               (array['bought out','broken','in stock','removed','rented out','stolen','to repair'])[1 + n % 7],
               case when n % 5 = 0 then null else date '2026-01-01' + (n % 60) end,
               case when n % 4 = 0 then null else 1000 * (n % 23) end, ${day('(n * 3)')}, ${day('n')}, ${day('(n * 5)')}
          from generate_series(1, 700) as n,
               lateral (select pv.id, pv.product_id, pv.company_id, pv.name, p.name as pname
                          from product_variants pv join products p on p.id = pv.product_id
                         where pv.company_id = case when n % 7 = 0 then ${other}::int8 else ${company}::int8 end
                         order by pv.id offset n % 5 limit 1) as v`);
      await run(sql`
        update product_tracking p set subscription_id = s.id
          from (select id, company_id, row_number() over (partition by company_id order by id) as rn
                  from subscriptions) as s
         where s.company_id = p.company_id and p.status <> 'rented out' and s.rn = p.id % 10 + 1`);
      const variants = await ids(
        sql`select variant_id as id from product_tracking where company_id = ${company} order by id limit 2`,
      );
      const products = await ids(
        sql`select products[1] as id from product_tracking where company_id = ${company} order by id limit 2`,
      );
      const subscriptions = await ids(
        sql`select subscription_id as id from product_tracking where company_id = ${company} and subscription_id is not null order by id limit 2`,
      );
      fixture.filters.variant_id = [...variants, 999_999];
      fixture.filters.product_id = [...products, 999_999];
      fixture.filters.subscription_id = [...subscriptions, 999_999];
    },
    filters: {
      status: ['in stock', 'rented out', 'stolen'],
      variant_id: [],
      product_id: [],
      bundle_id: [999_999],
      subscription_id: [],
      status_changed_since: ['2026-02-01T00:00:00.000Z', '2026-03-15T00:00:00.000Z'],
    },
    searches: ['sn-1', 'PRODUCT 1', 'v3', 'nothing-matches', '50%'],
  };
  return { product_tracking: fixture };
}
