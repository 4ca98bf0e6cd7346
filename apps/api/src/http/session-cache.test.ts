/** The session cache on its own: generations, lifetimes, the size bound, liveness (http/session-cache.ts). */
import { describe, expect, it } from 'vitest';
import type { UserActor } from '../context.ts';
import { SessionCache } from './session-cache.ts';

const actor = (userId: number, companyId: number | null = null): UserActor => ({
  kind: 'user',
  userId,
  sessionId: userId * 10,
  globalRole: null,
  companyId,
  companyRole: companyId === null ? null : 'user',
  emailVerified: true,
});

function clocked(opts: { maxEntries?: number; ttlMs?: number } = {}) {
  let now = 1_000;
  let live = true;
  const cache = new SessionCache({ ...opts, now: () => now, live: () => live });
  return {
    cache,
    advance: (ms: number) => {
      now += ms;
    },
    setLive: (v: boolean) => {
      live = v;
    },
  };
}

describe('session cache', () => {
  it('answers a kept session with a copy, under the token hash and the company of the URL', () => {
    const { cache } = clocked();
    expect(cache.set(SessionCache.key('h1', 7), actor(1, 7), 60_000, cache.ticket())).toBe(true);
    const got = cache.get(SessionCache.key('h1', 7));
    expect(got).toEqual(actor(1, 7));
    got!.companyRole = 'owner';
    expect(cache.get(SessionCache.key('h1', 7))?.companyRole).toBe('user');
    expect(cache.get(SessionCache.key('h1', null))).toBeUndefined();
    expect(cache.get(SessionCache.key('h1', 8))).toBeUndefined();
    expect(cache.stats).toMatchObject({ hits: 2, misses: 2 });
  });

  it('refuses an answer looked up before a revocation was heard (the generation moved)', () => {
    const { cache } = clocked();
    // A lookup starts, the session is revoked and the notification arrives, then the query answers
    // (it read the row before the revocation committed).
    const ticket = cache.ticket();
    cache.onChange('1');
    expect(cache.set('h1', actor(1), 60_000, ticket)).toBe(false);
    expect(cache.get('h1')).toBeUndefined();
    // The same for '*' and for a reset of the listener.
    const t2 = cache.ticket();
    cache.onChange('*');
    expect(cache.set('h1', actor(1), 60_000, t2)).toBe(false);
    const t3 = cache.ticket();
    cache.clear();
    expect(cache.set('h1', actor(1), 60_000, t3)).toBe(false);
    // The generation is global: a change to another user also refuses it (at worst, one more query).
    const t4 = cache.ticket();
    cache.onChange('2');
    expect(cache.set('h1', actor(1), 60_000, t4)).toBe(false);
    // A lookup that starts after the notification is kept.
    expect(cache.set('h1', actor(1), 60_000, cache.ticket())).toBe(true);
    expect(cache.get('h1')?.userId).toBe(1);
  });

  it("drops only the named user's entries, every company of every token", () => {
    const { cache } = clocked();
    const t = cache.ticket();
    cache.set('a', actor(1), 60_000, t);
    cache.set('a/5', actor(1, 5), 60_000, t);
    cache.set('b', actor(1), 60_000, t);
    cache.set('c', actor(2), 60_000, t);
    cache.onChange('1');
    expect([cache.get('a'), cache.get('a/5'), cache.get('b')]).toEqual([undefined, undefined, undefined]);
    expect(cache.get('c')?.userId).toBe(2);
    expect(cache.size).toBe(1);
    // Anything that is not a user id drops everything.
    cache.onChange('not-an-id');
    expect(cache.size).toBe(0);
  });

  it('keeps an entry at most the TTL, and never past the access token expiry', () => {
    const { cache, advance } = clocked({ ttlMs: 30_000 });
    const t = cache.ticket();
    cache.set('long', actor(1), 86_400_000, t);
    cache.set('short', actor(2), 5_000, t);
    advance(4_999);
    expect(cache.get('short')).toBeDefined();
    advance(1);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    advance(30_000 - 5_000 - 1);
    expect(cache.get('long')).toBeDefined();
    advance(1);
    expect(cache.get('long')).toBeUndefined();
    expect(cache.size).toBe(0);
    // Already expired (or the database answered a non-number): not kept.
    expect(cache.set('gone', actor(3), 0, cache.ticket())).toBe(false);
    expect(cache.set('nan', actor(3), Number.NaN, cache.ticket())).toBe(false);
  });

  it('holds at most maxEntries, evicting the least recently used', () => {
    const { cache } = clocked({ maxEntries: 3 });
    const t = cache.ticket();
    for (const [key, user] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(key, actor(user), 60_000, t);
    expect(cache.get('a')).toBeDefined(); // a is now the most recent: b goes first
    cache.set('d', actor(4), 60_000, t);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k)?.userId)).toEqual([1, 3, 4]);
    // Replacing a key does not grow it; the user index follows evictions.
    cache.set('d', actor(4), 60_000, t);
    expect(cache.size).toBe(3);
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, actor(100 + i), 60_000, t);
    expect(cache.size).toBe(3);
    cache.onChange('1099');
    expect(cache.size).toBe(2);
  });

  it('neither answers nor keeps anything while the listener is not live', () => {
    const { cache, setLive } = clocked();
    cache.set('a', actor(1), 60_000, cache.ticket());
    setLive(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', actor(2), 60_000, cache.ticket())).toBe(false);
    setLive(true);
    // Live again without a reset (a late heartbeat answer): everything committed before it was heard.
    expect(cache.get('a')?.userId).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });
});
