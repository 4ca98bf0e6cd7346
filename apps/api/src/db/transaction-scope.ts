/**
 * No network inside a database transaction. A transaction holds a connection (and, on embedded PGlite,
 * the only one: every other request waits) for as long as it is open; a slow shop or DNS server would
 * hold it for seconds. Requests' transactions run inside this scope, and the outbound clients
 * (integrations/guarded-fetch.ts, address-guard.ts) refuse to call out from within it: a route that
 * needs the outside world reads, calls out, then writes the result in a short transaction of its own
 * (`auditedTransaction` in http/transactions.ts), or leaves the call to a job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Runs `fn` (which opens a transaction) marked as inside a transaction. */
export const inTransactionScope = <T>(fn: () => Promise<T>): Promise<T> => scope.run(true, fn);

export class CallInTransactionError extends Error {}

/** Throws when called from inside a request's transaction: `what` says which call was attempted. */
export function assertOutsideTransaction(what: string): void {
  if (scope.getStore()) {
    throw new CallInTransactionError(
      `${what} from inside a database transaction: read, call out, then write in a transaction of its own (db/transaction-scope.ts).`,
    );
  }
}
