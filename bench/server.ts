/**
 * The real API server as a child process, and its memory.
 *
 * It runs what `npm start` runs: the API bundle (`apps/api/dist/main.js`, built first by
 * `scripts/build-api.mjs`) under plain `node`, in one process, so the pid we sample is the server's own.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in MB (VmRSS in /proc/<pid>/status), or NaN when unreadable. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the maximum seen. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number } {
  let max = 0;
  const sample = () => {
    const v = rssMb(pid);
    if (!Number.isNaN(v)) max = Math.max(max, v);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return max;
    },
  };
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'READ_REPLICA_URL', 'DATA_DIR']) delete childEnv[k];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    RUN_JOBS: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench-admin@rentloop.local',
    ADMIN_PASSWORD: 'bench-admin-password',
    // The bench measures the API alone: no web app to serve.
    WEB_DIST_DIR: join(REPO_ROOT, 'bench', 'no-web-dist'),
    ...env,
  });
  // BENCH_SERVER_NODE_OPTIONS: Node options for the server alone (not the bench's seeding), e.g. a heap limit.
  if (process.env.BENCH_SERVER_NODE_OPTIONS)
    childEnv.NODE_OPTIONS = `${childEnv.NODE_OPTIONS ?? ''} ${process.env.BENCH_SERVER_NODE_OPTIONS}`.trim();
  // BENCH_SERVER_MEMORY=<file>: the server writes its RSS, V8 heap and memory outside the heap there every second
  // (bench/memory-file.cjs), to tell where its RSS goes; BENCH_MEMORY_GC=1 collects the heap fully before each
  // sample (BENCH_MEMORY_MS=5000 then, so the collections cost the run little).
  if (process.env.BENCH_SERVER_MEMORY) {
    const gc = process.env.BENCH_MEMORY_GC === '1' ? ' --expose-gc' : '';
    childEnv.NODE_OPTIONS = `${childEnv.NODE_OPTIONS ?? ''}${gc} --require ${join(REPO_ROOT, 'bench', 'memory-file.cjs')}`;
    childEnv.BENCH_MEMORY_FILE = process.env.BENCH_SERVER_MEMORY;
  }
  // BENCH_NO_BUILD=1: the bundle is already built (runs at once would rebuild it under each other).
  if (process.env.BENCH_NO_BUILD !== '1') {
    execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (child.pid === undefined) throw new Error('server has no pid');

  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
