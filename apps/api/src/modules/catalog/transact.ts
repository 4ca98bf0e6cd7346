import type { Ctx } from '../../context.ts';

/**
 * Runs `write` in a short audited transaction of its own, on the same context: for work that calls
 * another server first (no network inside a transaction, db/transaction-scope.ts). A route passes
 * `auditedTransaction` (http/transactions.ts), a job `inJobTransaction` (jobs/context.ts), a test a
 * plain transaction.
 */
export type Transact = <T>(write: (ctx: Ctx) => Promise<T>) => Promise<T>;
