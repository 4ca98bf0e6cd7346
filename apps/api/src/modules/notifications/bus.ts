/**
 * The push channel of notifications (docs/architecture.md, "Notifications and push"). A change is
 * published after its transaction commits; every open stream (routes.ts, `.../notifications/stream`)
 * of the company it concerns hears it and tells its browser to reload the list.
 *
 * - `inProcessBus()`: an EventEmitter. Enough for one API process (the embedded database's only mode,
 *   and `npm start`, which runs the jobs in the same process).
 * - `redisBus(url)`: Redis pub/sub on one channel, for several API instances (and `npm run worker`)
 *   on one PostgreSQL: a publish from any process reaches the streams of all. The publishing
 *   instance hears its own message back through its subscription, so it does not emit it locally too.
 *
 * Delivery is at most once: a browser that was not connected when a notification was published loads
 * it with its next list (the stream only says "reload"; the list is the truth).
 */
import { EventEmitter } from 'node:events';
import { type NotificationPush, notificationPushSchema } from '@rentloop/domain/notifications';
import { Redis } from 'ioredis';

export type PushListener = (event: NotificationPush) => void;

export interface NotificationBus {
  readonly kind: 'in-process' | 'redis';
  publish(event: NotificationPush): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: PushListener): () => void;
  /** How many listeners this process has (open streams): for tests and clean-up checks. */
  listeners(): number;
  close(): Promise<void>;
}

const EVENT = 'notification';
export const REDIS_CHANNEL = 'rentloop:notifications';

function localFanOut() {
  const emitter = new EventEmitter();
  // One listener per open browser tab: no limit to warn about.
  emitter.setMaxListeners(0);
  return {
    emit: (event: NotificationPush) => emitter.emit(EVENT, event),
    subscribe: (listener: PushListener) => {
      emitter.on(EVENT, listener);
      return () => {
        emitter.off(EVENT, listener);
      };
    },
    listeners: () => emitter.listenerCount(EVENT),
  };
}

export function inProcessBus(): NotificationBus {
  const local = localFanOut();
  return {
    kind: 'in-process',
    publish: async (event) => {
      local.emit(event);
    },
    subscribe: local.subscribe,
    listeners: local.listeners,
    close: async () => {},
  };
}

export interface Logger {
  error(obj: object, msg?: string): void;
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis connection can do
 * nothing else). Resolves once subscribed, so nothing published after it starts is missed.
 */
export async function redisBus(url: string, log?: Logger, channel = REDIS_CHANNEL): Promise<NotificationBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const local = localFanOut();
  for (const client of [publisher, subscriber])
    client.on('error', (err) => log?.error({ err }, 'notification bus: redis error'));
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let parsed: ReturnType<typeof notificationPushSchema.safeParse>;
    try {
      parsed = notificationPushSchema.safeParse(JSON.parse(raw));
    } catch {
      return;
    }
    if (parsed.success) local.emit(parsed.data);
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    throw err;
  }
  return {
    kind: 'redis',
    publish: async (event) => {
      await publisher.publish(channel, JSON.stringify(event));
    },
    subscribe: local.subscribe,
    listeners: local.listeners,
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/** REDIS_URL set: Redis pub/sub (several instances); else in process. */
export const openNotificationBus = (redisUrl: string | undefined, log?: Logger) =>
  redisUrl ? redisBus(redisUrl, log) : Promise.resolve(inProcessBus());

/**
 * Publishes without failing the caller: the change is committed, and a push that does not go out only
 * means the browsers see it on their next reload of the list.
 */
export function publishQuietly(
  bus: NotificationBus | null | undefined,
  event: NotificationPush,
  log?: Logger,
) {
  if (!bus) return;
  bus.publish(event).catch((err) => log?.error({ err, event }, 'notification push failed'));
}
