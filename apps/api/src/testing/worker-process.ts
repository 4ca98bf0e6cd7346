/**
 * The job worker as its own process (`npm run worker`: src/worker.ts under tsx), for tests that kill it:
 * started on a test database with the environment given, resolved once it says "worker started", and
 * killed with a signal. Its log (pino JSON lines) is kept, to show in a failure message.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const apiRoot = new URL('../../', import.meta.url).pathname;

export interface WorkerProcess {
  readonly pid: number;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** Sends `signal` and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorkerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: apiRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
