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
 *
 * People before background work (decision 98): a statement or `begin` outside a transaction marked
 * `background` (a job's, db/background-work.ts) waits while people's statements and transactions are
 * queued or running, at most BACKGROUND_WAIT_MS, and background work starts one at a time. PGlite runs
 * everything one at a time anyway, so this only reorders: a request waits for at most the one background
 * transaction that is running, not for every one queued before it.
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

/** How long background work waits for people's statements at most: it is slowed down, never starved. */
const BACKGROUND_WAIT_MS = 100;
/** People's statements and transactions queued or running. */
let foreground = 0;
/** Background work waiting its turn: { since, start }. */
const backgroundQueue = [];
let backgroundRunning = false;
let backgroundTimer;

/** Starts the next background work when no person's work is left, or when it has waited long enough. */
function pump() {
  clearTimeout(backgroundTimer);
  backgroundTimer = undefined;
  if (backgroundRunning || backgroundQueue.length === 0) return;
  const waited = performance.now() - backgroundQueue[0].since;
  if (foreground > 0 && waited < BACKGROUND_WAIT_MS) {
    backgroundTimer = setTimeout(pump, BACKGROUND_WAIT_MS - waited);
    return;
  }
  backgroundRunning = true;
  backgroundQueue.shift().start();
}

/**
 * Runs `run(done)` in its turn; `run` calls `done` once its work has left PGlite (a statement answered,
 * a transaction ended). Statements of an open transaction go at once: it holds PGlite already.
 */
function inTurn(msg, run) {
  if (msg.tx !== undefined) return run(() => {});
  if (!msg.background) {
    foreground += 1;
    let counted = true;
    return run(() => {
      if (!counted) return;
      counted = false;
      foreground -= 1;
      if (foreground === 0) pump();
    });
  }
  return new Promise((resolve, reject) => {
    const start = () => {
      let running = true;
      run(() => {
        if (!running) return;
        running = false;
        backgroundRunning = false;
        pump();
      }).then(resolve, reject);
    };
    backgroundQueue.push({ since: performance.now(), start });
    pump();
  });
}

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

/**
 * Opens a PGlite transaction and keeps it open until `commit` or `rollback` comes. Resolves once BEGIN
 * ran; `ended` is called when the transaction is over (or never opened).
 */
function begin(ended) {
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
      .finally(() => {
        transactions.delete(id);
        ended();
      });
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
  query(msg) {
    return inTurn(msg, (done) =>
      Promise.resolve()
        .then(() => target(msg).query(msg.text, msg.params, optionsOf(msg)))
        .then(plainResults)
        .finally(done),
    );
  },
  exec(msg) {
    return inTurn(msg, (done) =>
      Promise.resolve()
        .then(() => target(msg).exec(msg.text))
        .then((results) => results.map(plainResults))
        .finally(done),
    );
  },
  begin(msg) {
    return inTurn(msg, (done) => begin(done));
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
