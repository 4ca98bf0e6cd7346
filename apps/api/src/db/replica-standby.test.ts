/**
 * Read-your-writes and the fallback to the primary, on a real streaming hot standby: the replica pass
 * (scripts/replica.sh, `node scripts/test-all.mjs replica`) gives DATABASE_URL, READ_REPLICA_URL (a standby of
 * that server) and REPLICA_STANDBY_CTL (pg_ctl on the standby). The app under test commits without waiting
 * for the standby (synchronous_commit = local), as a production primary does; pausing the standby's replay
 * (`pg_wal_replay_pause()`) makes its lag as long as a test wants.
 */
import { execSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../testing/harness.ts';
import { type Database, openPostgres } from './client.ts';

const standbyUrl = process.env.READ_REPLICA_URL;
const standbyCtl = process.env.REPLICA_STANDBY_CTL;
const ready = Boolean(process.env.DATABASE_URL && standbyUrl && standbyCtl);

/** One statement on the standby's server, on a connection of its own (a stop ends every connection). */
async function onStandby(text: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: standbyUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows[0];
  } finally {
    await client.end();
  }
}

async function until(what: string, test: () => Promise<boolean> | boolean, ms = 10_000): Promise<number> {
  const start = Date.now();
  while (!(await test())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

async function pauseReplay(): Promise<void> {
  await onStandby('select pg_wal_replay_pause()');
  await until('replay paused', async () => {
    const row = (await onStandby('select pg_get_wal_replay_pause_state() as s')) as { s: string };
    return row.s === 'paused';
  });
}
const resumeReplay = () => onStandby('select pg_wal_replay_resume()');

describe.runIf(ready)('read replica on a real hot standby (skipped without scripts/replica.sh)', () => {
  const h = useHarness();
  let cid: number;
  let writer: TestUser;
  let other: TestUser;
  const opened: { app: FastifyInstance; database: Database }[] = [];

  /** An app on the test's database whose commits do not wait for the standby. */
  async function appOnStandby(opts: { maxLagMs: number }) {
    const url = h.database.url as string;
    const replica = new URL(standbyUrl as string);
    replica.pathname = new URL(url).pathname;
    const database = await openPostgres(url, {
      replicaUrl: replica.toString(),
      poolSize: 2,
      settings: { synchronous_commit: 'local' },
      replicaPollMs: 50,
      replicaMaxLagMs: opts.maxLagMs,
    });
    const app = await buildApp({ database, logLevel: 'silent' });
    opened.push({ app, database });
    return {
      app,
      database,
      warn: vi.spyOn(app.log, 'warn'),
      info: vi.spyOn(app.log, 'info'),
      names: async (user: TestUser) => {
        const res = await call(app, user, {
          method: 'GET',
          url: `/read-replica/${cid}/rentloopdb/customers?per_page=100`,
        });
        expect(res.statusCode).toBe(200);
        return (res.json().data as { name: string }[]).map((c) => c.name);
      },
      create: async (user: TestUser, name: string) => {
        const res = await call(app, user, {
          method: 'POST',
          url: `/api/${cid}/rentloopdb/customers`,
          payload: customerBody({ name }),
        });
        expect(res.statusCode).toBe(201);
      },
    };
  }

  beforeAll(async () => {
    const company = await createCompany(h.database);
    cid = company.id;
    writer = await createUser(h, { company, role: 'user' });
    other = await createUser(h, { company, role: 'user' });
  });

  afterAll(async () => {
    // Whatever a failed test left: the standby replaying and running, for the pass's other files.
    try {
      execSync(`${standbyCtl} status`, { stdio: 'ignore' });
    } catch {
      execSync(`${standbyCtl} start`, { stdio: 'ignore' });
    }
    await resumeReplay().catch(() => {});
    for (const o of opened) {
      await o.app.close();
      await o.database.close();
    }
  });

  it('a user who just wrote reads it while the replay is paused; another user reads the standby', async () => {
    const s = await appOnStandby({ maxLagMs: 60_000 });
    await pauseReplay();
    try {
      await s.create(writer, 'Written While Paused');
      expect(await s.names(writer)).toContain('Written While Paused');
      // The other user reads the standby, which has not replayed the write: proof the reads are split.
      expect(await s.names(other)).not.toContain('Written While Paused');
      expect(s.database.reads.state().pendingUsers).toBe(1);
    } finally {
      await resumeReplay();
    }
    await until('the standby shows the write', async () =>
      (await s.names(other)).includes('Written While Paused'),
    );
    // Caught up, the writer reads the standby again: a write of the other user, held back by a new
    // pause, is not in the writer's list (it would be, read from the primary).
    // (The router may still hold a standby position read a few ms before: then this read is the primary's.)
    await until('the writer is known caught up', async () => {
      expect(await s.names(writer)).toContain('Written While Paused');
      return s.database.reads.state().pendingUsers === 0;
    });
    await pauseReplay();
    try {
      await s.create(other, 'Second While Paused');
      expect(await s.names(other)).toContain('Second While Paused');
      expect(await s.names(writer)).not.toContain('Second While Paused');
    } finally {
      await resumeReplay();
    }
    expect(s.warn).not.toHaveBeenCalled();
  });

  it('a standby further behind than the bound gets no reads, with one warning, until it catches up', async () => {
    const s = await appOnStandby({ maxLagMs: 300 });
    await pauseReplay();
    try {
      await s.create(writer, 'Lagged Behind');
      await until('the lag is seen', () => s.database.reads.state().lagging, 5_000);
      // The other user never wrote, yet reads the primary now.
      expect(await s.names(other)).toContain('Lagged Behind');
      expect(await s.names(other)).toContain('Lagged Behind');
      const lagWarnings = s.warn.mock.calls.filter((c) => String(c[1]).includes('read replica lags'));
      expect(lagWarnings).toHaveLength(1);
    } finally {
      await resumeReplay();
    }
    await until('caught up', () => !s.database.reads.state().lagging, 5_000);
    expect(s.info.mock.calls.some((c) => String(c[1]).includes('read replica caught up'))).toBe(true);
  });

  it('a stopped standby: lists answer 200 from the primary with one warning; started, they read it again', async () => {
    const s = await appOnStandby({ maxLagMs: 60_000 });
    // Connections to the standby are open before it stops (the realistic case).
    expect(s.database.reads.state().down).toBe(false);
    await s.names(other);
    execSync(`${standbyCtl} stop -m fast`, { stdio: 'ignore' });
    try {
      await s.create(writer, 'While Standby Down');
      for (let i = 0; i < 3; i++) expect(await s.names(other)).toContain('While Standby Down');
      expect(s.database.reads.state().down).toBe(true);
      const downWarnings = s.warn.mock.calls.filter((c) => String(c[1]).includes('read replica unreachable'));
      expect(downWarnings).toHaveLength(1);
    } finally {
      execSync(`${standbyCtl} start`, { stdio: 'ignore' });
    }
    await until('the standby answers again', () => !s.database.reads.state().down, 15_000);
    expect(s.info.mock.calls.some((c) => String(c[1]).includes('read replica answers again'))).toBe(true);
    await until('the standby caught up', async () => (await s.names(other)).includes('While Standby Down'));
    await pauseReplay();
    try {
      await s.create(writer, 'After Restart');
      expect(await s.names(writer)).toContain('After Restart');
      expect(await s.names(other)).not.toContain('After Restart');
    } finally {
      await resumeReplay();
    }
  });
});
