/**
 * `npm run bench:insights`: issue 28 part 5's target "every Insights graph and the stat cards answer in
 * <= 50 ms p95 on PostgreSQL with 1,000,000 orders, 300,000 subscriptions and their invoices in one
 * company, and the rollups equal a full recomputation" (docs/performance.md "Insights graphs").
 *
 * A fresh database, one company: customers (orders / 10), orders over the last two years (written as
 * bench/seed-orders.ts writes them: generate_series, audit triggers off while loading), subscriptions
 * (0.3 × orders; a quarter ended; monthly, quarterly, weekly and yearly), one issued initial invoice per
 * order (1 in 12 failed, 1 in 50 cancelled by an issued cancellation, 1 in 24 recovered) and its charge
 * attempt (the failed ones with the four decline reasons). Then the rollup's backfill (decision 89),
 * timed, batch after batch as the `insights-rollups` job runs it; then the bench check: every graph in
 * every period, the stat cards and the cohort grid from the rollups equal the scanned figures; then each
 * read `BENCH_INSIGHTS_RUNS` times (the service functions the routes call, on the primary, caught up with
 * the events first as a request is), p50/p95 per graph; the scanning reads once each, for comparison.
 *
 * BENCH_INSIGHTS_ORDERS=1000000  BENCH_INSIGHTS_RUNS=40  BENCH_KEEP=1 (keep the database)
 */
import { loadavg } from 'node:os';
import { GRAPH_IDS, GRAPH_PERIODS } from '@rentloop/domain/graphs';
import { fixedClock } from '../apps/api/src/context.ts';
import { companies } from '../apps/api/src/db/schema/index.ts';
import { cohortGrid } from '../apps/api/src/modules/insights/cohorts.ts';
import { graph, statCards } from '../apps/api/src/modules/insights/graphs.ts';
import { backfillStep, startRollup } from '../apps/api/src/modules/insights/rollups/fold.ts';
import { getSettings } from '../apps/api/src/modules/settings/sections.ts';
import { testCtx } from '../apps/api/src/testing/ctx.ts';
import { setAudit } from './audit-off.ts';
import { adminQuery, freshDatabase } from './billing-setup.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const N = Number(env.BENCH_INSIGHTS_ORDERS ?? 1_000_000);
const RUNS = Number(env.BENCH_INSIGHTS_RUNS ?? 40);
const DB = env.BENCH_INSIGHTS_DB ?? `rollupbench_${N}`;
const CUSTOMERS = Math.max(100, Math.round(N / 10));
const SUBS = Math.round(N * 0.3);
const LOAD_BATCH = 100_000;
const seconds = (ms: number) => Math.round(ms) / 1000;
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

