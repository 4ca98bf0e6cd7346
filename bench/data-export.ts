/**
 * `npm run bench:data-export`: issue 27's target "a data export of 1,000,000 orders streamed in <= 20 s
 * on PostgreSQL with the server's memory growing by < 150 MB" (docs/performance.md "Data export").
 *
 * A fresh database of its own (BENCH_EXPORT_DB), one company with 10,000 customers and N orders (the
 * orders as seed-orders.ts writes them: generate_series, audit triggers off while loading), an export
 * of the orders list (every column, CSV, no filter) recorded as `POST data-export` records it, then
 * the `data-export` job's handler run in this process exactly as the worker runs it: the list's
 * keyset batches (job.ts `EXPORT_BATCH`, the next read ahead) written into the file, stored in 1 MB
 * pieces, the progress about every second. Timed from the handler's call
 * to its return; the memory is this process's resident set (and V8 heap) sampled every 50 ms during
 * the run, against its size just before (after a GC): the peak counts, garbage included; the heap left
 * after a GC at the end says whether anything was kept.
 *
 * Environment (optional): BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_EXPORT_ORDERS=1000000
 * BENCH_EXPORT_DB=rentloop_bench_export  BENCH_EXPORT_FORMAT=csv  BENCH_KEEP=1 (keep the database)
 * BENCH_EXPORT_REUSE=1 (export from a database an earlier run kept, without seeding it again)
 */
// First, as the server and the worker import it: V8's settings (decision 100).
import '../apps/api/src/v8-flags.ts';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { fixedClock } from '../apps/api/src/context.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { companies, dataExportChunks, dataExports, orders } from '../apps/api/src/db/schema/index.ts';
import { dataExportJob } from '../apps/api/src/modules/data-export/job.ts';
import { kindColumns } from '../apps/api/src/modules/data-export/kinds.ts';
import { setAudit } from './audit-off.ts';
import { adminQuery, dbUrl, freshDatabase } from './billing-setup.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = env.BENCH_EXPORT_DB ?? 'rentloop_bench_export';
const N = Number(env.BENCH_EXPORT_ORDERS ?? 1_000_000);
const FORMAT = (env.BENCH_EXPORT_FORMAT ?? 'csv') as 'csv' | 'xlsx';
const CUSTOMERS = 10_000;
const LOAD_BATCH = 100_000;
const seconds = (ms: number) => Math.round(ms) / 1000;
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

const reuse = env.BENCH_EXPORT_REUSE === '1';
const database = reuse
  ? await openPostgres(dbUrl(PG_SERVER, DB), { poolSize: 10 })
  : await freshDatabase(PG_SERVER, DB);
