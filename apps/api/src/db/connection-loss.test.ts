import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';

const server = process.env.DATABASE_URL;

describe.runIf(server)('a lost PostgreSQL connection (PostgreSQL only: PGlite has no server to lose)', () => {
  it('is reported, not fatal: the pool opens a new connection for the next query', async () => {
    const t = await createTestDatabase();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      // The primary pool's own query path (the one drizzle and pg-boss use).
      const query = (text: string) => t.database.executor.executeSql(text);
      const before = await query('SELECT pg_backend_pid() AS pid');
      const pid = Number((before.rows[0] as { pid: number }).pid);
      // The server ends the idle pooled connection, as a restart or an administrator would.
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => warnings.some((w) => w.startsWith('PostgreSQL connection lost'))).toBe(true);
      const after = await query('SELECT pg_backend_pid() AS pid, 1 AS ok');
      expect((after.rows[0] as { ok: number }).ok).toBe(1);
      expect(Number((after.rows[0] as { pid: number }).pid)).not.toBe(pid);
    } finally {
      process.off('warning', onWarning);
      await t.drop();
    }
  });
});
