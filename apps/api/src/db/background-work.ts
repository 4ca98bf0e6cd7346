/**
 * Work nobody waits on at a screen (a job, an operator's clock advance) marked as such, so the embedded
 * database serves people first (decision 98, db/pglite-thread.mjs). PGlite is one connection: every
 * statement and transaction takes its turn in the order asked for, so a list request that arrived while a
 * billing run had its next transactions queued waited for all of them (docs/performance.md, "The embedded
 * database during a billing run"). PostgreSQL has a connection per caller and ignores the mark.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it starts) as background work. */
export const asBackgroundWork = <T>(fn: () => Promise<T>): Promise<T> => background.run(true, fn);

/** True inside `asBackgroundWork`. */
export const isBackgroundWork = (): boolean => background.getStore() === true;
