/**
 * What a failed job hands to pg-boss and writes on its cron row. pg-boss stores a thrown error as JSON
 * in its own table, and a query error of drizzle carries the query's parameters: amounts are BigInt,
 * which JSON cannot write, so pg-boss's own write of the failure threw outside any handler and took the
 * whole server down (seen when a billing run met a deadlock). The parameters also hold customers' names
 * and addresses, which do not belong in a job's stored output. So a job fails with a plain error that
 * says what went wrong (the database's own message and SQLSTATE, never the SQL or its values); the
 * worker logs the original in full.
 */
import { sqlStateOf } from '../db/errors.ts';

/** A short, serialisable description of `error`: the driver's message for a failed query. */
export function describeJobError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  // drizzle's "Failed query: <sql> params: <values>" wraps the driver's error, which says why.
  const own =
    error.message.startsWith('Failed query:') && cause instanceof Error ? cause.message : error.message;
  const state = sqlStateOf(error);
  return (state ? `${own} (SQLSTATE ${state})` : own).slice(0, 1000);
}

/** The error a job fails with: its description and the original's stack, nothing else. */
export function jobFailure(error: unknown): Error {
  const failure = new Error(describeJobError(error));
  if (error instanceof Error && error.stack)
    failure.stack = `${failure.message}\n${error.stack.split('\n').slice(1).join('\n')}`;
  return failure;
}
