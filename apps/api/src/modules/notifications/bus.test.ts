/**
 * The push channel between processes: two Redis buses (two API instances, or an instance and a
 * worker) on one Redis; a publish on one reaches the listeners of both, exactly once each. Runs
 * against the Redis at REDIS_TEST_URL (below) and says so in its name when there is none. The in-process path end to end (a real server's stream) is in notifications.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { NotificationPush } from '@rentloop/domain/notifications';
import { describe, expect, it } from 'vitest';
import { inProcessBus, type NotificationBus, redisBus } from './bus.ts';

/**
 * The Redis to run against: REDIS_TEST_URL, which `npm test` (scripts/test-all.mjs) sets to
 * redis://127.0.0.1:6379 when a Redis answers there (CI has one). Set, the test runs and fails when that
 * Redis does not answer, so CI can never skip it silently; unset (no Redis here), it is skipped and says why.
 */
const REDIS_URL = process.env.REDIS_TEST_URL || undefined;

/** Resolves with the first `count` events a bus's listener hears. */
function hear(bus: NotificationBus, count: number) {
  const heard: NotificationPush[] = [];
  return new Promise<NotificationPush[]>((resolve) => {
    const stop = bus.subscribe((event) => {
      heard.push(event);
      if (heard.length === count) {
        stop();
        resolve(heard);
      }
    });
  });
}

describe('the in-process bus', () => {
  it('hands a publish to every listener and forgets one that unsubscribed', async () => {
    const bus = inProcessBus();
    const first = hear(bus, 1);
    const stop = bus.subscribe(() => {});
    expect(bus.listeners()).toBe(2);
    stop();
    await bus.publish({ kind: 'created', id: 1, company_id: null });
    expect(await first).toEqual([{ kind: 'created', id: 1, company_id: null }]);
    expect(bus.listeners()).toBe(0);
  });
});

describe.skipIf(!REDIS_URL)(
  `across instances through Redis pub/sub${REDIS_URL ? '' : ' (skipped: REDIS_TEST_URL unset, no Redis found)'}`,
  () => {
    it('delivers a publish of one instance to the listeners of both, once each, in order', async () => {
      // A channel of this test's own, so parallel runs do not hear each other.
      const channel = `rentloop:test:${randomBytes(6).toString('hex')}`;
      const one = await redisBus(REDIS_URL!, undefined, channel);
      const two = await redisBus(REDIS_URL!, undefined, channel);
      try {
        expect(one.kind).toBe('redis');
        const onOne = hear(one, 2);
        const onTwo = hear(two, 2);
        await one.publish({ kind: 'created', id: 7, company_id: 3 });
        await two.publish({ kind: 'deleted', id: 8, company_id: null });
        const expected = [
          { kind: 'created', id: 7, company_id: 3 },
          { kind: 'deleted', id: 8, company_id: null },
        ];
        expect(await onOne).toEqual(expected);
        expect(await onTwo).toEqual(expected);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    it('ignores a message on its channel that is not a notification push', async () => {
      const channel = `rentloop:test:${randomBytes(6).toString('hex')}`;
      const bus = await redisBus(REDIS_URL!, undefined, channel);
      const other = await redisBus(REDIS_URL!, undefined, `${channel}:other`);
      try {
        const heard = hear(bus, 1);
        const { Redis } = await import('ioredis');
        const raw = new Redis(REDIS_URL!);
        await raw.publish(channel, 'not json');
        await raw.publish(channel, JSON.stringify({ kind: 'exploded' }));
        await other.publish({ kind: 'created', id: 99, company_id: null });
        await bus.publish({ kind: 'updated', id: 5, company_id: 1 });
        expect(await heard).toEqual([{ kind: 'updated', id: 5, company_id: 1 }]);
        raw.disconnect();
      } finally {
        await Promise.all([bus.close(), other.close()]);
      }
    });
  },
);
