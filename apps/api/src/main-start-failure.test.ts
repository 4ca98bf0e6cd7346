/**
 * A start whose database cannot be reached says so in one line (which database, what failed) and
 * exits non-zero, instead of an empty line (a refused connection's error has no message).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFailureLine } from './db/connection-errors.ts';

const apiRoot = new URL('../', import.meta.url).pathname;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a start without a reachable database', () => {
  it('prints one line naming the database (password hidden) and the failure, and exits 1', async () => {
    const port = await closedPort();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: `postgres://rentloop:s3cret@127.0.0.1:${port}/rentloop`,
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      `Rentloop could not start: the database postgres://rentloop:***@127.0.0.1:${port}/rentloop refused the connection (nothing listens on that host and port).`,
    ]);
    expect(stderr).not.toContain('s3cret');
  }, 60_000);

  it('says what failed for other errors too, and for a configuration error', () => {
    expect(
      startFailureLine(Object.assign(new Error(''), { code: 'ENOTFOUND' }), 'postgres://db.nowhere/x'),
    ).toBe(
      'Rentloop could not start: the database postgres://db.nowhere/x has a host name that does not resolve.',
    );
    expect(startFailureLine(new Error('password authentication failed for user "x"'), 'postgres://h/x')).toBe(
      'Rentloop could not start (database postgres://h/x): password authentication failed for user "x"',
    );
    expect(startFailureLine(new Error('PORT must be a number'), null)).toBe(
      'Rentloop could not start: PORT must be a number',
    );
  });
});
