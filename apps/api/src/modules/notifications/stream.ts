/**
 * `GET /api/{company}/rentloopdb/notifications/stream`: Server-Sent Events. The browser opens it with
 * fetch (the bearer token in the Authorization header, like every other call: EventSource cannot send
 * headers, and a token in the URL would land in logs), and reloads its list on each `notification`
 * event. What goes out is only which notification changed, never its text: the list says the rest.
 *
 * - `event: ready` first, once the stream listens: nothing published after it is missed.
 * - a comment every 25 s, so proxies and load balancers keep an idle stream open;
 * - it ends as soon as its session may no longer hear it: a logout, a revoked session, a disabled user
 *   or a lost membership is announced (SessionCache `watch`) and the session checked again
 *   (http/stream-session.ts); the check also runs at every heartbeat (a missed announcement, an
 *   expired access token), so a stream never outlives its session by more than 25 s;
 * - the stream ends after 10 minutes and the browser opens a new one (`retry`);
 * - the listener is removed when the browser goes away or the server closes (`preClose`).
 */
import type { NotificationPush } from '@rentloop/domain/notifications';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NotificationBus } from './bus.ts';

export const HEARTBEAT_MS = 25_000;
export const STREAM_LIFETIME_MS = 10 * 60_000;
const RETRY_MS = 3_000;

const open = new WeakMap<FastifyInstance, Set<() => void>>();

/** Ends every open stream of the app when it closes (else `close()` would wait for them). */
export function endStreamsOnClose(app: FastifyInstance) {
  const streams = new Set<() => void>();
  open.set(app, streams);
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
}

/** The session that opened a stream: whose changes to watch, and how to check it again. */
export interface StreamSession {
  userId: number;
  /** Whether the session may still hear the stream (false ends it). */
  stillValid(): Promise<boolean>;
  /** Subscribes to auth changes (a user id, or null for any); returns the unsubscribe. */
  watch?(watcher: (userId: number | null) => void): () => void;
}

export const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Takes over the reply and streams the pushes that concern `companyId` (its own and the platform's). */
export function streamPushes(
  app: FastifyInstance,
  reply: FastifyReply,
  bus: NotificationBus,
  companyId: number,
  opts: { heartbeatMs?: number; lifetimeMs?: number; session?: StreamSession } = {},
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and other proxies: pass each event on as it comes.
    'x-accel-buffering': 'no',
    'x-request-id': reply.request.id,
  });
  const streams = open.get(app);
  let ended = false;
  const send = (text: string) => {
    if (!ended) res.write(text);
  };
  const unsubscribe = bus.subscribe((event: NotificationPush) => {
    if (event.company_id === null || event.company_id === companyId) send(frame('notification', event));
  });
  const session = opts.session;
  // Checks the session again; ends the stream when it is gone. A failed check (the database away)
  // ends it too: the browser reconnects, and its new request is checked as any other.
  const recheck = () => {
    if (ended || !session) return;
    session.stillValid().then(
      (valid) => {
        if (!valid) end();
      },
      () => end(),
    );
  };
  const unwatch = session?.watch?.((userId) => {
    if (userId === null || userId === session.userId) recheck();
  });
  const heartbeat = setInterval(() => {
    send(': heartbeat\n\n');
    recheck();
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  const lifetime = setTimeout(() => end(), opts.lifetimeMs ?? STREAM_LIFETIME_MS);
  function cleanUp() {
    if (ended) return;
    ended = true;
    unsubscribe();
    unwatch?.();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    streams?.delete(end);
  }
  function end() {
    cleanUp();
    res.end();
  }
  streams?.add(end);
  res.on('close', cleanUp);
  res.on('error', cleanUp);
  send(`retry: ${RETRY_MS}\n${frame('ready', { company_id: companyId })}`);
}
