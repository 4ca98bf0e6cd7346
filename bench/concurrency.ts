/**
 * `npm run bench:concurrency`: how one list answers as more clients use it at once, on the
 * embedded database (PGlite) and on PostgreSQL. PGlite runs every query on the server's one thread,
 * so its latency grows with the number of clients while PostgreSQL spreads them over its processes;
 * the figures say from what load a team should move to PostgreSQL (README, docs/performance.md).
 *
 * Each database gets the bench's seed (100,000 customers in one company, see seed.ts), the real server
 * (the API bundle), and the customers list's page 1 and its search driven with autocannon at each
 * connection count in turn. Every answer must be a 2xx. Prints one table.
 *
 * Environment (optional): BENCH_DATABASES=pglite,postgres  BENCH_CONCURRENCY=1,10,25,50
 * BENCH_DURATION=10  BENCH_WARMUP=3  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { drive, signIn } from './load.ts';
import { LIST_SPECS, scenarioPath, scenariosOf } from './scenarios.ts';
import { BIG_COMPANY_CUSTOMERS, type Seeded, seed } from './seed.ts';
import { startServer } from './server.ts';

const env = process.env;
const databases = (env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const levels = (env.BENCH_CONCURRENCY ?? '1,10,25,50').split(',').map(Number);
const duration = Number(env.BENCH_DURATION ?? 10);
const warmup = Number(env.BENCH_WARMUP ?? 3);
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PG_DB = 'rentloop_bench_concurrency';
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

async function admin(text: string) {
  const url = new URL(PG_SERVER);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A seeded database and the server environment that points at it. */
async function prepare(
  kind: string,
): Promise<{ seeded: Seeded; env: Record<string, string>; cleanup(): Promise<void> }> {
  if (kind === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${PG_DB}`);
    const url = new URL(PG_SERVER);
    url.pathname = `/${PG_DB}`;
    const database = await openPostgres(url.toString(), { poolSize: 2 });
    await migrate(database);
    const seeded = await seed(database.executor, { customers: true, catalog: false });
    await database.close();
    return {
      seeded,
      env: { DATABASE_URL: url.toString() },
      cleanup: () => admin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rentloop-bench-concurrency-'));
  const database = await openPglite(dataDir);
  await migrate(database);
  const seeded = await seed(database.executor, { customers: true, catalog: false });
  await database.close();
  return {
    seeded,
    env: { DATA_DIR: dataDir },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

interface Row {
  database: string;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

async function main() {
  const rows: Row[] = [];
  for (const kind of databases) {
    log(`${kind}: seeding`);
    const prepared = await prepare(kind);
    const server = await startServer(prepared.env);
    try {
      const { seeded } = prepared;
      const token = await signIn(server.url, seeded.userEmail, seeded.userPassword);
      const companyId = seeded.companyId;
      for (const scenario of scenariosOf('customers', BIG_COMPANY_CUSTOMERS).filter(
        (s) => s.key !== 'deep',
      )) {
        for (const connections of levels) {
          const url = `${server.url}${scenarioPath(companyId, scenario)}`;
          const figures = await drive(url, token, server.pid, {
            connections,
            duration,
            warmup,
            cpus: cpus().length,
            pgDatabase: PG_DB,
          });
          if (figures.non_2xx > 0 || figures.errors > 0) {
            throw new Error(
              `${kind} ${scenario.label} x${connections}: ${figures.non_2xx} non-2xx, ${figures.errors} errors`,
            );
          }
          const row = {
            database: kind,
            scenario: `${LIST_SPECS.customers.path} ${scenario.label}`,
            connections,
            rps: figures.requests_per_s,
            p50: figures.p50_ms,
            p99: figures.p99_ms,
            max: figures.max_ms,
          };
          rows.push(row);
          log(
            `${kind} ${row.scenario} x${connections}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
          );
        }
      }
    } finally {
      await server.stop();
      await prepared.cleanup();
    }
  }
  const lines = [
    `| database | list | clients | req/s | p50 ms | p99 ms | max ms |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
