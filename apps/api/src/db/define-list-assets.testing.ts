/**
 * The assets lists' fixtures of `define-list.test.ts`, apart so that file stays under 500 lines.
 * - product tracking: units of the products fixture's variants (seeded before), of the company and another,
 *   every status, costs and dates repeating; some tied to the subscriptions fixture's rows;
 * - repairs: of every other unit, each status, some with a total cost, on a questionnaire version per company;
 * - returns: of every third unit, each status and outcome, some with a subscription and a tracking number.
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
                                      status, purchase_date, purchase_cost, status_changed_at, created_at, updated_at,
                                      profit, utilisation)
        select v.company_id, 'SN-' || n, v.id, array[v.product_id], v.pname, v.name,
               (array['bought out','broken','in stock','removed','rented out','stolen','to repair'])[1 + n % 7],
               case when n % 5 = 0 then null else date '2026-01-01' + (n % 60) end,
               case when n % 4 = 0 then null else 1000 * (n % 23) end, ${day('(n * 3)')}, ${day('n')}, ${day('(n * 5)')},
               -- the kept figures (decision 83): losses and gains with ties, utilisations with nulls
               (n * 7919) % 50 * 1000 - 20000, case when n % 6 = 0 then null else (n * 37) % 41 * 250 end
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
  const repairs: Fixture = {
    async seed(company, other) {
      await run(sql`
        insert into repair_questionnaire_versions (company_id, version, currency, questionnaire)
        values (${company}, 1, 'EUR', '{"pages":[]}'::jsonb), (${other}, 1, 'EUR', '{"pages":[]}'::jsonb)`);
      await run(sql`
        insert into repairs (company_id, product_tracking_id, serial_number, product_name, status, questionnaire_id,
                             questionnaire_version, total_cost, closed_at, created_at, updated_at)
        select p.company_id, p.id, p.serial_number, p.product_name, (array['open','closed','cancelled'])[1 + p.id % 3],
               q.id, 1, case when p.id % 3 = 1 then 100 * (p.id % 17) end,
               case when p.id % 3 = 1 then p.created_at + interval '2 days' end, p.created_at, p.updated_at
          from product_tracking p join repair_questionnaire_versions q on q.company_id = p.company_id
         where p.id % 2 = 0`);
      repairs.filters.product_tracking_id = [
        ...(await ids(
          sql`select product_tracking_id as id from repairs where company_id = ${company} order by id limit 2`,
        )),
        999_999,
      ];
    },
    filters: {
      status: ['open', 'closed', 'cancelled'],
      product_tracking_id: [],
      created_from: ['2026-02-01', '2026-03-20'],
      created_to: ['2026-01-10', '2026-03-01'],
    },
    searches: ['sn-2', 'PRODUCT 1', 'nothing-matches', '50%'],
  };
  const returns: Fixture = {
    async seed(company) {
      await run(sql`
        insert into returns (company_id, product_tracking_id, subscription_id, serial_number, product_name,
                             customer_name, status, outcome, source, carrier, tracking_number, closed_at, created_at,
                             updated_at)
        select p.company_id, p.id, p.subscription_id, p.serial_number, p.product_name, 'Customer ' || (p.id % 13),
               (array['pending','received','inspected','closed'])[1 + p.id % 4],
               case when p.id % 4 = 3 then (array['in stock','to repair','broken','removed','stolen'])[1 + p.id % 5] end,
               (array['subscription_ended','subscription_cancelled','manual'])[1 + p.id % 3],
               case when p.id % 2 = 0 then 'DHL' end, case when p.id % 2 = 0 then 'TRK' || p.id end,
               case when p.id % 4 = 3 then p.created_at + interval '3 days' end, p.created_at, p.updated_at
          from product_tracking p
         where p.id % 3 = 0`);
      const of = (column: string) =>
        ids(
          sql`select ${sql.raw(column)} as id from returns where company_id = ${company} and ${sql.raw(column)} is not null order by id limit 2`,
        );
      returns.filters.product_tracking_id = [...(await of('product_tracking_id')), 999_999];
      returns.filters.subscription_id = [...(await of('subscription_id')), 999_999];
    },
    filters: {
      status: ['pending', 'closed'],
      outcome: ['in stock', 'stolen'],
      product_tracking_id: [],
      subscription_id: [],
      created_from: ['2026-02-01', '2026-03-20'],
      created_to: ['2026-01-10', '2026-03-01'],
    },
    searches: ['sn-3', 'customer 1', 'trk', 'nothing-matches', '50%'],
  };
  // Webhooks: URLs and descriptions repeating, some switched off, of the company and another.
  const webhooks: Fixture = {
    async seed(company, other) {
      await run(sql`
        insert into webhooks (company_id, url, description, event_types, enabled, secret_sealed, created_at, updated_at)
        select case when n % 7 = 0 then ${other}::int8 else ${company}::int8 end,
               'https://erp' || (n % 13) || '.example.com/hooks/' || n,
               case when n % 3 = 0 then null else 'ERP feed ' || (n % 11) end,
               array['order.created'], n % 4 <> 0, 'v1:sealed', ${day('n')}, ${day('n')}
          from generate_series(1, 300) as n`);
    },
    filters: { enabled: [true, false] },
    searches: ['erp1', 'FEED', 'hooks/5', 'nothing-matches', '50%'],
  };
  return { product_tracking: fixture, repairs, returns, webhooks };
}
