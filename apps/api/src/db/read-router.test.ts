/**
 * The router's WAL positions compare as the WAL orders them (the high word first, hex of any length),
 * and without a standby every read and write stays on the one connection with nothing remembered.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { directReads, parseLsn } from './read-router.ts';

describe('parseLsn', () => {
  it('orders positions by the high word first, then the low one', () => {
    expect(parseLsn('0/3430FF8')).toBe(0x3430ff8n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect((parseLsn('1/0') as bigint) > (parseLsn('0/FFFFFFFF') as bigint)).toBe(true);
    expect((parseLsn('A/10') as bigint) > (parseLsn('9/FFFFFFFF') as bigint)).toBe(true);
  });

  it('gives null for what is not a position (no standby: pg_last_wal_replay_lsn() is NULL)', () => {
    expect(parseLsn(null)).toBeNull();
    expect(parseLsn('')).toBeNull();
    expect(parseLsn('12345')).toBeNull();
  });
});

describe('directReads (no READ_REPLICA_URL)', () => {
  it('reads the one connection for every user, before and after a write', async () => {
    const db = {} as Db;
    const reads = directReads(db);
    await reads.noteWrite(7);
    expect(await reads.readDb(7)).toBe(db);
    expect(await reads.readDb(null)).toBe(db);
    expect(reads.replicaFailed(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(reads.state()).toEqual({ down: false, lagging: false, lagMs: 0, pendingUsers: 0 });
  });
});
