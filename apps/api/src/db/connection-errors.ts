/**
 * "The database is not there" as opposed to "the database refused this query": a request that meets
 * the first is answered 503 with Retry-After (http/errors.ts), as health does, and a start that meets
 * it says in one line which database and what failed (main.ts). Both drivers are covered: node-postgres
 * (socket errors, a pool already ended, the server shutting down or refusing connections) and PGlite
 * (the embedded database closed). Drizzle wraps the driver's error in `cause`; Node's happy-eyeballs
 * connect wraps one error per address in an AggregateError: both are walked.
 */

/** Socket-level failures while connecting or talking to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01-57P03 (admin shutdown,
 * crash shutdown, cannot connect now: starting up or in recovery), 53300 (too many connections).
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;

/**
 * Messages of drivers that throw plain Errors without a code; the last three are the embedded database on
 * its own thread (db/pglite-worker.ts and pglite-thread.mjs: closed, its thread gone, not yet open).
 */
const UNAVAILABLE_MESSAGE =
  /^(PGlite is closed|Cannot use a pool after calling end on the pool|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the embedded database is closed|the PGlite thread exited|the database is not open)/i;

function* chain(e: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 5 || typeof e !== 'object' || e === null) return;
  const err = e as Record<string, unknown>;
  yield err;
  if (Array.isArray(err.errors)) for (const inner of err.errors) yield* chain(inner, depth + 1);
  if (err.cause !== undefined) yield* chain(err.cause, depth + 1);
}

/** The code or message that shows the database unreachable, or null when the error is something else. */
export function connectionFailure(e: unknown): string | null {
  for (const err of chain(e)) {
    const code = typeof err.code === 'string' ? err.code : undefined;
    if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return code;
    const message = typeof err.message === 'string' ? err.message : '';
    if (UNAVAILABLE_MESSAGE.test(message)) return message;
  }
  return null;
}

export const isConnectionFailure = (e: unknown) => connectionFailure(e) !== null;

/** A database URL fit for a log line: the password replaced, the rest kept (host, port, database). */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

const WHAT: Record<string, string> = {
  ECONNREFUSED: 'refused the connection (nothing listens on that host and port)',
  ENOTFOUND: 'has a host name that does not resolve',
  EAI_AGAIN: 'has a host name that could not be resolved (DNS did not answer)',
  ETIMEDOUT: 'did not answer in time',
  EHOSTUNREACH: 'is on a host that cannot be reached',
  ENETUNREACH: 'is on a network that cannot be reached',
  '57P03': 'is starting up or in recovery and does not accept connections yet',
  '53300': 'has no connection slot left (too many connections)',
};

/**
 * The one line a failed start prints: which database and what failed. `target` is the redacted URL
 * or the PGlite data directory; null before the configuration is read.
 */
export function startFailureLine(e: unknown, target: string | null): string {
  const failure = connectionFailure(e);
  const own = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: unknown } | null)?.code;
  const detail =
    own.trim() || (typeof code === 'string' ? code : '') || e?.constructor?.name || 'unknown error';
  if (failure && target) {
    const what = WHAT[failure] ?? `could not be reached (${failure})`;
    return `Rentloop could not start: the database ${target} ${what}.`;
  }
  const where = target ? ` (database ${target})` : '';
  return `Rentloop could not start${where}: ${detail.split('\n')[0]}`;
}
