/**
 * Real processes of the product for the multi-instance suite (scale/multi-instance.test.ts): API
 * instances (`main.js`, as `npm start` runs it) and workers (`worker.js`, as `npm run worker`), both
 * from the bundle of scripts/bundle-api.mjs (testing/worker-process.ts builds it), under plain `node`.
 * Each is started with its environment, resolves once it says it is ready, and keeps its log and its
 * exit for the test to read. Whatever is still running when the test process exits is killed.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const repoRoot = new URL('../../../../', import.meta.url).pathname;

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface FleetProcess {
  readonly name: string;
  readonly pid: number;
  /** The API's address (http://127.0.0.1:port); '' for a worker. */
  readonly url: string;
  output(): string;
  /** Resolves with the exit code (null: killed by a signal) once the process is gone. */
  readonly exited: Promise<number | null>;
  alive(): boolean;
  signal(signal: NodeJS.Signals): void;
}

/**
 * Starts `script` (the bundle's main.js or worker.js). An API instance is ready at "Rentloop ready"
 * (its address read from Fastify's "Server listening at" line, PORT=0), a worker at "worker started".
 */
export async function startFleetProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<FleetProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (c) => {
      running.delete(child);
      code = c;
      resolve(c);
    }),
  );
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const isApi = script.endsWith('main.js');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${output}`)), timeoutMs);
    const check = () => {
      if (isApi && output.includes('"msg":"Rentloop ready"')) {
        const at = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
        clearTimeout(timer);
        resolve(at?.[1] ?? '');
      } else if (!isApi && output.includes('"msg":"worker started"')) {
        clearTimeout(timer);
        resolve('');
      }
    };
    child.stdout!.on('data', check);
    void exited.then((c) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${c}) before it was ready:\n${output}`));
    });
  });
  return {
    name,
    pid: child.pid!,
    url,
    output: () => output,
    exited,
    alive: () => code === undefined,
    signal: (signal) => {
      if (code === undefined) child.kill(signal);
    },
  };
}

/** The pino lines of a process's log, parsed. */
export function logLines(p: FleetProcess): Record<string, unknown>[] {
  return p
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}
