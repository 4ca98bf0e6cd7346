/**
 * The job worker as its own process, as `npm run worker` runs it: the worker bundle under plain `node`
 * (scripts/bundle-api.mjs), built once per test file into a folder of its own, for tests that kill the
 * worker. A worker is started on a test database with the environment given, resolves once it says
 * "worker started", and is killed with a signal. Its log (pino JSON lines) is kept for failure messages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';

const repoRoot = new URL('../../../../', import.meta.url).pathname;
const apiRoot = new URL('../../', import.meta.url).pathname;

export interface WorkerBundle {
  /** The bundle's worker.js. */
  readonly path: string;
  remove(): void;
}

/**
 * Bundles the worker (a second or two) under apps/api/node_modules, so that Node finds the packages the
 * bundle leaves external (the API's own there, the shared ones further up), and never over
 * apps/api/dist, which others may be running.
 */
export async function bundleWorker(): Promise<WorkerBundle> {
  const out = `${apiRoot}node_modules/.cache/rentloop-worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  // A variable specifier: the build script is plain JavaScript without types.
  const script = `${repoRoot}scripts/bundle-api.mjs`;
  const { bundleApi } = (await import(script)) as { bundleApi(out: string): Promise<void> };
  await bundleApi(out);
  return { path: `${out}/worker.js`, remove: () => rmSync(out, { recursive: true, force: true }) };
}

/** Workers still running: killed when the test process exits, however it ends (a time-out included). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface WorkerProcess {
  readonly pid: number;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** Sends `signal` and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorkerProcess(
  bundle: WorkerBundle,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', bundle.path], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the worker did not start in time:\n${output}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('"msg":"worker started"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d) => (output += d));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
