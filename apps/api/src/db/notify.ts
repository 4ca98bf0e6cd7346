/**
 * Hears the auth changes that the triggers of migration 0020 announce (NOTIFY rentloop_auth, payload a
 * user id or '*'), for the session cache (http/session-cache.ts), and the company settings changes of
 * migration 0073 (NOTIFY rentloop_settings, payload a company id), for the settings cache
 * (modules/settings/cache.ts). `onChange` gets the payload and its channel.
 *
 * The cache may only answer while nothing can have been missed, so the listener says whether it is
 * `live()`:
 *
 * - PGlite: `client.listen` in the same process; live once LISTEN ran, until closed.
 * - PostgreSQL: a dedicated connection (not from the pool) that LISTENs. It is live only while a
 *   heartbeat (`SELECT 1` on that connection every 250 ms) sent within the last 750 ms has been answered:
 *   PostgreSQL sends a listener every notification committed before it answers the listener's next
 *   query, on the same connection, so an answered heartbeat proves every change committed before it was
 *   sent has been heard. A connection that breaks, or dies silently (no answer), stops being live
 *   within 750 ms; it is then replaced (backoff 100 ms to 5 s) and, once listening again, `onReset`
 *   runs, since what was sent meanwhile is lost.
 *   The pool's own connections LISTEN too (db/client.ts), so the changes this process commits are
 *   heard before its COMMIT returns: a logout is exact on its own instance, not within milliseconds.
 *
 * `onReset` runs whenever the listener starts or stops being able to hear (start, connection lost,
 * reconnected): the cache then drops everything and refuses entries looked up before.
 */
import type pg from 'pg';
import { AUTH_CHANNEL, CHANGE_CHANNELS, type Database, SETTINGS_CHANNEL } from './client.ts';

export { AUTH_CHANNEL, SETTINGS_CHANNEL };

const heard = (channel: string) => (CHANGE_CHANNELS as readonly string[]).includes(channel);

export interface ChangeListener {
  /** True while every change committed up to a few hundred milliseconds ago is known to be heard. */
  live(): boolean;
  close(): Promise<void>;
}

export interface ChangeHandlers {
  onChange(payload: string, channel: string): void;
  onReset(): void;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export const HEARTBEAT_MS = 250;
export const LEASE_MS = 750;
/** A heartbeat unanswered this long: the connection is presumed dead and replaced. */
const DEAD_AFTER_MS = 5_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/** Starts listening; resolves once the first attempt has succeeded or failed (it then retries). */
export async function listenAuthChanges(
  database: Database,
  handlers: ChangeHandlers,
  log: Log,
  /** Monotonic milliseconds (tests move it). */
  now: () => number = () => performance.now(),
): Promise<ChangeListener> {
  const source = database.notifications;
  if (source.kind === 'pglite') return listenPglite(source.client, handlers);
  const listener = new PgListener(source.newClient, handlers, log, now);
  const stopPool = source.onPoolNotification((channel, payload) => {
    if (heard(channel)) handlers.onChange(payload, channel);
  });
  await listener.start();
  return {
    live: () => listener.live(),
    async close() {
      stopPool();
      await listener.close();
    },
  };
}

async function listenPglite(
  client: Extract<Database['notifications'], { kind: 'pglite' }>['client'],
  handlers: ChangeHandlers,
): Promise<ChangeListener> {
  let listening = false;
  // PGlite calls back in a microtask queued while it reads the committing statement's answer: before
  // the statement's caller resumes. One connection, in this process: nothing can be missed.
  const stops = await Promise.all(
    CHANGE_CHANNELS.map((channel) =>
      client.listen(channel, (payload) => handlers.onChange(payload, channel)),
    ),
  );
  const unlisten = () => Promise.all(stops.map((stop) => stop())).then(() => {});
  handlers.onReset();
  listening = true;
  return {
    live: () => listening && !client.closed,
    async close() {
      listening = false;
      handlers.onReset();
      if (!client.closed) await unlisten().catch(() => {});
    },
  };
}

class PgListener {
  #client: pg.Client | null = null;
  #listening = false;
  /** When (`now()`) the newest answered heartbeat (or the LISTEN) was sent. */
  #confirmedAt = Number.NEGATIVE_INFINITY;
  #pendingSince: number | null = null;
  /** When the connection attempt under way began (null: none). */
  #connectingSince: number | null = null;
  #retryMs = RETRY_MIN_MS;
  #heartbeat: NodeJS.Timeout | undefined;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;
  #firstAttempt: (() => void) | undefined;

