/**
 * The soak's processes (bench/soak.ts): API instances and a worker from the bundle of
 * scripts/bundle-api.mjs (apps/api/src/testing/worker-process.ts builds it), each under plain `node`
 * as `npm start` / `npm run worker` run them, as testing/fleet.ts starts them for the multi-instance
 * suite, but quiet: an instance logs at `warn` (200 requests a second at `info` would fill the
 * driver's memory), so it is ready when /api/health answers; the worker when it says "worker started".
 *
 * A process is stopped with SIGTERM (its own shutdown) or killed with a signal (billing-kill.ts: kill -9).
 *
 * Each process loads soak-memory.cjs first (NODE_OPTIONS=--require), which writes its own
 * `process.memoryUsage()` as a JSON line every SOAK_MEMORY_MS: the heap as V8 sees it, from inside.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, REPO_ROOT, rssMb } from './server.ts';

const PRELOAD = fileURLToPath(new URL('./soak-memory.cjs', import.meta.url));

export interface MemorySample {
  t: number;
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  external_mb: number;
}

export interface SoakProcess {
  name: string;
  pid: number;
  url: string;
  /** Every memory line the process wrote, oldest first. */
  memory: MemorySample[];
  /** The last 20,000 characters it wrote besides its memory lines. */
  tail(): string;
  rssMb(): number;
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL: kill -9, nothing runs after it) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  kind: 'api' | 'worker',
  memoryEveryMs: number,
): Promise<SoakProcess> {
  const port = kind === 'api' ? await freePort() : 0;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      NODE_OPTIONS: `--require ${PRELOAD}`,
      SOAK_MEMORY_MS: String(memoryEveryMs),
      LOG_LEVEL: kind === 'api' ? 'warn' : 'info',
      ...(kind === 'api' ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const memory: MemorySample[] = [];
  let tail = '';
  let partial = '';
  const take = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('{"soak_memory"')) {
        try {
          memory.push((JSON.parse(line) as { soak_memory: MemorySample }).soak_memory);
        } catch {}
      } else tail = `${tail}${line}\n`.slice(-20_000);
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = kind === 'api' ? `http://127.0.0.1:${port}` : '';
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${tail}`);
    if (kind === 'worker' && tail.includes('"msg":"worker started"')) break;
    if (kind === 'api') {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {}
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start in time:\n${tail}`);
    }
    await sleep(200);
  }
  return {
    name,
    pid: child.pid!,
    url,
    memory,
    tail: () => tail,
    rssMb: () => rssMb(child.pid!),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(hard);
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