const database = await freshDatabase(PG_SERVER, DB);
const exec = database.executor;
const q = (text: string, values: unknown[] = []) => exec.executeSql(text, values);
try {
  const [company] = await database.primary
    .insert(companies)
    .values({ name: 'Bench Insights', currency: 'EUR' })
    .returning();
  const cid = company!.id;
  const loadSeed = load();
  const s0 = performance.now();
  const tables = ['customers', 'orders', 'subscriptions', 'invoices', 'transactions'];
  await setAudit(exec, tables, false);
  await q(
    `INSERT INTO customers (company_id, name, email, language, billing_address, created_at, updated_at)
     SELECT $1::int8, 'Customer ' || n, 'customer' || n || '@example.com', 'en',
            jsonb_build_object('first_name', 'Customer', 'last_name', n::text, 'city', 'Berlin', 'country', 'DE'),
            now() - interval '800 days' + (n::float8 / $2) * interval '780 days', now() - interval '800 days'
       FROM generate_series(1, $2::int) AS n`,
    [cid, CUSTOMERS],
  );
  for (let from = 1; from <= N; from += LOAD_BATCH) {
    const to = Math.min(N, from + LOAD_BATCH - 1);
    await q(
      `WITH c AS (SELECT id, name, email, billing_address, (row_number() OVER (ORDER BY id)) - 1 AS k
                    FROM customers WHERE company_id = $1),
       s AS (SELECT n, (n * 104729) % $5::int8 AS k,
                    CASE WHEN n % 20 = 0 THEN 'draft' WHEN n % 10 = 1 THEN 'cancelled' WHEN n % 4 = 2 THEN 'open'
                         ELSE 'fulfilled' END AS status,
                    1000 + (n * 7919) % 90000 AS net
               FROM generate_series($2::int8, $3::int8) AS n)
       INSERT INTO orders (company_id, number, status, payment_status, customer_id, customer_name, customer_email,
                           billing_address, shipping_address, consumable, subtotal, discount, shipping_net,
                           shipping_tax, shipping_discount, net, tax, total, finalised_at, created_at, updated_at)
       SELECT $1::int8, 'ORD-' || s.n, s.status, 'payment_pending', c.id, c.name, c.email, c.billing_address,
              c.billing_address, false, s.net, 0, 0, 0, 0, s.net, s.net * 13 / 100, s.net + s.net * 13 / 100,
              ts, ts, ts
         FROM s JOIN c ON c.k = s.k
        CROSS JOIN LATERAL (SELECT now() - interval '730 days' + (s.n::float8 / $4) * interval '730 days' AS ts) t
        ORDER BY s.n`,
      [cid, from, to, N, CUSTOMERS],
    );
  }
  // Subscriptions: units of placed orders, a quarter ended 1-400 days after their start (if that has come).
  await q(
    `WITH o AS (SELECT id, number, customer_id, customer_name, customer_email, created_at,
                       (row_number() OVER (ORDER BY id)) - 1 AS k
                  FROM orders WHERE company_id = $1 AND status <> 'draft'),
     placed AS (SELECT count(*) AS on_ FROM o),
     u AS (SELECT n, n * (SELECT on_ FROM placed) / $2::int AS k FROM generate_series(0::int8, $2::int8 - 1) AS n)
     INSERT INTO subscriptions (company_id, number, order_id, order_number, customer_id, customer_name, customer_email,
                                product_id, variant_id, product_name, variant_name, status, frequency, interval, price,
                                tax_percent, quantity, price_mode, term_mode, minimum_term_months, start_date,
                                minimum_term_end, auto_renew, ended_at, created_at, updated_at)
     SELECT $1::int8, o.number || '-1', o.id, o.number, o.customer_id, o.customer_name, o.customer_email,
            1, 1, 'Bike', 'Standard', CASE WHEN e.at IS NOT NULL THEN 'ended' ELSE 'active' END,
            (ARRAY['monthly','monthly','monthly','monthly','weekly','yearly','monthly'])[1 + u.n % 7],
            CASE WHEN u.n % 9 = 0 THEN 3 ELSE 1 END, 1000 + (u.n * 7919) % 20000, 13, 1 + u.n % 2, 'fixed',
            'fixed', 12, o.created_at::date, (o.created_at + interval '12 months')::date, true, e.at,
            o.created_at, o.created_at
       FROM u JOIN o ON o.k = u.k
       CROSS JOIN LATERAL (SELECT CASE WHEN u.n % 4 = 0 AND o.created_at + (1 + u.n % 400) * interval '1 day' < now()
                                       THEN o.created_at + (1 + u.n % 400) * interval '1 day' END AS at) e
      ORDER BY u.n`,
    [cid, SUBS],
  );
  // One issued initial invoice per placed order, and its charge attempt.
  await q(
    `INSERT INTO invoices (company_id, status, type, series, currency, language, customer_id, customer, seller, lines,
                           tax_rule, tax_breakdown, net, tax, gross, payment_status, gateway, order_id, issue_date,
                           recovered_at, created_at, updated_at)
     SELECT $1::int8, 'issued', 'initial', 'INV', 'EUR', 'en', o.customer_id, '{}', '{}', '[]', 'standard', '[]',
            o.net, o.tax, o.total,
            CASE WHEN o.id % 12 = 0 THEN 'failed' WHEN o.id % 12 = 1 THEN 'pending' ELSE 'settled' END,
            'offlinegateway', o.id, o.created_at::date,
            CASE WHEN o.id % 24 = 5 THEN o.created_at + interval '6 days' END, o.created_at, o.created_at
       FROM orders o WHERE o.company_id = $1 AND o.status <> 'draft' ORDER BY o.id`,
    [cid],
  );
  await q(
    `INSERT INTO invoices (company_id, status, type, series, currency, language, customer_id, customer, seller, lines,
                           tax_rule, tax_breakdown, net, tax, gross, payment_status, gateway, order_id,
                           original_invoice_id, issue_date, created_at, updated_at)
     SELECT $1::int8, 'issued', 'cancellation', 'CN', 'EUR', 'en', i.customer_id, '{}', '{}', '[]', 'standard', '[]',
            -i.net, -i.tax, -i.gross, 'settled', 'offlinegateway', NULL, i.id, i.issue_date + 9,
            i.created_at + interval '9 days', i.created_at + interval '9 days'
       FROM invoices i WHERE i.company_id = $1 AND i.type = 'initial' AND i.id % 50 = 3 ORDER BY i.id`,
    [cid],
  );
  await q(
    `INSERT INTO transactions (company_id, kind, customer_id, attempt_no, provider_key, gateway, state, amount, currency,
                               invoice_id, order_id, decline_reason, created_at, updated_at)
     SELECT $1::int8, 'charge', i.customer_id, 1, 'bench-' || i.id, 'offlinegateway',
            CASE WHEN i.payment_status = 'failed' THEN 'failed' ELSE 'succeeded' END, i.gross, 'EUR', i.id, i.order_id,
            CASE WHEN i.payment_status = 'failed'
                 THEN (ARRAY['gateway rejected','credit card denied','server timeout','other reason'])[1 + i.id % 4] END,
            i.created_at, i.created_at + interval '1 hour'
       FROM invoices i WHERE i.company_id = $1 AND i.type = 'initial' AND i.payment_status <> 'pending' ORDER BY i.id`,
    [cid],
  );
  await setAudit(exec, tables, true);
  for (const t of tables) await q(`ANALYZE ${t}`);
  const seeded = performance.now();
  const count = async (t: string) =>
    Number((await q(`SELECT count(*) AS n FROM ${t} WHERE company_id = $1`, [cid])).rows[0]!.n);
  const rows = {
    customers: await count('customers'),
    orders: await count('orders'),
    subscriptions: await count('subscriptions'),
    invoices: await count('invoices'),
    transactions: await count('transactions'),
  };
  console.log(JSON.stringify({ seeded_s: seconds(seeded - s0), rows, load: loadSeed }));

  const clock = fixedClock(new Date().toISOString());
  const ctx = testCtx(database.primary, cid, { clock });
  const { time_zone: tz } = await getSettings(ctx, 'general');

  // The backfill, batch after batch (what the job runs; resumable).
  const loadBackfill = load();
  const b0 = performance.now();
  await database.primary.transaction((tx) => startRollup(tx, cid, tz, 'EUR'));
  let batches = 0;
  while (!(await database.primary.transaction((tx) => backfillStep(tx, cid, 2000)))) batches++;
  const backfill_s = seconds(performance.now() - b0);
  await q('ANALYZE insights_rollup_values');
  const values = Number(
    (await q('SELECT count(*) AS n FROM insights_rollup_values WHERE company_id = $1', [cid])).rows[0]!.n,
  );
  console.log(JSON.stringify({ backfill_s, batches: batches + 1, values, load: loadBackfill }));

  // The bench check: rollups equal the scan, and the scans' time (once each).
  type Read = { name: string; rolled: () => Promise<unknown>; scanned: () => Promise<unknown> };
  const reads: Read[] = [
    ...GRAPH_IDS.flatMap((id) =>
      GRAPH_PERIODS.map((p) => ({
        name: `${id}?${p}`,
        rolled: () => graph(ctx, id, p),
        scanned: () => graph(ctx, id, p, { scan: true }),
      })),
    ),
    { name: 'stat-cards', rolled: () => statCards(ctx), scanned: () => statCards(ctx, { scan: true }) },
    { name: 'cohorts', rolled: () => cohortGrid(ctx), scanned: () => cohortGrid(ctx, { scan: true }) },
  ];
  const scanMs: Record<string, number> = {};
  const mismatches: string[] = [];
  for (const r of reads) {
    const a = await r.rolled();
    const t = performance.now();
    const b = await r.scanned();
    scanMs[r.name] = Math.round(performance.now() - t);
    if (JSON.stringify(a) !== JSON.stringify(b)) mismatches.push(r.name);
  }
  console.log(
    JSON.stringify({ check: mismatches.length === 0 ? 'rollups == scans' : 'MISMATCH', mismatches }),
  );

  const loadRead = load();
  const out: Record<string, { p50: number; p95: number; max: number; scan_ms: number }> = {};
  for (const r of reads) {
    for (let k = 0; k < 3; k++) await r.rolled();
    const ms: number[] = [];
    for (let k = 0; k < RUNS; k++) {
      const t = performance.now();
      await r.rolled();
      ms.push(performance.now() - t);
    }
    ms.sort((x, y) => x - y);
    const at = (p: number) =>
      Math.round(ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]! * 10) / 10;
    out[r.name] = { p50: at(0.5), p95: at(0.95), max: at(1), scan_ms: scanMs[r.name]! };
  }
  const worst = Object.entries(out).sort((a, b) => b[1].p95 - a[1].p95)[0]!;
  console.log(
    JSON.stringify(
      { runs: RUNS, load_before: loadRead, load_after: load(), worst: worst[0], reads: out },
      null,
      1,
    ),
  );
} finally {
  await database.close?.();
  if (!env.BENCH_KEEP) await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
process.exit(0);
