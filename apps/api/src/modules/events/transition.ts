/**
 * The one way a stateful object changes state (shared/BILLING.md, "State machines are data"): its
 * transition table in packages/domain says from which states an action may run, to which state it
 * leads, and what refuses it. `transition()` locks the row (`SELECT ... FOR UPDATE`, scoped to the
 * company for company objects), checks the table and the guard on what it locked, changes the row
 * with a compare-and-set on the status it read, and writes the event, all in the caller's
 * transaction; the history entry comes from the audit trigger. Two concurrent transitions of one row
 * queue on the lock: the second reads the first one's result and is refused with the table's 409.
 */
import { allowedActions, refusal, type TransitionTable, transitionOf } from '@rentloop/domain/transitions';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx, PlatformCtx } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { companyOf, recordEvent } from './service.ts';

/** A stateful object: where its rows and status live, and its transition table. */
export interface Machine<S extends string, A extends string, G> {
  /** The object's name in events: `user`, `order`, `subscription`. */
  object: string;
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  /** The company column of a company object; platform objects (users) have none. */
  companyId?: PgColumn;
  /** Set to the clock's time by every transition. */
  updatedAt?: PgColumn;
  transitions: TransitionTable<S, A, G>;
}

export interface Transitioned<S extends string, A extends string> {
  action: A;
  from: S;
  to: S;
  eventId: number;
}

function rowCondition<S extends string, A extends string, G>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G>,
  id: number,
): SQL {
  if (!m.companyId) return eq(m.id, id);
  const companyId = companyOf(ctx);
  // A company object changed outside a company's context would escape the company scope.
  if (companyId === null) throw new Error(`${m.object}: a company object needs a company context.`);
  return and(eq(m.id, id), eq(m.companyId, companyId)) as SQL;
}

/** The current status of the row (locked for the rest of the transaction with `lock`); 404 if none. */
async function statusOf<S extends string, A extends string, G>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G>,
  id: number,
  lock: boolean,
): Promise<S> {
  const query = ctx.db
    .select({ status: m.status })
    .from(m.table)
    .where(rowCondition(ctx, m, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row.status as S;
}

/**
 * Runs `action` on object `id`: 404 when there is no such object (in the context's company), 409 with
 * the table's message when it is in a state the action does not start from or its guard refuses.
 * Nothing changes on a refusal. `payload` is added to the event's (action, from, to).
 */
export async function transition<S extends string, A extends string, G>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G>,
  id: number,
  action: A,
  opts: { guard: G | ((from: S) => G); payload?: Record<string, unknown> },
): Promise<Transitioned<S, A>> {
  const t = transitionOf(m.transitions, action);
  const from = await statusOf(ctx, m, id, true);
  // A guard that reads the status (a subscription's) is given the one read under the lock.
  const guard = typeof opts.guard === 'function' ? (opts.guard as (from: S) => G)(from) : opts.guard;
  const refused = refusal(m.transitions, action, from, guard);
  if (refused !== null) throw new AppError('conflict', refused);

  const touch = m.updatedAt
    ? sql`, ${sql.identifier(m.updatedAt.name)} = ${ctx.clock.now().toISOString()}::timestamptz`
    : sql``;
  // Compare-and-set on the status read under the lock: it cannot have moved, and if a caller ever
  // ran this without the lock, the update would find nothing rather than overwrite a newer state.
  const changed = await ctx.db.execute(
    sql`UPDATE ${m.table} SET ${sql.identifier(m.status.name)} = ${t.to}${touch}
         WHERE ${rowCondition(ctx, m, id)} AND ${m.status} = ${from} RETURNING 1 AS changed`,
  );
  if ((changed as unknown as { rows: unknown[] }).rows.length !== 1)
    throw new AppError('conflict', t.message);

  const eventId = await recordEvent(ctx, {
    type: t.event ?? `${m.object}.status_changed`,
    object: m.object,
    objectId: id,
    payload: { action, from, to: t.to, ...opts.payload },
  });
  return { action, from, to: t.to, eventId };
}

/** What may be done to object `id` now, from the same table (`GET .../{id}/actions`); 404 if none. */
export async function actionsOf<S extends string, A extends string, G>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G>,
  id: number,
  guard: G | ((status: S) => G),
): Promise<{ status: S; actions: { action: A; to: S }[] }> {
  const status = await statusOf(ctx, m, id, false);
  const input = typeof guard === 'function' ? (guard as (status: S) => G)(status) : guard;
  return { status, actions: allowedActions(m.transitions, status, input) };
}
