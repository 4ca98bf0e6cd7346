/**
 * The browser passes' servers for `npm test` (scripts/test-all.mjs), started at the beginning of the run in
 * the background: the build and the demo seed (about 2.5 minutes on PostgreSQL with 40 days of billing,
 * mostly on one core) then run beside the type check, lint and unit tests, whose single-threaded parts leave
 * a core free, instead of before the browser tests (decision 92). Each is tests/e2e/start-server.ts, exactly
 * what Playwright's `webServer` starts, on a port of its own; Playwright reads it through `E2E_BASE_URL`.
 * Its output goes to a log file, printed when it does not become ready.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const READY_WITHIN_MS = 15 * 60_000;

/**
 * Starts `tests/e2e/start-server.ts` on `port` with `env` (on the build already made), logging to
 * `<logDir>/e2e-server-<port>.log`.
 */
export function startE2eServer({ root, port, env, logDir }) {
  const log = join(logDir, `e2e-server-${port}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['tests/e2e/start-server.ts'], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    // A process group of its own: tsx, start-server.ts and the API server are stopped together.
    detached: true,
    env: { ...process.env, ...env, E2E_PORT: String(port) },
  });
  closeSync(fd);
  let exited = false;
  const exit = new Promise((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve(false);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    /**
     * Asks from now on, until the server answers ready (true), exits or is not ready in 15 minutes
     * (false). Not polled in the background: test-all.mjs runs its suites with spawnSync, which holds
     * this process's event loop for minutes, and a request left waiting across that hold times out.
     */
    ready: () => Promise.race([exit, pollReady(`${url}/api/health/ready`, () => exited)]),
    /** The server's output so far (for a server that did not become ready). */
    output: () => readFileSync(log, 'utf8'),
    /** Stops the server (SIGTERM: start-server.ts removes its data folder) and waits for it to exit. */
    stop: async () => {
      const signal = (name) => {
        try {
          process.kill(-child.pid, name);
        } catch {
          // Gone already.
        }
      };
      if (!exited) signal('SIGTERM');
      const killer = setTimeout(() => signal('SIGKILL'), 20_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

async function pollReady(url, gone) {
  const until = Date.now() + READY_WITHIN_MS;
  while (!gone()) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}
