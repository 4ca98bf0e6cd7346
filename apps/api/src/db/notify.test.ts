/**
 * The auth change listener (db/notify.ts) on PostgreSQL: when it may let the session cache answer.
 * A fake connection drives the failure modes with fake timers (no answer, errors, failed connects);
 * a real one checks that the dedicated connection alone hears a change committed elsewhere.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import type { Database } from './client.ts';
import { AUTH_CHANNEL, type ChangeListener, HEARTBEAT_MS, LEASE_MS, listenAuthChanges } from './notify.ts';

class FakeClient extends EventEmitter {
  queries: string[] = [];
  answers = true;
  ended = false;
  constructor(private readonly mode: 'ok' | 'refuse' | 'hang' = 'ok') {
    super();
  }
  connect() {
    if (this.mode === 'hang') return new Promise<void>(() => {});
    return this.mode === 'refuse' ? Promise.reject(new Error('connection refused')) : Promise.resolve();
  }
  query(text: string) {
    this.queries.push(text);
    if (text === 'SELECT 1' && !this.answers) return new Promise(() => {});
    return Promise.resolve({ rows: [] });
  }
  async end() {
    this.ended = true;
  }
  notify(payload: string) {
    this.emit('notification', { channel: AUTH_CHANNEL, payload });
  }
}

const quiet = { warn: () => {}, info: () => {} };

function fakeDatabase(clients: FakeClient[], failures = 0, failure: 'refuse' | 'hang' = 'refuse'): Database {
  let attempts = 0;
  return {
    notifications: {
      kind: 'postgres',
      newClient: () => {
        const client = new FakeClient(attempts++ < failures ? failure : 'ok');
        clients.push(client);
        return client as unknown as pg.Client;
      },
      onPoolNotification: () => () => {},
    },
  } as unknown as Database;
}

describe('auth change listener (PostgreSQL connection, faked)', () => {
  let listener: ChangeListener | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
    vi.useRealTimers();
  });

  async function start(clients: FakeClient[], failures = 0) {
    const changes: string[] = [];
    const resets = { count: 0 };
    listener = await listenAuthChanges(
      fakeDatabase(clients, failures),
      { onChange: (p) => changes.push(p), onReset: () => resets.count++ },
      quiet,
      () => Date.now(),
    );
    return { changes, resets, listener };
  }

  it('is live once LISTEN is answered, and stays live while heartbeats are answered', async () => {
    const clients: FakeClient[] = [];
    const { changes, resets, listener } = await start(clients);
    expect(clients[0]!.queries[0]).toBe(`LISTEN ${AUTH_CHANNEL}`);
    expect(listener.live()).toBe(true);
    expect(resets.count).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listener.live()).toBe(true);
    expect(clients[0]!.queries.filter((q) => q === 'SELECT 1').length).toBe(10_000 / HEARTBEAT_MS);
    clients[0]!.notify('42');
    expect(changes).toEqual(['42']);
  });

  it('stops being live within 750 ms of its last answered heartbeat when the connection dies silently, then replaces it', async () => {
    const clients: FakeClient[] = [];
    const { resets, listener } = await start(clients);
    await vi.advanceTimersByTimeAsync(1_000); // heartbeats at 250, 500, 750, 1000 answered
    clients[0]!.answers = false;
    await vi.advanceTimersByTimeAsync(LEASE_MS - 1); // the one at 1250 gets no answer
    expect(listener.live()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(listener.live()).toBe(false);
    // Unanswered for 5 s: the connection is given up and a new one listens.
    await vi.advanceTimersByTimeAsync(5_000 + HEARTBEAT_MS + 100);
    expect(clients[0]!.ended).toBe(true);
    expect(clients).toHaveLength(2);
    expect(listener.live()).toBe(true);
    expect(resets.count).toBe(3); // started, lost, back
  });

  it('is not live from the moment its connection reports an error; reconnects with backoff; ignores the old connection', async () => {
    const clients: FakeClient[] = [];
    const { changes, resets, listener } = await start(clients);
    clients[0]!.emit('error', new Error('terminating connection due to administrator command'));
    expect(listener.live()).toBe(false);
    expect(resets.count).toBe(2);
    await vi.advanceTimersByTimeAsync(99);
    expect(clients).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(clients).toHaveLength(2);
    expect(listener.live()).toBe(true);
    expect(resets.count).toBe(3);
    clients[0]!.notify('1');
    clients[1]!.notify('2');
    expect(changes).toEqual(['2']);
  });

  it('keeps retrying a refused connection, backing off from 100 ms to 5 s, and is not live meanwhile', async () => {
    const clients: FakeClient[] = [];
    const { listener } = await start(clients, 8);
    expect(listener.live()).toBe(false);
    // Waits of 100, 200, 400, 800, 1,600, 3,200, then 5,000 ms: attempts at 0, 100, 300, 700, 1,500,
    // 3,100, 6,300, 11,300 (all refused) and 16,300, which succeeds.
    await vi.advanceTimersByTimeAsync(11_300);
    expect(clients).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(clients).toHaveLength(8);
    expect(listener.live()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(clients).toHaveLength(9);
    expect(listener.live()).toBe(true);
  });

  it('gives up a connection attempt that never answers after 5 s, and tries again', async () => {
    const clients: FakeClient[] = [];
    // The server does not start waiting on it: the first attempt counts as done once given up.
    const pending = listenAuthChanges(
      fakeDatabase(clients, 1, 'hang'),
      { onChange: () => {}, onReset: () => {} },
      quiet,
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(clients).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    listener = await pending;
    expect(clients[0]!.ended).toBe(true);
    expect(listener.live()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    expect(listener.live()).toBe(true);
  });

  it('is not live once closed', async () => {
    const clients: FakeClient[] = [];
    const { listener: l } = await start(clients);
    await l.close();
    listener = undefined;
    expect(l.live()).toBe(false);
    expect(clients[0]!.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clients).toHaveLength(1);
  });
});

describe('auth change listener (real PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'hears, on its dedicated connection alone, a change committed by another connection (needs PostgreSQL: LISTEN on a server)',
    async () => {
      const t = await createTestDatabase();
      const changes: string[] = [];
      // The pool's own connections are left out: only the dedicated one can hear it.
      const source = t.database.notifications;
      if (source.kind !== 'postgres') throw new Error('PostgreSQL expected');
      const database: Database = {
        ...t.database,
        notifications: { ...source, onPoolNotification: () => () => {} },
      };
      const listener = await listenAuthChanges(
        database,
        { onChange: (p) => changes.push(p), onReset: () => {} },
        quiet,
      );
      try {
        expect(listener.live()).toBe(true);
        await t.database.primary.execute(sql`select pg_notify(${AUTH_CHANNEL}, '77')`);
        const start = Date.now();
        while (!changes.includes('77') && Date.now() - start < 1_000)
          await new Promise((r) => setTimeout(r, 5));
        expect(changes).toContain('77');
        // Its heartbeat keeps it live.
        await new Promise((r) => setTimeout(r, LEASE_MS + HEARTBEAT_MS));
        expect(listener.live()).toBe(true);
      } finally {
        await listener.close();
        await t.drop();
      }
    },
  );
});
