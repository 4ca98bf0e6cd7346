/**
 * HTTP load with autocannon, and the checks that make a figure count: before a scenario is measured,
 * its answer must be right (200, exact meta.total, the expected rows), and during the run every
 * answer must be a 2xx.
 */
import autocannon from 'autocannon';
import { type CpuUse, measureCpu } from './cpu.ts';
import { sampleRss } from './server.ts';

export interface Expected {
  total: number;
  /** Ids of the page, in order, from SQL. */
  ids: number[];
}

export interface LoadFigures {
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  max_rss_mb: number;
  requests: number;
  non_2xx: number;
  errors: number;
  /** CPU seconds by process group over the measured run. */
  cpu: CpuUse;
  /** Server and database CPU per request, in ms. */
  server_cpu_ms_per_req: number;
  db_cpu_ms_per_req: number;
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await r.json()) as { data?: { access_token?: string } };
  const token = body.data?.access_token;
  if (r.status !== 200 || !token) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(body)}`);
  return token;
}

/** Throws unless the endpoint answers the scenario exactly as the database says it should. */
export async function assertAnswer(url: string, token: string, expected: Expected): Promise<void> {
  const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${url}: status ${r.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as {
    status: boolean;
    data: { id: number }[];
    meta: { total: number };
  };
  const ids = body.data.map((c) => c.id);
  if (!body.status) throw new Error(`${url}: status false`);
  if (body.meta.total !== expected.total) {
    throw new Error(`${url}: meta.total ${body.meta.total}, expected ${expected.total}`);
  }
  if (ids.length === 0) throw new Error(`${url}: empty page`);
  if (ids.join(',') !== expected.ids.join(',')) {
    throw new Error(`${url}: ids ${ids.join(',')}, expected ${expected.ids.join(',')}`);
  }
}

function cannon(url: string, token: string, connections: number, duration: number) {
  return autocannon({
    url,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** A short warm-up (discarded), then the measured run with the server's RSS sampled throughout. */
export async function drive(
  url: string,
  token: string,
  pid: number,
  opts: { connections: number; duration: number; warmup: number; cpus: number; pgDatabase: string },
): Promise<LoadFigures> {
  await cannon(url, token, opts.connections, opts.warmup);
  const rss = sampleRss(pid);
  const cpuMeter = measureCpu(pid, opts.cpus, opts.pgDatabase);
  const r = await cannon(url, token, opts.connections, opts.duration);
  const cpu = cpuMeter.stop();
  const maxRss = rss.stop();
  return {
    requests_per_s: r.requests.average,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    max_rss_mb: maxRss,
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu,
    server_cpu_ms_per_req: (cpu.server_s * 1000) / r.requests.total,
    db_cpu_ms_per_req: (cpu.postgres_s * 1000) / r.requests.total,
  };
}
