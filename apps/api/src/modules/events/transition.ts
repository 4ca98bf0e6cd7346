/**
 * The one way a stateful object changes state (shared/BILLING.md, "State machines are data"): its
 * transition table in packages/domain says from which states an action may run, to which state it
 * leads, and what refuses it. `transition()` locks the row (`SELECT ... FOR UPDATE`, scoped to the
 * company for company objects), checks the table and the guard on the row it locked, writes the new
 * status and the change's other fields (`set`, computed from that same locked row) in ONE UPDATE with a
 * compare-and-set on the status it read, writes the event, and returns the updated row, all in the
 * caller's transaction; the history entry comes from the audit trigger. Two concurrent transitions of
 * one row queue on the lock: the second reads the first one's result (status and every other field)
 * and is refused with the table's 409, or computes its change from the first one's row. Nothing a
 * change depends on is read before the lock: a copy read earlier would be stale by the time the lock
 * is granted (a subscription reactivated against a stale "still has a billing date" was left active
 * and never billed, modules/subscriptions/race.test.ts).
 */
import { allowedActions, refusal, type TransitionTable, transitionOf } from '@rentloop/domain/transitions';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx, PlatformCtx } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { companyOf, recordEvent } from './service.ts';

/** A stateful object: where its rows and status live, and its transition table. */
export interface Machine<S extends string, A extends string, G, T extends PgTable = PgTable> {
  /** The object's name in events: `user`, `order`, `subscription`. */
  object: string;
  table: T;
  id: PgColumn;
  status: PgColumn;
  /** The company column of a company object; platform objects (users) have none. */
  companyId?: PgColumn;
  /** Set to the clock's time by every transition. */
  updatedAt?: PgColumn;
  transitions: TransitionTable<S, A, G>;
}

/** The machine of a transition table declared `as const` in packages/domain, on table `T`. */
export type MachineOf<Table, T extends PgTable> = Table extends readonly {
  from: readonly (infer S)[];
  action: infer A;
  guard?: (g: infer G) => unknown;
}[]
  ? Machine<S & string, A & string, G, T>
  : never;

/** A row of the machine's table, as drizzle reads it. */
export type RowOf<T extends PgTable> = T['$inferSelect'];
/** Columns a transition writes besides the status (and `updatedAt`). */
export type ChangeOf<T extends PgTable> = Partial<T['$inferInsert']>;

export interface Transitioned<S extends string, A extends string, R = Record<string, unknown>> {
  action: A;
  from: S;
  to: S;
  /** Null when the context holds its events for one insert (events/service.ts `holdingEvents`). */
  eventId: number | null;
  /** The row as the transition's UPDATE left it. */
  row: R;
}

function rowCondition<S extends string, A extends string, G, T extends PgTable>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G, T>,
  id: number,
): SQL {
  if (!m.companyId) return eq(m.id, id);
  const companyId = companyOf(ctx);
  // A company object changed outside a company's context would escape the company scope.
  if (companyId === null) throw new Error(`${m.object}: a company object needs a company context.`);
  return and(eq(m.id, id), eq(m.companyId, companyId)) as SQL;
}

/** The property name drizzle reads and writes `column` under (rows are keyed by it, not by SQL name). */
function keyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!found) throw new Error(`${column.name} is not a column of its machine's table.`);
  return found[0];
}

/** The whole row (locked for the rest of the transaction with `lock`); 404 if none. */
async function rowOf<S extends string, A extends string, G, T extends PgTable>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G, T>,
  id: number,
  lock: boolean,
): Promise<RowOf<T>> {
  const query = ctx.db
    .select()
    .from(m.table as PgTable)
    .where(rowCondition(ctx, m, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row as RowOf<T>;
}

const statusIn = <S extends string, A extends string, G, T extends PgTable>(
  m: Machine<S, A, G, T>,
  row: RowOf<T>,
) => (row as Record<string, unknown>)[keyOf(m.table, m.status)] as S;

/** A value, or a function of the row it is computed from. */
type FromRow<V, R> = V | ((row: R) => V);
const fromRow = <V, R>(v: FromRow<V, R>, row: R): V =>
  typeof v === 'function' ? (v as (row: R) => V)(row) : v;

/**
 * Runs `action` on object `id`: 404 when there is no such object (in the context's company), 409 with
 * the table's message when it is in a state the action does not start from or its guard refuses.
 * Nothing changes on a refusal. `guard` and `set` may be functions of the locked row: the guard input
 * and the change's other columns then come from the row as it is under the lock, never from a copy
 * read before it. `set` cannot move the status (the table's `to` is written over it). `payload` is
 * added to the event's (action, from, to).
 */
export async function transition<S extends string, A extends string, G, T extends PgTable>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G, T>,
  id: number,
  action: A,
  opts: {
    guard: FromRow<G, RowOf<T>>;
    set?: FromRow<ChangeOf<T>, RowOf<T>>;
    payload?: Record<string, unknown>;
    /**
     * The row as the caller read it `FOR UPDATE` in this same transaction (so nothing can have moved
     * it since): the lock is not taken and the row not read a second time.
     */
    locked?: RowOf<T>;
  },
): Promise<Transitioned<S, A, RowOf<T>>> {
  const t = transitionOf(m.transitions, action);
  const locked = opts.locked ?? (await rowOf(ctx, m, id, true));
  const from = statusIn(m, locked);
  const refused = refusal(m.transitions, action, from, fromRow(opts.guard, locked));
  if (refused !== null) throw new AppError('conflict', refused);

  const values: Record<string, unknown> = { ...(opts.set ? fromRow(opts.set, locked) : {}) };
  values[keyOf(m.table, m.status)] = t.to;
  if (m.updatedAt) values[keyOf(m.table, m.updatedAt)] = ctx.clock.now().toISOString();
  // Compare-and-set on the status read under the lock: it cannot have moved, and if a caller ever
  // ran this without the lock, the update would find nothing rather than overwrite a newer state.
  const [row] = await ctx.db
    .update(m.table as PgTable)
    .set(values)
    .where(and(rowCondition(ctx, m, id), eq(m.status, from)))
    .returning();
  if (!row) throw new AppError('conflict', t.message);

  const eventId = await recordEvent(ctx, {
    type: t.event ?? `${m.object}.status_changed`,
    object: m.object,
    objectId: id,
    payload: { action, from, to: t.to, ...opts.payload },
  });
  return { action, from, to: t.to, eventId, row: row as RowOf<T> };
}

/** What may be done to object `id` now, from the same table (`GET .../{id}/actions`); 404 if none. */
export async function actionsOf<S extends string, A extends string, G, T extends PgTable>(
  ctx: Ctx | PlatformCtx,
  m: Machine<S, A, G, T>,
  id: number,
  guard: FromRow<G, RowOf<T>>,
): Promise<{ status: S; actions: { action: A; to: S }[] }> {
  const row = await rowOf(ctx, m, id, false);
  const status = statusIn(m, row);
  return { status, actions: allowedActions(m.transitions, status, fromRow(guard, row)) };
}
