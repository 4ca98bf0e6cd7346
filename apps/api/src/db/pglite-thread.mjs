/**
 * The embedded database's own thread (decision 90): a Node `worker_threads` worker that owns the PGlite
 * instance, so its WebAssembly runs beside the server's event loop instead of on it. The main thread
 * talks to it through db/pglite-worker.ts. Plain JavaScript: the server's bundle, `tsx` and vitest all load
 * it as it is (vitest transforms only what it imports itself, not a worker's entry).
 *
 * Messages in: { id, op, ... } with op one of open, query, exec, begin, commit, rollback, listen,
 * unlisten, dump, close. Every one is answered { id, ok, value } or { id, ok: false, error }.
 * A transaction is a PGlite transaction held open here until `commit` or `rollback` comes: PGlite runs
 * every other query after it (its own lock), exactly as in process. Notifications go out as
 * { notify: channel, payload }, posted before the answer of the statement that delivered them.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.mjs runs as a worker thread');
const port = parentPort;

/** @type {PGlite | undefined} */
let client;
/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();
let nextTx = 1;
/** LISTENs by channel: the unlisten function PGlite gave. */
const listening = new Map();

const identity = (value) => value;

/** Query options from the wire: the row mode, and the type ids to return as the text PostgreSQL sent. */
function optionsOf(msg) {
  const options = {};
  if (msg.rowMode) options.rowMode = msg.rowMode;
  if (msg.raw && msg.raw.length > 0) {
    options.parsers = {};
    for (const oid of msg.raw) options.parsers[oid] = identity;
  }
  return options;
}

/** An error as plain data: structured clone keeps only an Error's message, PostgreSQL's fields matter. */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const data = { name: err.name, message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) {
    if (v === undefined || typeof v === 'function') continue;
    if (typeof v === 'object' && v !== null) continue;
    data[k] = v;
  }
  return data;
}

/** Results without what cannot cross a thread (the parsers of the fields are functions). */
function plainResults(r) {
  return {
    rows: r.rows,
    affectedRows: r.affectedRows,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

/** Opens a PGlite transaction and keeps it open until `end` is called. Resolves once BEGIN ran. */
function begin() {
  return new Promise((opened, failed) => {
    const id = nextTx++;
    let end;
    const finished = new Promise((resolve, reject) => {
      end = { commit: resolve, rollback: reject };
    });
    const done = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done });
        opened(id);
        await finished;
      })
      .finally(() => transactions.delete(id));
    transactions.set(id, { tx: undefined, end, done });
    done.catch((err) => failed(err));
  });
}

function target(msg) {
  if (msg.tx === undefined) return client;
  const open = transactions.get(msg.tx);
  if (!open?.tx) throw new Error(`transaction ${msg.tx} is not open`);
  return open.tx;
}

const handlers = {
  async open(msg) {
    client = await PGlite.create({
      dataDir: msg.dataDir,
      loadDataDir: msg.snapshot ? new Blob([msg.snapshot]) : undefined,
      extensions: { pg_trgm, btree_gin },
    });
    return null;
  },
  async query(msg) {
    return plainResults(await target(msg).query(msg.text, msg.params, optionsOf(msg)));
  },
  async exec(msg) {
    return (await target(msg).exec(msg.text)).map(plainResults);
  },
  async begin() {
    return begin();
  },
  async commit(msg) {
    const open = transactions.get(msg.tx);
    if (!open) throw new Error(`transaction ${msg.tx} is not open`);
    open.end.commit();
    await open.done;
    return null;
  },
  async rollback(msg) {
    const open = transactions.get(msg.tx);
    if (!open) return null;
    open.end.rollback(new Error('rolled back'));
    await open.done.catch(() => {});
    return null;
  },
  async listen(msg) {
    if (listening.has(msg.channel)) return null;
    const unlisten = await client.listen(msg.channel, (payload) =>
      port.postMessage({ notify: msg.channel, payload }),
    );
    listening.set(msg.channel, unlisten);
    return null;
  },
  async unlisten(msg) {
    const unlisten = listening.get(msg.channel);
    listening.delete(msg.channel);
    if (unlisten && !client.closed) await unlisten();
    return null;
  },
  async dump(msg) {
    const file = await client.dumpDataDir(msg.compression);
    return await file.arrayBuffer();
  },
  async close() {
    if (client && !client.closed) await client.close();
    return null;
  },
};

port.on('message', (msg) => {
  const handler = handlers[msg.op];
  Promise.resolve()
    .then(() => {
      if (!handler) throw new Error(`unknown operation ${msg.op}`);
      if (!client && msg.op !== 'open') throw new Error('the database is not open');
      return handler(msg);
    })
    .then(
      (value) => {
        const transfer = value instanceof ArrayBuffer ? [value] : [];
        port.postMessage({ id: msg.id, ok: true, value }, transfer);
      },
      (err) => port.postMessage({ id: msg.id, ok: false, error: errorData(err) }),
    );
});
