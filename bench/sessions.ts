/**
 * What the session cache saves (docs/performance.md, "The session cache"): N sequential GETs of a small
 * signed-in route (`GET /api/auth/me`) over HTTP, against one server with the cache and one without
 * (SESSION_CACHE=off), on PostgreSQL, in alternating rounds. Sequential on purpose: it measures the
 * cost of one request, not throughput. Per request: wall time (mean, p50, p99) and the CPU time of the
 * PostgreSQL backends serving the database.
 *
 * npm run bench:sessions   (BENCH_PG_URL, BENCH_SESSION_REQUESTS=2000, BENCH_SESSION_ROUNDS=3)
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { migrate, openPostgres } from '../apps/api/src/db/client.ts';
import { companies, companyUsers, users } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { measureCpu } from './cpu.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'rentloop_bench_sessions';
const REQUESTS = Number(env.BENCH_SESSION_REQUESTS ?? 2_000);
const ROUNDS = Number(env.BENCH_SESSION_ROUNDS ?? 3);
const PASSWORD = 'bench session password';

// Every statement this process sends (the pools and the listener), counted.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const dbUrl = (name: string) => {
  const u = new URL(PG_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(text: string) {
  const c = new pg.Client({ connectionString: dbUrl('postgres') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

interface Round {
  cache: boolean;
  mean: number;
  p50: number;
  p99: number;
  pgCpuPerRequestMs: number;
  /** This process: the server and the HTTP client together (the client's share is the same both ways). */
  nodeCpuPerRequestMs: number;
  hits: number;
  statementsPerRequest: number;
  /** Share of the machine other processes used meanwhile. */
  other: number;
}

async function round(app: FastifyInstance, base: string, token: string, cache: boolean): Promise<Round> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 200; i++) await (await fetch(`${base}/api/auth/me`, { headers })).arrayBuffer();
  const hits = app.sessionCache?.stats.hits ?? 0;
  const times: number[] = [];
  const cpu = measureCpu(process.pid, cpus().length, DB);
  const node = process.cpuUsage();
  const sent = statements;
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/auth/me`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/auth/me answered ${res.status}`);
    times.push(performance.now() - t);
  }
  const used = cpu.stop();
  const nodeUsed = process.cpuUsage(node);
  const statementsPerRequest = (statements - sent) / REQUESTS;
  times.sort((a, b) => a - b);
  return {
    cache,
    mean: times.reduce((s, t) => s + t, 0) / times.length,
    p50: times[Math.floor(times.length * 0.5)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
    pgCpuPerRequestMs: (used.postgres_s * 1000) / REQUESTS,
    nodeCpuPerRequestMs: (nodeUsed.user + nodeUsed.system) / 1000 / REQUESTS,
    hits: (app.sessionCache?.stats.hits ?? 0) - hits,
    other: used.other_s / used.capacity_s,
    statementsPerRequest,
  };
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB}`);
  const database = await openPostgres(dbUrl(DB), { poolSize: 4 });
  const apps: FastifyInstance[] = [];
  try {
    await migrate(database);
    const [company] = await database.primary
      .insert(companies)
      .values({ name: 'Bench', currency: 'CAD' })
      .returning();
    const [user] = await database.primary
      .insert(users)
      .values({
        name: 'Bench',
        email: 'bench-sessions@example.test',
        password_hash: await hashPassword(PASSWORD),
        email_verified_at: new Date().toISOString(),
      })
      .returning();
    await database.primary
      .insert(companyUsers)
      .values({ company_id: company!.id, user_id: user!.id, role: 'owner' });
    const servers: Record<'on' | 'off', { app: FastifyInstance; base: string }> = {} as never;
    for (const mode of ['on', 'off'] as const) {
      const app = await buildApp({ database, logLevel: 'warn', sessionCache: mode === 'on' });
      apps.push(app);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      servers[mode] = { app, base: address };
    }
    const login = await fetch(`${servers.on.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-sessions@example.test', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const results: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const mode of r % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const result = await round(servers[mode].app, servers[mode].base, token, mode === 'on');
        results.push(result);
        process.stdout.write(
          `${mode === 'on' ? 'cache   ' : 'no cache'}  mean ${result.mean.toFixed(3)} ms  p50 ${result.p50.toFixed(3)}  p99 ${result.p99.toFixed(3)}  PostgreSQL CPU/req ${result.pgCpuPerRequestMs.toFixed(3)} ms  Node CPU/req ${result.nodeCpuPerRequestMs.toFixed(3)} ms  other load ${(result.other * 100).toFixed(0)}%  cache hits ${result.hits}  statements/req ${result.statementsPerRequest.toFixed(3)}\n`,
        );
      }
    }
  } finally {
    for (const app of apps) await app.close();
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
