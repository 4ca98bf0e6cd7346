import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const apiRoot = new URL('../../', import.meta.url).pathname;
const onLinux = existsSync('/proc/self/stat');
let dir: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rentloop-lock-'));
});
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Another process holding the lock, as a second `npm start` would; resolves once it holds it. */
async function holdInChild(): Promise<ChildProcess> {
  const script =
    `const { lockDataDir } = await import('./src/db/data-dir-lock.ts');` +
    `await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 60_000);`;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('locked')) resolve();
    });
    proc.stderr!.on('data', (d) => (output += d));
    proc.once('exit', (code) => reject(new Error(`child exited ${code}: ${output}`)));
  });
  return proc;
}

const lockFileOf = () => join(dir, readdirSync(dir).find((n) => n.startsWith('rentloop.lock.'))!);

describe('lockDataDir', () => {
  it('lets one process hold the embedded database and refuses a second with a clear message', async () => {
    const unlock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/Another Rentloop process is already using/);
    await unlock();
    const again = await lockDataDir(dir);
    await again();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses while another live process holds it, and starts at once after that process is killed', async () => {
    const holder = await holdInChild();
    await expect(lockDataDir(dir)).rejects.toThrow(
      new RegExp(`Another Rentloop process \\(process ${holder.pid} on .+\\) is already using`),
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    // No waiting for a heartbeat to go stale: the holder is known dead.
    const unlock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFileOf(), 'utf8')).pid).toBe(process.pid);
    await unlock();
  });

  it.runIf(onLinux)('treats a lock whose process id now names another process as free', async () => {
    // Our parent is alive, but it is not the process that wrote this lock (another start time).
    const scopeOf = JSON.parse(readFileSync(await writeOwnLock(), 'utf8')).scope;
    writeFileSync(
      join(dir, 'rentloop.lock.1'),
      JSON.stringify({ pid: process.ppid, host: hostname(), scope: scopeOf, start: '1' }),
    );
    const unlock = await lockDataDir(dir);
    await unlock();
  });

  it('falls back to the heartbeat for a holder it cannot check (another host sharing the folder)', async () => {
    const file = join(dir, 'rentloop.lock.3');
    writeFileSync(file, JSON.stringify({ pid: 4242, host: 'elsewhere', scope: null, start: null }));
    await expect(lockDataDir(dir)).rejects.toThrow(/process 4242 on elsewhere/);
    const old = new Date(Date.now() - 20_000);
    utimesSync(file, old, old);
    const unlock = await lockDataDir(dir);
    expect(readdirSync(dir)).toEqual(['rentloop.lock.4']);
    await unlock();
  });

  it('respects a fresh lock of the previous version (proper-lockfile) and clears a stale one', async () => {
    const legacy = join(dir, 'rentloop.lock');
    mkdirSync(legacy);
    await expect(lockDataDir(dir)).rejects.toThrow(/already using/);
    const old = new Date(Date.now() - 20_000);
    utimesSync(legacy, old, old);
    const unlock = await lockDataDir(dir);
    expect(existsSync(legacy)).toBe(false);
    await unlock();
  });
});

/** Takes and releases the lock once, keeping a copy of its file, to learn this machine's scope. */
async function writeOwnLock(): Promise<string> {
  const unlock = await lockDataDir(dir);
  const copy = join(dir, 'own.json');
  writeFileSync(copy, readFileSync(lockFileOf()));
  await unlock();
  return copy;
}
