/**
 * `npm run bench`: the customers, product and variant lists under load, on PostgreSQL and on
 * embedded PGlite.
 *
 * For each database: a fresh database (PostgreSQL: `rentloop_bench`, created and dropped here;
 * PGlite: a temporary DATA_DIR), migrated with the server's own migrator, seeded (see seed.ts and
 * seed-catalog.ts), each list's SQL timed directly, then the real server started as a child process
 * and driven with autocannon. Prints a table with PASS/MISS against the issues' targets and writes
 * bench/results/<timestamp>.json. See docs/performance.md.
 *
 * Environment (all optional): BENCH_LISTS=customers,products,variants (which lists, in order; only
 * what they need is seeded)  BENCH_DATABASES=postgres,pglite  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432
 * BENCH_DURATION=10  BENCH_WARMUP=3  BENCH_CONNECTIONS=10  BENCH_SQL_ITERATIONS=500
 * BENCH_QUIET_WAIT=60 (seconds to wait, before each run, for other processes to leave the CPU idle)
 * BENCH_KEEP=1 (keep the database / data dir afterwards, for EXPLAIN ANALYZE)
 * BENCH_PG_DB=rentloop_bench (the PostgreSQL database's name: dropped and created, so each bench its own)
 * BENCH_ASSETS=1000000 (the big company's assets, for a smaller run of the assets list).
 * BENCH_SERVER_MEMORY=<file> (the server's RSS, V8 heap and memory outside it, a JSON line a second: server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type Database,
  migrate,
  openPglite,
  openPostgres,
  type SqlExecutor,
} from '../apps/api/src/db/client.ts';
import { calibrate } from './calibrate.ts';
import { waitForQuiet } from './cpu.ts';
import { assertAnswer, drive, type Expected, signIn } from './load.ts';
import {
  type BenchReport,
  type DatabaseResult,
  evaluateTargets,
  printReport,
  type ScenarioResult,
  writeReport,
} from './report.ts';
import {
  LIST_SPECS,
  LISTS,
  type ListKey,
  type Scenario,
  scenarioId,
  scenarioPath,
  scenariosOf,
} from './scenarios.ts';
import { rowsOf, type Seeded, seed } from './seed.ts';
import { REPO_ROOT, rssMb, startServer } from './server.ts';
import {
  type DirectClient,
  recordStatements,
  replay,
  type SqlFigures,
  type Statement,
  timeSerially,
} from './sql.ts';

const env = process.env;
const settings = {
  connections: Number(env.BENCH_CONNECTIONS ?? 10),
  duration_s: Number(env.BENCH_DURATION ?? 10),
  warmup_s: Number(env.BENCH_WARMUP ?? 3),
  sql_iterations: Number(env.BENCH_SQL_ITERATIONS ?? 500),
  quiet_wait_s: Number(env.BENCH_QUIET_WAIT ?? 60),
};
const databases = (env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim()) as (
  | 'postgres'
  | 'pglite'
)[];
const lists = (env.BENCH_LISTS ?? LISTS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean) as ListKey[];
for (const l of lists) {
  if (!LISTS.includes(l)) throw new Error(`BENCH_LISTS: unknown list "${l}" (known: ${LISTS.join(', ')})`);
}
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
// Its own name per person or helper (BENCH_PG_DB): a bench drops and creates it, so two benches on one
// server must not share it.
const PG_DB = env.BENCH_PG_DB ?? 'rentloop_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(PG_DB)) throw new Error(`BENCH_PG_DB: not a plain database name: ${PG_DB}`);
const keep = env.BENCH_KEEP === '1';

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
const dbUrl = (name: string) => {
  const u = new URL(PG_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: dbUrl('postgres') });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** What the answer of a scenario must be, computed from the rows themselves (not from the service). */
