/**
 * The PGlite thread's proxy (decision 90): what the app relies on of PGlite, across the thread boundary.
 * Opens its own in-memory PGlite in a worker, so it runs the same in the PostgreSQL pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBackgroundWork } from './background-work.ts';
import { isUniqueViolation } from './errors.ts';
import { PgliteWorker } from './pglite-worker.ts';

let client: PgliteWorker;

beforeAll(async () => {
  client = await PgliteWorker.create({});
  await client.exec(`CREATE TABLE t (id int PRIMARY KEY, at timestamptz, d date); CREATE TABLE log (n int)`);
}, 300_000);

afterAll(async () => {
  await client?.close();
});

describe('PGlite on its own thread', () => {
  it('answers in both row modes and applies the caller’s parsers to the types it names', async () => {
    await client.query(`INSERT INTO t VALUES (1, '2026-11-30T10:00:00Z', '2026-11-30')`);
    const objects = await client.query<{ id: number; at: Date }>('SELECT id, at FROM t WHERE id = $1', [1]);
    expect(objects.rows[0]?.id).toBe(1);
    expect(objects.rows[0]?.at).toBeInstanceOf(Date);
    const arrays = await client.query<unknown[]>('SELECT id, at, d FROM t', [], {
      rowMode: 'array',
      parsers: { 1184: (v) => `tz:${v}`, 1082: (v) => v },
    });
    expect(arrays.rows[0]).toEqual([1, 'tz:2026-11-30 10:00:00+00', '2026-11-30']);
  });

  it('commits a transaction, rolls back one that throws, and keeps PostgreSQL’s error code', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (2)');
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const err = await client.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect((err as { constraint?: string }).constraint).toBe('t_pkey');
    const ids = await client.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('runs another caller’s statement only after the open transaction ends', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = client.transaction(async (t) => {
      await t.query('INSERT INTO log VALUES (1)');
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM log').then((r) => {
      order.push('outside read');
      return r.rows[0]?.n;
    });
    await new Promise((r) => setTimeout(r, 200));
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('runs a person’s statement before background transactions asked for earlier (decision 98)', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const person = client.transaction(async (t) => {
      await t.query('SELECT 1');
      await held;
      order.push('open transaction ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const job = (name: string) =>
      asBackgroundWork(() =>
        client.transaction(async (t) => {
          await t.query('INSERT INTO log VALUES (2)');
          order.push(name);
        }),
      );
    const first = job('job 1');
    const second = job('job 2');
    await new Promise((r) => setTimeout(r, 20));
    // Asked for after both jobs' transactions: PGlite alone would run it after them.
    const read = client.query('SELECT 1').then(() => order.push('person reads'));
    await new Promise((r) => setTimeout(r, 30));
    release();
    await Promise.all([person, first, second, read]);
    expect(order).toEqual(['open transaction ends', 'person reads', 'job 1', 'job 2']);
  });

  it('slows background work down under a steady stream of people’s statements, never starves it', async () => {
    let streaming = true;
    const stream = async () => {
      while (streaming) await client.query('SELECT 1');
    };
    const streams = [stream(), stream(), stream()];
    await new Promise((r) => setTimeout(r, 20));
    const answered = await asBackgroundWork(() => client.query<{ n: number }>('SELECT 7 AS n'));
    const stillStreaming = streaming;
    streaming = false;
    await Promise.all(streams);
    expect(answered.rows[0]?.n).toBe(7);
    expect(stillStreaming).toBe(true);
  });

  it('delivers a notification before the committing statement returns', async () => {
    const heard: string[] = [];
    const stop = await client.listen('pgw_test', (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('pgw_test', 'hello')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['hello']);
    await stop();
    await client.query(`SELECT pg_notify('pgw_test', 'unheard')`);
    expect(heard).toEqual(['hello']);
  });

  it('dumps its data directory, and a copy opens from it', async () => {
    const dump = await client.dumpDataDir('none');
    const copy = await PgliteWorker.create({ snapshot: dump });
    try {
      const r = await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
      expect(r.rows[0]?.n).toBe(2);
    } finally {
      await copy.close();
    }
    expect(copy.closed).toBe(true);
    await expect(copy.query('SELECT 1')).rejects.toThrow(/closed/);
  }, 300_000);
});
