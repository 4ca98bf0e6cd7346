/**
 * The embedded database on a thread of its own (decision 90). PGlite is PostgreSQL compiled to
 * WebAssembly: in process, every query runs on the event loop, so a billing run or an import froze
 * every request and the live push while its statements ran. Here a `worker_threads` worker owns the
 * PGlite instance (db/pglite-thread.mjs) and this thin proxy implements what the app uses of it: drizzle's
 * `query` / `transaction`, pg-boss's `exec`, notify.ts's `listen`, the tests' `dumpDataDir`, `close`.
 *
 * PGlite is one connection either way: a transaction is opened in the worker and held until this side
 * commits or rolls back, and every other statement waits behind it there (PGlite's own lock), as it
 * did in process. What the thread buys is that the waiting, and PGlite's own work, no longer block the
 * event loop: requests are parsed, answered from caches, serialized and pushed meanwhile.
 *
 * The lock file (data-dir-lock.ts) is unchanged: the worker is a thread of the process holding it.
 */
import { Worker } from 'node:worker_threads';
import { isBackgroundWork } from './background-work.ts';

type RowMode = 'object' | 'array';
type Parser = (value: string, typeId: number) => unknown;

export interface QueryOptions {
  rowMode?: RowMode;
  /** By type id: drizzle passes parsers that keep dates and intervals as PostgreSQL's text. */
  parsers?: Record<number, Parser>;
}

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** What the app uses of a PGlite connection or transaction. */
export interface PgliteQueries {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

export interface PgliteTransaction extends PgliteQueries {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** What the app uses of PGlite: the in-process instance and the worker's proxy both have it. */
export interface PgliteClient extends PgliteQueries {
  transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

type Message =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { notify: string; payload: string };

const THREAD = new URL('./pglite-thread.mjs', import.meta.url);

/** The worker's error as an Error with PostgreSQL's fields (code, constraint, detail...) on it. */
function errorOf(data: Record<string, unknown> & { message: string }): Error {
  const err = new Error(data.message);
  for (const [k, v] of Object.entries(data)) {
    if (k !== 'message') Object.assign(err, { [k]: v });
  }
  return err;
}

/** Applies the caller's parsers to the raw text the worker returned for those type ids. */
function parse<T>(r: Results, rowMode: RowMode | undefined, parsers: Record<number, Parser>): Results<T> {
  const at = r.fields.flatMap((f, i) => {
    const p = parsers[f.dataTypeID];
    return p ? [{ i, name: f.name, type: f.dataTypeID, p }] : [];
  });
  if (at.length > 0) {
    for (const row of r.rows as unknown as Record<string | number, unknown>[]) {
      for (const c of at) {
        const key = rowMode === 'array' ? c.i : c.name;
        const v = row[key];
        if (typeof v === 'string') row[key] = c.p(v, c.type);
      }
    }
  }
  return r as unknown as Results<T>;
}

export class PgliteWorker implements PgliteClient {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  #closing: Promise<void> | undefined;
  #failure: Error | null = null;
  #listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor() {
    this.#worker = new Worker(THREAD);
    this.#worker.unref();
    this.#worker.on('message', (m: Message) => this.#receive(m));
    this.#worker.on('error', (err) => this.#fail(err));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the PGlite thread exited (${code})`)));
  }

  /** Starts the thread and opens the database in it (`dataDir` unset: in memory, from `snapshot`). */
  static async create(opts: { dataDir?: string; snapshot?: Blob }): Promise<PgliteWorker> {
    const client = new PgliteWorker();
    const snapshot = opts.snapshot ? await opts.snapshot.arrayBuffer() : undefined;
    try {
      await client.#call({ op: 'open', dataDir: opts.dataDir, snapshot }, snapshot ? [snapshot] : []);
    } catch (err) {
      await client.#worker.terminate();
      throw err;
    }
    return client;
  }

  /** True from the moment a close begins: a statement sent after that would only be refused. */
  get closed(): boolean {
    return this.#closed || this.#closing !== undefined;
  }

  #receive(m: Message): void {
    if ('notify' in m) {
      // Posted before the answer of the statement that delivered it: the listeners hear a change
      // before its writer's COMMIT returns, as they did in process (db/notify.ts).
      for (const cb of this.#listeners.get(m.notify) ?? []) cb(m.payload);
      return;
    }
    const pending = this.#pending.get(m.id);
    if (!pending) return;
    this.#pending.delete(m.id);
    // Idle, the thread does not keep the process alive (a server's socket does; a script ends).
    if (this.#pending.size === 0) this.#worker.unref();
    if (m.ok) pending.resolve(m.value);
    else pending.reject(errorOf(m.error));
  }

  #fail(err: Error): void {
    this.#failure ??= err;
    this.#closed = true;
    for (const p of this.#pending.values()) p.reject(err);
    this.#pending.clear();
  }

  #call(msg: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...msg, id }, transfer);
    });
  }

  #queries(tx: number | undefined): PgliteQueries {
    return {
      query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
        const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
        const r = (await this.#call({
          op: 'query',
          tx,
          background: tx === undefined && isBackgroundWork(),
          text,
          params,
          rowMode: options?.rowMode,
          raw,
        })) as Results;
        return options?.parsers ? parse<T>(r, options.rowMode, options.parsers) : (r as Results<T>);
      },
      exec: async (text: string) =>
        (await this.#call({
          op: 'exec',
          tx,
          background: tx === undefined && isBackgroundWork(),
          text,
        })) as Results[],
    };
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions) {
    return this.#queries(undefined).query<T>(text, params, options);
  }

  exec(text: string) {
    return this.#queries(undefined).exec(text);
  }

  /**
   * BEGIN in the worker, `fn` with statements bound to that transaction, then COMMIT (or ROLLBACK when
   * `fn` throws). Until then the worker runs no other caller's statement. Background work's (a job's)
   * waits for people's statements first (db/background-work.ts).
   */
  async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin', background: isBackgroundWork() })) as number;
    let ended = false;
    const tx: PgliteTransaction = {
      ...this.#queries(id),
      rollback: async () => {
        ended = true;
        await this.#call({ op: 'rollback', tx: id });
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!ended) {
        ended = true;
        await this.#call({ op: 'rollback', tx: id }).catch(() => {});
      }
      throw err;
    }
    if (!ended) {
      ended = true;
      await this.#call({ op: 'commit', tx: id });
    }
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      current?.delete(callback);
      if (current && current.size === 0) {
        this.#listeners.delete(channel);
        if (!this.closed) await this.#call({ op: 'unlisten', channel });
      }
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump', compression })) as ArrayBuffer]);
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      this.#failure ??= new Error('the embedded database is closed');
      this.#worker.removeAllListeners('exit');
      await this.#worker.terminate();
    }
  }
}
