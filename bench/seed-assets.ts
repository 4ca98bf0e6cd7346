/**
 * Assets (product tracking) for the bench (issue 26): 1,000,000 in the big company (BENCH_ASSETS for a
 * smaller run) and 1,000 in each small one, set-based with generate_series, after the catalog (each
 * unit is one of its company's variants, its product's name copied as creating a unit does).
 *
 * Serial numbers are `SN-<n, 7 digits>`, so searching "sn-012345" finds ten units (a serial typed
 * or scanned in part); one product in a hundred is "Cargo bike …", the 1% search. Statuses are spread
 * as a rental fleet's are (60% rented out, 25% in stock, the rest to repair, broken, stolen, removed,
 * bought out); the kept figures of decision 83 (profit, utilisation and their pieces) are filled in
 * with varied values and `figures_stale` false, as the refresh leaves them: the list sorts by them.
 * Created over the last two years in id order. Audit triggers are off while loading (seed.ts); the
 * count trigger stays on and the caller checks it against the rows.
 */
import type { SqlExecutor } from '../apps/api/src/db/client.ts';

export const BIG_COMPANY_ASSETS = Number(process.env.BENCH_ASSETS ?? 1_000_000);
export const SMALL_COMPANY_ASSETS = 1_000;
/** What the serial search looks for: ten units, SN-0123450 .. SN-0123459. */
export const SERIAL_SEARCH = 'sn-012345';
/** In the product names of about 1% of the units. */
export const ASSET_SEARCH = 'cargo';

const BATCH = 100_000;

async function insertAssets(exec: SqlExecutor, companyId: number, from: number, to: number, total: number) {
  await exec.executeSql(
    `WITH v AS (
       SELECT pv.id, pv.product_id, pv.name, (row_number() OVER (ORDER BY pv.id)) - 1 AS k
         FROM product_variants pv WHERE pv.company_id = $1),
     vn AS (SELECT count(*) AS n FROM product_variants WHERE company_id = $1),
     s AS (
       SELECT n,
              (ARRAY['rented out','rented out','rented out','rented out','rented out','rented out',
                     'in stock','in stock','to repair','broken','stolen','removed','bought out',
                     'in stock','in stock','in stock','rented out','rented out','rented out','rented out'])[1 + n % 20] AS status,
              (now() - interval '730 days' + (n::float8 / $4) * interval '730 days') AS ts
         FROM generate_series($2::int8, $3::int8) AS n)
     INSERT INTO product_tracking (company_id, serial_number, variant_id, products, product_name, variant_name,
                                   status, purchase_date, purchase_cost, status_changed_at, profit,
                                   rented_days_closed, rented_since, owned_since, left_fleet_on, utilisation,
                                   figures_stale, created_at, updated_at)
     SELECT $1::int8, 'SN-' || lpad(s.n::text, 7, '0'), v.id, ARRAY[v.product_id],
            CASE WHEN s.n % 100 = 37 THEN 'Cargo bike ' || (s.n % 7) ELSE 'E-bike ' || (s.n % 50) END,
            v.name, s.status, s.ts::date, 50000 + (s.n * 7919) % 200000, s.ts,
            -- A spread of profits (losses and gains) and utilisations, with ties, as a fleet has.
            ((s.n * 104729) % 600000) - 250000,
            (s.n * 31) % 400, NULL, s.ts::date, NULL,
            CASE WHEN s.n % 97 = 0 THEN NULL ELSE (s.n * 7907) % 10001 END,
            false, s.ts, s.ts
       FROM s CROSS JOIN vn
       JOIN v ON v.k = (s.n * 31) % vn.n
      ORDER BY s.n`,
    [companyId, from, to, total],
  );
}

/** The units of the big company and the small ones, in batches; answers the rows per company. */
export async function seedAssets(exec: SqlExecutor, big: number, small: number[]) {
  const plan = [
    { id: big, assets: BIG_COMPANY_ASSETS },
    ...small.map((id) => ({ id, assets: SMALL_COMPANY_ASSETS })),
  ];
  for (const c of plan)
    for (let from = 1; from <= c.assets; from += BATCH)
      await insertAssets(exec, c.id, from, Math.min(c.assets, from + BATCH - 1), c.assets);
  const counts: Record<number, number> = {};
  for (const c of plan) counts[c.id] = c.assets;
  return { product_tracking: counts };
}