async function expectedAnswer(exec: SqlExecutor, seeded: Seeded, s: Scenario): Promise<Expected> {
  const spec = LIST_SPECS[s.list];
  const from = `(${spec.rowsSql}) x WHERE ($2::text IS NULL OR ${spec.searchText} LIKE '%' || $2 || '%')`;
  // A scenario in another sort orders by its column, then id, as every list does (nulls as SQL puts them).
  const order = s.sort
    ? `${s.sort.sort} ${s.sort.desc ? 'DESC' : 'ASC'}, id ${s.sort.desc ? 'DESC' : 'ASC'}`
    : spec.order;
  const params = [seeded.companyId, s.search ?? null];
  const [count] = await rowsOf(exec, `SELECT count(*) AS n FROM ${from}`, params);
  const total = Number(count?.n);
  if (!s.search && spec.rows !== undefined && total !== spec.rows)
    throw new Error(`seeded ${s.list} missing`);
  const ids = await rowsOf(
    exec,
    `SELECT id FROM ${from} ORDER BY ${order} LIMIT ${s.perPage} OFFSET ${(s.page - 1) * s.perPage}`,
    params,
  );
  return { total, ids: ids.map((r) => Number(r.id)) };
}

/** Each list's scenarios: the deep page from the rows the list shows the bench's reader. */
async function scenariosFor(exec: SqlExecutor, seeded: Seeded): Promise<Scenario[]> {
  const out: Scenario[] = [];
  for (const list of lists) {
    const spec = LIST_SPECS[list];
    const [count] = await rowsOf(exec, `SELECT count(*) AS n FROM (${spec.rowsSql}) x`, [seeded.companyId]);
    out.push(...scenariosOf(list, spec.rows ?? Number(count?.n)));
  }
  return out;
}

interface Prepared {
  seeded: Seeded;
  scenarios: Scenario[];
  seedSeconds: number;
  /** By scenarioId. */
  expected: Map<string, Expected>;
  sql: Map<string, { figures: SqlFigures; statements: Statement[] }>;
  serverEnv: Record<string, string>;
  cleanup(): Promise<void>;
}

