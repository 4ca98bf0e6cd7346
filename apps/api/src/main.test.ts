/**
 * The server process as `npm start` runs it (src/main.ts), on a fresh embedded database: it starts,
 * answers, and logs a job-queue error raised while the queue starts instead of crashing on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = new URL('../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'rentloop-main-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('logs a job-queue error raised during start-up and goes on to serve', async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      ADMIN_EMAIL: 'operator@main.test',
      ADMIN_PASSWORD: 'a long enough password',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    };
    const preload = new URL('./testing/fixtures/boss-error-on-start.mjs', import.meta.url).href;
    const proc = spawn(process.execPath, ['--import', 'tsx', '--import', preload, 'src/main.ts'], {
      cwd: apiRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    const outcome = await new Promise<string>((resolve) => {
      // A bound on a hung start, not a speed check: tsx compiles the API and every migration runs on a
      // fresh embedded database, 45-90 s on a loaded 2-core machine (90 s was once not enough in a full run).
      const timer = setTimeout(() => resolve('timeout'), 240_000);
      const check = () => {
        if (output.includes('Rentloop ready')) {
          clearTimeout(timer);
          resolve('ready');
        }
      };
      proc.stdout!.on('data', check);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        resolve(`exited ${code}`);
      });
    });
    expect(outcome, output).toBe('ready');
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'job queue error',
        err: expect.objectContaining({ message: 'injected job queue error' }),
      }),
    );
    const address = logged
      .find((l) => l.msg?.startsWith('Server listening at'))
      ?.msg?.split(' ')
      .at(-1);
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
  }, 300_000);
});
