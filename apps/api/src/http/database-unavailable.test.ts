/**
 * A database that cannot be reached is a 503 with Retry-After on every route (as health answers),
 * never a 500: with node-postgres pointed at a closed port, with its pool ended, and with PGlite
 * closed. Runs without a PostgreSQL server (the closed port needs none).
 */
import { createServer } from 'node:net';
import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { connectionFailure } from '../db/connection-errors.ts';
import { createTestDatabase } from '../testing/database.ts';

/** A port nothing listens on: one the system gave out, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function expectUnavailable(database: Database) {
  const app = await buildApp({ database, logLevel: 'silent', sessionCache: false });
  try {
    // A signed-in route (the token is looked up in the database) and a public one that reads it.
    for (const request of [
      { method: 'GET' as const, url: '/api/auth/me', headers: { authorization: 'Bearer some-token' } },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: 'a long password' },
      },
      { method: 'GET' as const, url: '/api/health' },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        status: false,
        code: 'unavailable',
        message: MESSAGES.databaseUnavailable,
      });
    }
  } finally {
    await app.close();
  }
}

describe('an unreachable database', () => {
  it('node-postgres at a closed port: 503 with Retry-After', async () => {
    const database = await openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`);
    try {
      await expectUnavailable(database);
    } finally {
      await database.close();
    }
  });

  it('node-postgres with its pool ended: 503 with Retry-After', async () => {
    const database = await openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`);
    await database.close();
    await expectUnavailable(database);
  });

  it('PGlite closed: 503 with Retry-After', async () => {
    const t = await createTestDatabase();
    const app = await buildApp({ database: t.database, logLevel: 'silent', sessionCache: false });
    await t.drop();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: 'Bearer x' },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close().catch(() => {});
    }
  });

  it('tells connection failures of both drivers from other errors', () => {
    const refused = Object.assign(
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
      {},
    );
    expect(connectionFailure(refused)).toBe('ECONNREFUSED');
    expect(connectionFailure({ message: 'query failed', cause: { code: '57P01' } })).toBe('57P01');
    expect(connectionFailure({ code: '08006' })).toBe('08006');
    expect(connectionFailure(new Error('PGlite is closed'))).toBe('PGlite is closed');
    // The embedded database on its own thread (PGLITE_THREAD): closed, or its thread gone.
    expect(connectionFailure(new Error('the embedded database is closed'))).toBe(
      'the embedded database is closed',
    );
    expect(connectionFailure(new Error('the PGlite thread exited (1)'))).toBe('the PGlite thread exited (1)');
    expect(connectionFailure({ code: '23505' })).toBeNull();
    expect(connectionFailure(new Error('boom'))).toBeNull();
  });
});
