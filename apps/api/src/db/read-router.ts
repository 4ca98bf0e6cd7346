/**
 * Which connection a `/read-replica` list read goes to, when READ_REPLICA_URL names a streaming standby
 * (docs/scaling.md §3, docs/decisions.md 85).
 *
 * Read-your-writes: after a request of a user that writes, the primary's WAL position
 * (`pg_current_wal_lsn()`, taken after the commit, so at or past it) is remembered for that user. That
 * user's list reads go to the primary until the standby has replayed that far
 * (`pg_last_wal_replay_lsn()`); everyone else keeps reading the standby. The primary, not a wait: it has
 * the write already, and a wait would add the replication delay to the very screen the user is looking at.
 * The standby's position is polled (every `pollMs`) and, for a user with a write not yet seen there,
 * asked again at most every `REFRESH_MS`, so a read costs no extra round trip in the common case.
 *
 * Degrading: a standby that does not answer (the poll fails, or a list query on it fails for want of the
 * server), or one further behind the primary than `maxLagMs`, gets no reads at all: every list reads the
 * primary, with one warning in the log when that starts and one line when the standby is back. A user
 * never sees an error for it (http/transactions.ts reruns a read that met a vanished standby).
 *
 * The remembered positions are this process's: with several API instances, a user's next read must reach
 * the instance that took the write (sticky sessions at the load balancer), or may read an older state
 * for the replication delay (milliseconds; `maxLagMs` at worst).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { connectionFailure } from './connection-errors.ts';

export interface ReadLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ReadRouter {
  /** The connection for a list read of this user (null: no user, the replica when it is fit). */
  readDb(userId: number | null | undefined): Promise<Db>;
  /** After a request of this user that wrote: where the primary's WAL is now. */
  noteWrite(userId: number | null | undefined): Promise<void>;
  /** A list query on the standby failed: true when for want of the server (then read the primary). */
  replicaFailed(err: unknown): boolean;
  /** The app's logger instead of process warnings. */
  setLog(log: ReadLog): void;
  /** For tests and health: where the router stands. */
  state(): { down: boolean; lagging: boolean; lagMs: number; pendingUsers: number };
  close(): void;
}

/** With no standby: every read on the one connection, nothing to remember. */
export function directReads(db: Db): ReadRouter {
  return {
    readDb: async () => db,
    noteWrite: async () => {},
    replicaFailed: () => false,
    setLog() {},
    state: () => ({ down: false, lagging: false, lagMs: 0, pendingUsers: 0 }),
    close() {},
  };
}

/** A user's own write the standby has not shown yet: its WAL position, or (unknown) its time. */
interface Pending {
  lsn: bigint | null;
  at: number;
}

/** The standby's position asked again, for a user waiting on it, at most this often. */
const REFRESH_MS = 20;

/** '16/B374D848' -> a number that orders as the WAL does. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const m = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text);
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

async function lsnOf(db: Db, fn: 'pg_current_wal_lsn' | 'pg_last_wal_replay_lsn'): Promise<bigint | null> {
  const r = (await db.execute(sql.raw(`select ${fn}()::text as lsn`))) as unknown as {
    rows: { lsn: string | null }[];
  };
  return parseLsn(r.rows[0]?.lsn);
}

export function replicaReads(
  primary: Db,
  replica: Db,
  opts: { maxLagMs: number; pollMs: number },
): ReadRouter {
  let log: ReadLog = {
    warn: (obj, msg) => process.emitWarning(`${msg} ${JSON.stringify(obj)}`, 'ReadReplicaWarning'),
    info: () => {},
  };
  const pending = new Map<number, Pending>();
  /** The standby's replay position; null before the first answer, or when it is not a standby. */
  let replay: bigint | null = null;
  let replayAt = 0;
  let isStandby = true;
  let down = false;
  let lagging = false;
  /** The primary's positions, sampled each poll, that the standby had not replayed yet. */
  let ahead: { at: number; lsn: bigint }[] = [];
  let refreshing: Promise<void> | null = null;

  function setDown(err: unknown) {
    if (down) return;
    down = true;
    log.warn(
      { reason: connectionFailure(err) ?? String(err) },
      'read replica unreachable: lists read from the primary until it answers again',
    );
  }

  async function readReplay(): Promise<void> {
    try {
      replay = await lsnOf(replica, 'pg_last_wal_replay_lsn');
      isStandby = replay !== null;
      replayAt = Date.now();
      if (down) {
        down = false;
        log.info({}, 'read replica answers again: lists read from it');
      }
    } catch (err) {
      setDown(err);
    }
  }

  function refresh(): Promise<void> {
    refreshing ??= readReplay().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function caughtUp(p: Pending): boolean {
    if (p.lsn !== null && isStandby) return replay !== null && replay >= p.lsn;
    // No position to compare (the primary did not say, or the replica is not a WAL standby): the primary
    // for as long as the standby may be behind.
    return Date.now() - p.at > opts.maxLagMs;
  }

  async function poll(): Promise<void> {
    const now = Date.now();
    const head = await lsnOf(primary, 'pg_current_wal_lsn').catch(() => null);
    await refresh();
    if (down || !isStandby) {
      ahead = [];
    } else {
      if (head !== null && (ahead.length === 0 || head > (ahead.at(-1) as { lsn: bigint }).lsn))
        ahead.push({ at: now, lsn: head });
      ahead = ahead.filter((s) => replay === null || s.lsn > replay);
      // A standby stuck for days: the oldest sample (the lag) is kept, the ones after it thinned.
      if (ahead.length > 1_000) ahead.splice(1, 1);
    }
    const lagMs = ahead.length > 0 ? now - (ahead[0]?.at ?? now) : 0;
    if (!lagging && lagMs > opts.maxLagMs) {
      lagging = true;
      log.warn({ lagMs, maxLagMs: opts.maxLagMs }, 'read replica lags: lists read from the primary');
    } else if (lagging && lagMs <= opts.maxLagMs) {
      lagging = false;
      log.info({ lagMs }, 'read replica caught up: lists read from it');
    }
    for (const [user, p] of pending) if (caughtUp(p)) pending.delete(user);
  }

  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    poll().finally(() => {
      polling = false;
    });
  }, opts.pollMs);
  timer.unref();
  void refresh();

  return {
    async readDb(userId) {
      if (down || lagging) return primary;
      const p = userId == null ? undefined : pending.get(userId);
      if (!p) return replica;
      if (!caughtUp(p) && Date.now() - replayAt >= REFRESH_MS) await refresh();
      if (down) return primary;
      if (!caughtUp(p)) return primary;
      pending.delete(userId as number);
      return replica;
    },
    async noteWrite(userId) {
      if (userId == null) return;
      const at = Date.now();
      const lsn = await lsnOf(primary, 'pg_current_wal_lsn').catch(() => null);
      pending.set(userId, { lsn, at });
    },
    replicaFailed(err) {
      if (connectionFailure(err) === null) return false;
      setDown(err);
      return true;
    },
    setLog(next) {
      log = next;
    },
    state: () => ({
      down,
      lagging,
      lagMs: ahead.length > 0 ? Date.now() - (ahead[0]?.at ?? Date.now()) : 0,
      pendingUsers: pending.size,
    }),
    close() {
      clearInterval(timer);
    },
  };
}
