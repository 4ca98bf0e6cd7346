/**
 * `npm run bench:asset-import`: the asset CSV import of issue 26's target (100,000 rows in <= 60 s,
 * docs/performance.md "Asset import"), on PostgreSQL, in a fresh database: the file checked as the
 * route checks it (parse, every row matched: SKU, serial numbers in the file and in the company), the
 * import recorded, then the job's run (the chunked re-check with progress, and the one write
 * transaction: assets, history, events, the variant's stock), each timed. Audit triggers stay on.
 *
 * The job's transactions end as a job's do (jobs/context.ts): the new units' kept figures (decision 83)
 * are computed before each commits, timed apart as `figures_s`.
 *
 * Environment (optional): BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_ASSET_ROWS=100000
 * BENCH_PG_DB=rentloop_bench_asset_import (dropped and created: its own name per bench)
 */
import { performance } from 'node:perf_hooks';
import { fixedClock } from '../apps/api/src/context.ts';
import { setAuditContext } from '../apps/api/src/db/audit.ts';
import { companies, products, productVariants } from '../apps/api/src/db/schema/index.ts';
import { refreshAssetFigures } from '../apps/api/src/modules/insights/asset-figures.ts';
import { recordAssetImport, runAssetImport } from '../apps/api/src/modules/product-tracking/import.ts';
import { checkAssetImportFile } from '../apps/api/src/modules/product-tracking/import-check.ts';
import { testCtx } from '../apps/api/src/testing/ctx.ts';
import { ASSET_IMPORT_COLUMNS } from '../packages/domain/src/asset-import.ts';
import { adminQuery, freshDatabase } from './billing-setup.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = env.BENCH_PG_DB ?? 'rentloop_bench_asset_import';
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error(`BENCH_PG_DB: not a plain database name: ${DB}`);
const N = Number(env.BENCH_ASSET_ROWS ?? 100_000);
const seconds = (ms: number) => Math.round(ms) / 1000;

const database = await freshDatabase(PG_SERVER, DB);
try {
  const [company] = await database.primary
    .insert(companies)
    .values({ name: 'Bench Fleet', currency: 'EUR' })
    .returning();
  const cid = company!.id;
  const [product] = await database.primary
    .insert(products)
    .values({ company_id: cid, name: 'E-bike' })
    .returning({ id: products.id });
  for (const size of ['S', 'M', 'L', 'XL'])
    await database.primary
      .insert(productVariants)
      .values({ company_id: cid, product_id: product!.id, sku: `EB-${size}`, name: size });
  const sizes = ['S', 'M', 'L', 'XL'];
  const lines = [ASSET_IMPORT_COLUMNS.join(',')];
  for (let i = 1; i <= N; i++)
    lines.push(`SN-${String(i).padStart(7, '0')},EB-${sizes[i % 4]},2026-01-15,1499.00,Warehouse ${i % 7},`);
  const text = `${lines.join('\r\n')}\r\n`;
  const ctx = testCtx(database.primary, cid, { clock: fixedClock('2026-03-15T12:00:00Z') });

  const t0 = performance.now();
  const { preview, rows } = await checkAssetImportFile(ctx, text, 'bench.csv', 'EUR');
  if (preview.error_count > 0) throw new Error(`bench file has errors: ${JSON.stringify(preview.errors[0])}`);
  const recorded = await database.primary.transaction((tx) =>
    recordAssetImport(testCtx(tx, cid), rows, { fileName: 'bench.csv', currency: 'EUR' }),
  );
  const t1 = performance.now();
  let figuresMs = 0;
  const done = await runAssetImport(
    ctx,
    (write) =>
      database.primary.transaction(async (tx) => {
        await setAuditContext(tx, { userId: null, requestId: 'bench:asset-import', ip: '' });
        const jobCtx = testCtx(tx, cid, { clock: ctx.clock });
        const answer = await write(jobCtx);
        const f0 = performance.now();
        await refreshAssetFigures(jobCtx);
        figuresMs += performance.now() - f0;
        return answer;
      }),
    recorded.id,
    { log: { info: () => {}, error: (o: unknown) => console.error(o) } as never },
  );
  const t2 = performance.now();
  if (done?.status !== 'succeeded') throw new Error(`import ${done?.status}: ${done?.error}`);
  const result = {
    rows: N,
    file_mb: Math.round((text.length / 1024 / 1024) * 10) / 10,
    check_and_record_s: seconds(t1 - t0),
    job_s: seconds(t2 - t1),
    figures_s: seconds(figuresMs),
    total_s: seconds(t2 - t0),
    rows_per_s: Math.round(N / ((t2 - t0) / 1000)),
    target_s: 60,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await database.close();
  if (!env.BENCH_KEEP) await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
