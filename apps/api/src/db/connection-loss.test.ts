import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createBoss } from '../jobs/queue.ts';
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

  it('in the job queue’s own pool is not fatal either: the queue goes on working', async () => {
    const t = await createTestDatabase();
    const boss = createBoss(t.database);
    try {
      await boss.start();
      await boss.createQueue('connection-loss-probe');
      // Ends every connection pg-boss holds, as a restart would (an unheard 'error' used to crash the
      // process: an uncaught exception fails this file even when every assertion passes).
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      const name = new URL((t.database as { url: string }).url).pathname.slice(1);
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'pgboss' AND datname = $1`,
        [name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await expect
        .poll(async () => (await boss.send('connection-loss-probe', { n: 1 }).catch(() => null)) !== null, {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      await boss.stop({ graceful: false, wait: true });
      await t.drop();
    }
  });
});
