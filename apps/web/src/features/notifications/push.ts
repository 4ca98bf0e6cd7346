/**
 * The push channel (spec 01 §2: "New notifications arrive over a push channel that reloads the list"):
 * Server-Sent Events from `GET /api/{company}/rentloopdb/notifications/stream`, read with fetch so the
 * bearer token goes in the Authorization header as on every call (EventSource cannot send headers).
 * Reconnects after a drop or the server's end of the stream (it ends each after 10 minutes), waiting
 * longer after each failure (1 s up to 30 s).
 */
import type { NotificationPush } from '@rentloop/domain/notifications';
import { fetchWithSession } from '../../api/client.ts';

export interface PushHandlers {
  onReady?: () => void;
  onNotification: (event: NotificationPush) => void;
}

/** Splits a text/event-stream into events; returns the rest that is not a whole event yet. */
export function parseEvents(buffer: string, emit: (event: string, data: string) => void): string {
  let rest = buffer.replace(/\r\n/g, '\n');
  let end = rest.indexOf('\n\n');
  while (end >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) emit(event, data.join('\n'));
    end = rest.indexOf('\n\n');
  }
  return rest;
}

async function readOnce(url: string, handlers: PushHandlers, signal: AbortSignal): Promise<boolean> {
  const res = await fetchWithSession(url, { headers: { Accept: 'text/event-stream' }, signal });
  if (!res.ok || !res.body) return false;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), (event, data) => {
      if (event === 'ready') handlers.onReady?.();
      if (event === 'notification') {
        try {
          handlers.onNotification(JSON.parse(data) as NotificationPush);
        } catch {
          // A malformed event is ignored; the next reload of the list has the truth.
        }
      }
    });
  }
}

/** Listens until `signal` aborts. */
export async function listenForPushes(url: string, handlers: PushHandlers, signal: AbortSignal) {
  let wait = 1000;
  while (!signal.aborted) {
    let healthy = false;
    try {
      healthy = await readOnce(url, handlers, signal);
    } catch {
      healthy = false;
    }
    if (signal.aborted) return;
    // A stream that ran and ended (the server's 10 minutes) reconnects at once; a failure waits.
    if (healthy) wait = 1000;
    await new Promise((resolve) => setTimeout(resolve, healthy ? 0 : wait));
    if (!healthy) wait = Math.min(wait * 2, 30_000);
  }
}