/** Migrate, seed, compute the expected answers, time the SQL; the database is closed afterwards. */
async function prepare(kind: 'postgres' | 'pglite'): Promise<Prepared> {
  let database: Database;
  let direct: DirectClient;
  let closeDirect = async () => {};
  let serverEnv: Record<string, string>;
  let cleanup: () => Promise<void>;

  if (kind === 'postgres') {
    await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PG_DB}`);
    const url = dbUrl(PG_DB);
    database = await openPostgres(url, { poolSize: 2 });
    // A plain client, one connection: the SQL's own cost, without a pool or an ORM.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    direct = { kind: 'postgres', client };
    closeDirect = () => client.end();
    serverEnv = { DATABASE_URL: url };
    cleanup = async () => {
      if (!keep) await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'rentloop-bench-'));
    database = await openPglite(dataDir);
    // The server's own PGlite instance, queried in process.
    direct = { kind: 'pglite', client: (database.primary as unknown as { $client: PGlite }).$client };
    serverEnv = { DATA_DIR: dataDir };
    cleanup = async () => {
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
      else log(`kept PGlite data in ${dataDir}`);
    };
  }

  let ready = false;
  try {
    await migrate(database);
    const t0 = Date.now();
    const orders = lists.some((l) => l === 'orders' || l === 'subscriptions');
    const seeded = await seed(database.executor, {
      customers: orders || lists.includes('customers'),
      catalog: orders || lists.some((l) => ['products', 'variants', 'collections', 'assets'].includes(l)),
      more: lists.some(
        (l) => !['customers', 'products', 'variants', 'orders', 'subscriptions', 'assets'].includes(l),
      ),
      orders,
      assets: lists.includes('assets'),
    });
    const seedSeconds = (Date.now() - t0) / 1000;
    const seededRows = Object.entries(seeded.counts).map(
      ([entity, byCompany]) => `${Object.values(byCompany).reduce((a, b) => a + b, 0)} ${entity}`,
    );
    log(`${kind}: seeded ${seededRows.join(', ')} in ${seedSeconds.toFixed(1)} s`);

    const scenarios = await scenariosFor(database.executor, seeded);
    const expected = new Map<string, Expected>();
    const sql = new Map<string, { figures: SqlFigures; statements: Statement[] }>();
    for (const s of scenarios) {
      const e = await expectedAnswer(database.executor, seeded, s);
      expected.set(scenarioId(s), e);
      const statements = await recordStatements(direct, seeded.companyId, s);
      await waitForQuiet(settings.quiet_wait_s);
      const figures = await timeSerially(async () => {
        for (const st of statements) await replay(direct, st);
      }, settings.sql_iterations);
      sql.set(scenarioId(s), { figures, statements });
      log(
        `${kind}: SQL ${s.list} ${s.label} (total ${e.total}): mean ${figures.mean_ms.toFixed(2)} ms, p99 ${figures.p99_ms.toFixed(2)} ms`,
      );
    }
    ready = true;
    return { seeded, scenarios, seedSeconds, expected, sql, serverEnv, cleanup };
  } finally {
    await closeDirect();
    await database.close();
    // A failed preparation leaves no database or data folder behind.
    if (!ready) await cleanup();
  }
}

async function benchDatabase(kind: 'postgres' | 'pglite'): Promise<DatabaseResult> {
  const prepared = await prepare(kind);
  const server = await startServer(prepared.serverEnv);
  try {
    const { seeded } = prepared;
    const tokens = {
      owner: await signIn(server.url, seeded.userEmail, seeded.userPassword),
      operator: seeded.operatorEmail
        ? await signIn(server.url, seeded.operatorEmail, seeded.userPassword)
        : '',
    };
    const idle = rssMb(server.pid);
    const results: ScenarioResult[] = [];
    for (const s of prepared.scenarios) {
      const token = tokens[LIST_SPECS[s.list].reader];
      const path = scenarioPath(prepared.seeded.companyId, s);
      const expected = prepared.expected.get(scenarioId(s))!;
      // A broken endpoint must not post a good number: check the answer first.
      await assertAnswer(`${server.url}${path}`, token, expected);
      const busy = await waitForQuiet(settings.quiet_wait_s);
      if (busy >= 0.2)
        log(
          `${kind}: the machine is busy (${(busy * 100).toFixed(0)}% CPU used by others); measuring anyway`,
        );
      const http = await drive(`${server.url}${path}`, token, server.pid, {
        connections: settings.connections,
        duration: settings.duration_s,
        warmup: settings.warmup_s,
        cpus: cpus().length,
        pgDatabase: PG_DB,
      });
      if (http.non_2xx > 0 || http.errors > 0) {
        throw new Error(
          `${kind} ${s.list} ${s.label}: ${http.non_2xx} non-2xx answers, ${http.errors} errors under load`,
        );
      }
      await assertAnswer(`${server.url}${path}`, token, expected);
      const sql = prepared.sql.get(scenarioId(s))!;
      results.push({
        list: s.list,
        scenario: s.key,
        label: s.label,
        path,
        expected_total: expected.total,
        http,
        sql: sql.figures,
        statements: sql.statements,
      });
      log(
        `${kind}: HTTP ${s.list} ${s.label}: ${http.requests_per_s.toFixed(0)} req/s, p50 ${http.p50_ms} ms, p99 ${http.p99_ms} ms, RSS ${http.max_rss_mb.toFixed(0)} MB, ` +
          `CPU/req server ${http.server_cpu_ms_per_req.toFixed(2)} ms, db ${http.db_cpu_ms_per_req.toFixed(2)} ms, ` +
          `other processes ${((100 * http.cpu.other_s) / http.cpu.capacity_s).toFixed(0)}% of the machine`,
      );
    }
    return {
      database: kind,
      seed_seconds: prepared.seedSeconds,
      idle_rss_mb: idle,
      max_rss_mb: Math.max(...results.map((s) => s.http.max_rss_mb)),
      scenarios: results,
    };
  } finally {
    await server.stop();
    await prepared.cleanup();
  }
}

async function main() {
  const started = new Date();
  let postgres: string | null = null;
  if (databases.includes('postgres')) {
    postgres = String((await adminQuery('SHOW server_version')).rows[0]?.server_version ?? '');
    postgres = `PostgreSQL ${postgres}`;
  }
  // Before the seeds, on an idle machine: the yardstick that makes this run comparable with another machine's.
  await waitForQuiet(settings.quiet_wait_s);
  const calibration = await calibrate(databases.includes('postgres') ? `${PG_SERVER}/postgres` : null);
  const results: DatabaseResult[] = [];
  for (const kind of databases) {
    log(`${kind}: preparing`);
    results.push(await benchDatabase(kind));
  }
  const report: BenchReport = {
    started_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.versions.node, postgres, calibration },
    lists,
    settings,
    results,
    targets: evaluateTargets(results),
  };
  process.stdout.write(printReport(report));
  const file = writeReport(report, join(REPO_ROOT, 'bench', 'results'));
  process.stdout.write(`JSON: ${file}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
