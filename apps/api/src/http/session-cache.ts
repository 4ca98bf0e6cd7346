/**
 * The resolved actor of a token, kept in memory by each instance so that a signed-in request does not
 * pay the `resolve_actor` round trip (http/access.ts). Exact: every change that can alter the answer
 * (logout, refresh rotation, family revocation, password change, a user disabled, a role or membership
 * changed, a company deleted) is announced by a trigger (migration 0020) and heard by every instance
 * (db/notify.ts), which drops that user's entries. docs/decisions.md, decision 2 and its amendment.
 *
 * Rules, each tested in session-cache.test.ts:
 *
 * - It answers only while the listener is live (`live()`): before it listens, while its connection is
 *   down, and from 750 ms after its last answered heartbeat, every request runs the query.
 * - A lookup takes a `ticket()` before its query; `set` refuses the entry when anything was dropped
 *   since (the generation moved), so a lookup that read the session before its revocation cannot put
 *   it back after the notification.
 * - An entry lives at most `ttlMs` (30 s) and never past the token's expiry, counted from the
 *   remaining lifetime the database reported (no clock skew between server and database).
 * - At most `maxEntries` (10,000), least recently used out first.
 *
 * Only answers the query found a session for are kept; keys are the token's SHA-256 hash (never the
 * token) and the company of the URL. Entries are copied out, so a request cannot change another's.
 */
import { performance } from 'node:perf_hooks';
import type { UserActor } from '../context.ts';
import type { Database } from '../db/client.ts';
import { AUTH_CHANNEL, listenAuthChanges } from '../db/notify.ts';

export interface SessionCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
  /** Whether every change committed until now is known to be heard (the listener's `live()`). */
  live?: () => boolean;
}

interface Entry {
  actor: UserActor;
  expiresAt: number;
}

export class SessionCache {
  readonly maxEntries: number;
  readonly ttlMs: number;
  readonly stats = { hits: 0, misses: 0, drops: 0 };
  #now: () => number;
  #live: () => boolean;
  /** Insertion order is recency: `get` moves an entry to the end, eviction takes the first. */
  #entries = new Map<string, Entry>();
  #byUser = new Map<number, Set<string>>();
  #generation = 0;
  /** Told of every auth change heard: a user id, or null for "anyone" (a reset, a company deleted). */
  #watchers = new Set<(userId: number | null) => void>();

  constructor(opts: SessionCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.#now = opts.now ?? (() => performance.now());
    this.#live = opts.live ?? (() => true);
  }

  /** Replaces the liveness check (the listener starts after the cache exists). */
  setLive(live: () => boolean): void {
    this.#live = live;
  }

  static key(tokenHash: string, companyId: number | null): string {
    return companyId === null ? tokenHash : `${tokenHash}/${companyId}`;
  }

  /** Whether the cache answers now (the listener is live). */
  get live(): boolean {
    return this.#live();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Taken before the lookup's query; handed back to `set`. */
  ticket(): number {
    return this.#generation;
  }

  get(key: string): UserActor | undefined {
    if (!this.#live()) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    if (this.#now() >= entry.expiresAt) {
      this.#delete(key, entry);
      this.stats.misses++;
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.stats.hits++;
    return { ...entry.actor };
  }

  /**
   * Keeps `actor` for at most `validForMs` (the token's remaining lifetime when the query read it),
   * unless something was dropped since `ticket` was taken or the listener is not live. Returns whether
   * it was kept.
   */
  set(key: string, actor: UserActor, validForMs: number, ticket: number): boolean {
    if (ticket !== this.#generation || !this.#live() || !(validForMs > 0)) return false;
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    this.#entries.set(key, {
      actor: { ...actor },
      expiresAt: this.#now() + Math.min(this.ttlMs, validForMs),
    });
    let keys = this.#byUser.get(actor.userId);
    if (!keys) {
      keys = new Set();
      this.#byUser.set(actor.userId, keys);
    }
    keys.add(key);
    while (this.#entries.size > this.maxEntries) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#delete(oldestKey, oldest);
    }
    return true;
  }

  /** A notification's payload: a user id drops that user's entries; anything else drops all. */
  onChange(payload: string): void {
    const userId = /^\d{1,16}$/.test(payload) ? Number(payload) : null;
    if (userId !== null) this.dropUser(userId);
    else this.clear();
    this.#tell(userId);
  }

  /** The listener reconnected: changes may have been missed, so everything is dropped and re-checked. */
  reset(): void {
    this.clear();
    this.#tell(null);
  }

  /**
   * Calls `watcher` with each auth change heard (a user id, or null for any user): what outlives one
   * request (a notification stream) checks its session again. Returns the unsubscribe.
   */
  watch(watcher: (userId: number | null) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  #tell(userId: number | null): void {
    for (const watcher of [...this.#watchers]) watcher(userId);
  }

  dropUser(userId: number): void {
    this.#generation++;
    const keys = this.#byUser.get(userId);
    if (!keys) return;
    this.#byUser.delete(userId);
    for (const key of keys) this.#entries.delete(key);
    this.stats.drops += keys.size;
  }

  clear(): void {
    this.#generation++;
    this.stats.drops += this.#entries.size;
    this.#entries.clear();
    this.#byUser.clear();
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    const keys = this.#byUser.get(entry.actor.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.#byUser.delete(entry.actor.userId);
  }
}

/**
 * A cache fed by the database's auth changes (db/notify.ts); `close` stops listening. `also` hears every
 * change of the other channels (the settings cache's, app.ts) on the same listener, and `cache: false`
 * (SESSION_CACHE=off) keeps the listener for them alone.
 */
export async function startSessionCache(
  database: Database,
  log: Parameters<typeof listenAuthChanges>[2],
  opts: Omit<SessionCacheOptions, 'live'> & { cache?: boolean } = {},
  also?: OtherChanges,
): Promise<{ cache: SessionCache | null; close(): Promise<void> }> {
  // Not live until the listener says so: nothing is served before it listens.
  const cache = opts.cache === false ? null : new SessionCache({ ...opts, live: () => false });
  const listener = await listenAuthChanges(
    database,
    {
      onChange: (payload, channel) => {
        if (channel === AUTH_CHANNEL) cache?.onChange(payload);
        else also?.onChange(payload, channel);
      },
      onReset: () => {
        cache?.reset();
        also?.onReset();
      },
    },
    log,
  );
  cache?.setLive(() => listener.live());
  also?.setLive(() => listener.live());
  return { cache, close: () => listener.close() };
}

/** What else follows the listener: its changes on channels other than the auth one, and its liveness. */
export interface OtherChanges {
  onChange(payload: string, channel: string): void;
  onReset(): void;
  setLive(live: () => boolean): void;
}
