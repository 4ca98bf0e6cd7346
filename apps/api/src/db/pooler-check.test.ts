/**
 * The start-up refusal of a transaction pooler (db/pooler-check.ts), against Debian's pgbouncer started
 * here in front of the DATABASE_URL server: in transaction mode the check refuses with the message
 * docs/scaling.md quotes, and LISTEN through it indeed hears nothing; in session mode, and on PostgreSQL
 * itself, the check passes. Needs a PostgreSQL server and the pgbouncer binary (CI installs it, .ci/run).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { refuseTransactionPooler, TRANSACTION_POOLER_MESSAGE } from './pooler-check.ts';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
const serverUrl = process.env.DATABASE_URL;
const skip = !serverUrl
  ? 'skipped: needs a PostgreSQL server (DATABASE_URL unset: the PGlite pass)'
  : !PGBOUNCER
    ? 'skipped: pgbouncer is not installed (apt-get install pgbouncer)'
    : '';

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** pgbouncer in `mode` in front of the DATABASE_URL server; answers the URL through it. */
async function startPgbouncer(mode: 'session' | 'transaction'): Promise<string> {
  const target = new URL(serverUrl!);
  const dir = mkdtempSync(join(tmpdir(), 'rentloop-pgbouncer-'));
  dirs.push(dir);
  chmodSync(dir, 0o777);
  const port = await freePort();
  const user = decodeURIComponent(target.username || 'postgres');
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(target.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${mode}`,
      'default_pool_size = 4',
      'ignore_startup_parameters = extra_float_digits,options',
    ].join('\n'),
  );
  // pgbouncer refuses to run as root: it is then told to switch to the postgres user (or nobody).
  const asRoot = process.getuid?.() === 0;
  let runAs = 'nobody';
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    runAs = 'postgres';
  } catch {}
  const child = spawn(PGBOUNCER!, [...(asRoot ? ['-u', runAs] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = new URL(serverUrl!);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output}`);
    const probe = new pg.Client({ connectionString: url.toString() });
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      return url.toString();
    } catch {
      await sleep(50);
    } finally {
      await probe.end().catch(() => {});
    }
  }
  throw new Error(`pgbouncer did not answer: ${output}`);
}

describe.skipIf(Boolean(skip))(`a connection pooler in front of PostgreSQL ${skip}`, () => {
  it('passes on PostgreSQL itself', async () => {
    await expect(refuseTransactionPooler(serverUrl!)).resolves.toBeUndefined();
  });

  it('refuses pgbouncer in transaction mode, where LISTEN hears nothing', async () => {
    const url = await startPgbouncer('transaction');
    await expect(refuseTransactionPooler(url)).rejects.toThrow(TRANSACTION_POOLER_MESSAGE);
    // Why: a LISTEN through it holds no session, so a NOTIFY committed afterwards never reaches it.
    const listener = new pg.Client({ connectionString: url });
    const direct = new pg.Client({ connectionString: serverUrl });
    await Promise.all([listener.connect(), direct.connect()]);
    try {
      const heard: string[] = [];
      listener.on('notification', (m) => heard.push(m.payload ?? ''));
      listener.on('error', () => {});
      await listener.query('LISTEN rentloop_pooler_check');
      await direct.query(`SELECT pg_notify('rentloop_pooler_check', 'hello')`);
      await sleep(500);
      await listener.query('SELECT 1').catch(() => {});
      expect(heard).toEqual([]);
    } finally {
      await Promise.allSettled([listener.end(), direct.end()]);
    }
  });

  it('passes pgbouncer in session mode', async () => {
    const url = await startPgbouncer('session');
    await expect(refuseTransactionPooler(url)).resolves.toBeUndefined();
  });
});