  constructor(
    private readonly newClient: () => pg.Client,
    private readonly handlers: ChangeHandlers,
    private readonly log: Log,
    private readonly now: () => number,
  ) {}

  live(): boolean {
    return this.#listening && this.now() - this.#confirmedAt < LEASE_MS;
  }

  /** Resolves once the first attempt listens or is given up (a hanging connect must not hold the start). */
  async start(): Promise<void> {
    this.#heartbeat = setInterval(() => this.#beat(), HEARTBEAT_MS);
    this.#heartbeat.unref();
    await new Promise<void>((resolve) => {
      this.#firstAttempt = resolve;
      void this.#connect();
    });
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = this.newClient();
    this.#client = client;
    this.#connectingSince = this.now();
    client.on('notification', (m) => {
      if (client === this.#client && heard(m.channel)) this.handlers.onChange(m.payload ?? '', m.channel);
    });
    client.on('error', (err) => this.#fail(client, err));
    client.on('end', () => this.#fail(client, new Error('connection ended')));
    try {
      await client.connect();
      const sent = this.now();
      for (const channel of CHANGE_CHANNELS) await client.query(`LISTEN ${channel}`);
      if (client !== this.#client || this.#closed) return;
      this.#connectingSince = null;
      // What was committed before LISTEN was never heard: start from nothing.
      this.handlers.onReset();
      this.#confirmedAt = sent;
      this.#pendingSince = null;
      this.#listening = true;
      if (this.#retryMs > RETRY_MIN_MS) this.log.info({ channel: AUTH_CHANNEL }, 'auth change listener back');
      this.#retryMs = RETRY_MIN_MS;
      this.#firstAttempt?.();
    } catch (err) {
      this.#fail(client, err as Error);
    }
  }

  #beat(): void {
    const client = this.#client;
    if (!client) return;
    const now = this.now();
    if (!this.#listening) {
      // A connect or LISTEN that hangs (packets dropped) is given up like an unanswered heartbeat.
      if (this.#connectingSince !== null && now - this.#connectingSince > DEAD_AFTER_MS)
        this.#fail(client, new Error('connection attempt unanswered'));
      return;
    }
    if (this.#pendingSince !== null) {
      if (now - this.#pendingSince > DEAD_AFTER_MS) this.#fail(client, new Error('heartbeat unanswered'));
      return;
    }
    this.#pendingSince = now;
    client.query('SELECT 1').then(
      () => {
        if (client !== this.#client) return;
        this.#confirmedAt = Math.max(this.#confirmedAt, now);
        this.#pendingSince = null;
      },
      (err: Error) => this.#fail(client, err),
    );
  }

  #fail(client: pg.Client, err: Error): void {
    if (client !== this.#client) return;
    this.#client = null;
    this.#listening = false;
    this.#connectingSince = null;
    this.handlers.onReset();
    this.#firstAttempt?.();
    client.removeAllListeners('notification');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.#closed) return;
    this.log.warn(
      { err: err.message, retryInMs: this.#retryMs },
      'auth change listener lost; the session cache is off until it is back',
    );
    this.#retry = setTimeout(() => void this.#connect(), this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    this.#listening = false;
    this.handlers.onReset();
    this.#firstAttempt?.();
    await client?.end().catch(() => {});
  }
}