const exec = database.executor;
try {
  const s0 = performance.now();
  const cid = reuse ? await keptCompany() : await seed();
  const seeded = performance.now();

  const clock = fixedClock(new Date().toISOString());
  const token = 'bench-token';
  const [row] = await database.primary
    .insert(dataExports)
    .values({
      company_id: cid,
      kind: 'orders',
      format: FORMAT,
      params: {},
      columns: kindColumns('orders'),
      token_hash: createHash('sha256').update(token).digest('hex'),
      file_name: `orders-bench.${FORMAT}`,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .returning();

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  // A worker waits idle between jobs, and V8 gives memory back to the system when idle (its memory
  // reducer): without the seed's minutes a kept database's run would start from a fuller process.
  if (reuse) {
    await new Promise((r) => setTimeout(r, 15_000));
    gc?.();
  }
  const before = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = before;
  let heapPeak = heapBefore;
  const externalBefore = process.memoryUsage().external;
  let externalPeak = externalBefore;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
    externalPeak = Math.max(externalPeak, m.external);
  }, 50);
  const loadBefore = load();
  const t0 = performance.now();
  await dataExportJob.handler(
    { exportId: row!.id, requestedBy: null, token },
    { database, clock, log: { info: () => {}, error: (o: unknown) => console.error(o) } },
  );
  const t1 = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  // What the job still holds once its garbage is collected (the peak above includes garbage).
  gc?.();
  const retained = process.memoryUsage().heapUsed - heapBefore;

  const [done] = await database.primary.select().from(dataExports).where(eq(dataExports.id, row!.id));
  const [pieces] = await database.primary
    .select({ n: sql<number>`count(*)::int` })
    .from(dataExportChunks)
    .where(eq(dataExportChunks.export_id, row!.id));
  if (done?.status !== 'ready' || done.rows_done !== N)
    throw new Error(`export ${done?.status}: ${done?.rows_done} of ${N} rows, ${done?.error ?? ''}`);
  console.log(
    JSON.stringify(
      {
        orders: N,
        format: FORMAT,
        seed_s: reuse ? 'kept' : seconds(seeded - s0),
        export_s: seconds(t1 - t0),
        rows_per_s: Math.round(N / ((t1 - t0) / 1000)),
        file_mb: mb(done.size ?? 0),
        pieces: pieces?.n,
        rss_before_mb: mb(before),
        rss_peak_mb: mb(peak),
        rss_growth_mb: mb(peak - before),
        heap_peak_growth_mb: mb(heapPeak - heapBefore),
        // Buffers and other memory outside V8's heap (the driver's, the file's pieces).
        external_peak_growth_mb: mb(externalPeak - externalBefore),
        heap_retained_after_gc_mb: mb(retained),
        load_before: loadBefore,
        load_after: load(),
        target: { export_s: 20, rss_growth_mb: 150 },
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  if (!env.BENCH_KEEP) await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}

/** The company of a kept database with its N orders (BENCH_EXPORT_REUSE). */
async function keptCompany(): Promise<number> {
  const [kept] = await database.primary
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Bench Export'));
  const [count] = kept
    ? await database.primary
        .select({ orders: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.company_id, kept.id))
    : [];
  if (!kept || count?.orders !== N)
    throw new Error(`BENCH_EXPORT_REUSE: no kept company with ${N} orders in ${DB}`);
  await database.primary.delete(dataExports).where(eq(dataExports.company_id, kept.id));
  return kept.id;
}

/** A company with 10,000 customers and N orders, loaded set-based with the audit off, vacuumed. */
async function seed(): Promise<number> {
  const [company] = await database.primary
    .insert(companies)
    .values({ name: 'Bench Export', currency: 'EUR' })
    .returning();
  const cid = company!.id;
  await setAudit(exec, ['customers', 'orders'], false);
  await exec.executeSql(
    `INSERT INTO customers (company_id, name, email, language, billing_address, created_at, updated_at)
     SELECT $1::int8, 'Customer ' || n, 'customer' || n || '@example.com', 'en',
            jsonb_build_object('first_name', 'Customer', 'last_name', n::text, 'city', 'Berlin', 'country', 'DE'),
            now() - interval '800 days', now() - interval '800 days'
       FROM generate_series(1, $2::int) AS n`,
    [cid, CUSTOMERS],
  );
  for (let from = 1; from <= N; from += LOAD_BATCH) {
    const to = Math.min(N, from + LOAD_BATCH - 1);
    await exec.executeSql(
      `WITH c AS (SELECT id, name, email, billing_address, (row_number() OVER (ORDER BY id)) - 1 AS k
                    FROM customers WHERE company_id = $1),
       s AS (SELECT n, (n * 104729) % $5::int8 AS k,
                    CASE WHEN n % 10 = 1 THEN 'cancelled' WHEN n % 4 = 2 THEN 'open' ELSE 'fulfilled' END AS status,
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
  await setAudit(exec, ['customers', 'orders'], true);
  // Vacuumed as a live server's tables are: freshly loaded pages are otherwise rewritten by the export's
  // first read (hint bits) and by autovacuum's insert-triggered pass, which ran during the export and made
  // it 18-26 s from run to run (docs/performance.md "Data export").
  await exec.executeSql('VACUUM (ANALYZE) orders');
  await exec.executeSql('VACUUM (ANALYZE) customers');
  return cid;
}
