/**
 * Events: one row per change of state of an object, written in the transaction of the change
 * (`recordEvent`, called by `transition()` and by creates), and read by operators (the Event List).
 */
import type { EVENT_SORTS, Event, EventFilters } from '@rentloop/domain/events';
import { and, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { actingUserId, type Ctx, type HeldEvent, type PlatformCtx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { events, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';

export interface NewEvent {
  /** `<object>.<what happened>`: `user.status_changed`, `customer.created`. */
  type: string;
  object: string;
  objectId: number;
  payload?: Record<string, unknown>;
}

/** The company of a context; null for platform work (accounts, operator tools). */
export const companyOf = (ctx: Ctx | PlatformCtx): number | null =>
  'companyId' in ctx ? ctx.companyId : null;

/**
 * Writes one event through the context's handle, so it commits or rolls back with the change it
 * records. Company work records the company; platform work (users) records none. Time: the clock.
 * Answers its id, or null when the context holds its events for one insert (`holdingEvents`).
 */
export async function recordEvent(ctx: Ctx | PlatformCtx, event: NewEvent): Promise<number | null> {
  const [id] = await recordEvents(ctx, [event]);
  return id ?? null;
}

const rowOf = (ctx: Ctx | PlatformCtx, event: NewEvent, at: string): HeldEvent => ({
  company_id: companyOf(ctx),
  type: event.type,
  object: event.object,
  object_id: event.objectId,
  payload: event.payload ?? {},
  actor_id: actingUserId(ctx.actor),
  created_at: at,
});

/**
 * Several events in one statement (a bulk write: the demo customers), in the given order; their ids.
 * In a context holding its events, they are added to the held ones instead (no ids yet: answers []).
 */
export async function recordEvents(ctx: Ctx | PlatformCtx, list: NewEvent[]): Promise<number[]> {
  if (list.length === 0) return [];
  const at = ctx.clock.now().toISOString();
  const held = 'heldEvents' in ctx ? ctx.heldEvents : undefined;
  if (held) {
    held.push(...list.map((event) => rowOf(ctx, event, at)));
    return [];
  }
  const rows = await insertRows(
    ctx.db,
    events,
    list.map((event) => rowOf(ctx, event, at)),
    ['id'],
  );
  return rows.map((r) => r.id);
}

/**
 * Runs `work` in the caller's transaction with its events held, then writes them with one insert, in
 * the order they were recorded (ids, and so the event readers' order, as if written one by one), each
 * with the time it was recorded at. For work that writes many (a billing run's batch: a few events per
 * payment). Work that rolls back to a savepoint drops the events recorded since (`heldMark`).
 */
export async function holdingEvents<T>(ctx: Ctx, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  const held: HeldEvent[] = [];
  const result = await work({ ...ctx, heldEvents: held });
  if (held.length > 0) await insertRows(ctx.db, events, held);
  return result;
}

/** How many events the context holds now; `dropHeldSince(ctx, mark)` after a rolled-back savepoint. */
export const heldMark = (ctx: Ctx): number => ctx.heldEvents?.length ?? 0;
export function dropHeldSince(ctx: Ctx, mark: number): void {
  if (ctx.heldEvents) ctx.heldEvents.length = mark;
}

const selection = { ...getTableColumns(events), actor_name: users.name, actor_email: users.email };

/**
 * What operators see under a company's URL: its events and the platform's (company_id null: users),
 * as in the history logs. Another company's events are not found.
 */
const scope = (companyId: number): SQL =>
  or(eq(events.company_id, companyId), isNull(events.company_id)) as SQL;

type Sort = (typeof EVENT_SORTS)[number];

/**
 * The Event List (db/define-list.ts). Unfiltered totals are trail counts (db/trail-counts.ts: the
 * company's and the platform's events); filtered ones count on the indexes `(company_id, id desc)`,
 * `(company_id, type, id desc)` and the search's trigram index.
 */
export const eventList = defineList<Sort, EventFilters, Event>({
  name: 'events',
  table: events,
  id: events.id,
  scopes: {
    withPlatform: sql`(${events.company_id} = ${ph('companyId')} or ${events.company_id} is null)`,
  },
  columns: selection,
  joins: [{ table: users, on: eq(users.id, events.actor_id), type: 'left' }],
  // Events are appended in time order (the clock only moves forward), so id sorts like created_at
  // and is what the indexes hold.
  sorts: { id: events.id, created_at: events.id },
  filters: {
    type: (v) => sql`${events.type} = ${v}`,
    object: (v) => sql`${events.object} = ${v}`,
    object_id: (v) => sql`${events.object_id} = ${v}`,
    actor: (v) => sql`${events.actor_id} = ${v}`,
    date_from: (v) => sql`${events.created_at} >= ${v}::date`,
    date_to: (v) => sql`${events.created_at} < (${v}::date + 1)`,
  },
  search: (pattern) =>
    sql`lower(${events.type} || ' ' || ${events.object} || ' ' || ${events.object_id}::text) LIKE ${pattern}`,
  trail: { entity: 'events', scopes: { withPlatform: 'company+platform' } },
});

export function listEvents(
  ctx: Ctx,
  p: ListParams<Sort, EventFilters>,
): Promise<{ rows: Event[]; total: number }> {
  return eventList.list(ctx, p);
}

export async function getEvent(ctx: Ctx, id: number): Promise<Event> {
  const [row] = await ctx.db
    .select(selection)
    .from(events)
    .leftJoin(users, eq(users.id, events.actor_id))
    .where(and(eq(events.id, id), scope(ctx.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row as Event;
}
