/**
 * Events: one row per change of state of an object, written in the transaction of the change
 * (`recordEvent`, called by `transition()` and by creates), and read by operators (the Event List).
 */
import type { EVENT_SORTS, Event, EventFilters } from '@rentloop/domain/events';
import { and, asc, desc, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { actingUserId, type Ctx, type PlatformCtx } from '../../context.ts';
import { events, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type ListParams, likePattern } from '../../lists.ts';

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
 */
export async function recordEvent(ctx: Ctx | PlatformCtx, event: NewEvent): Promise<number> {
  const [row] = await ctx.db
    .insert(events)
    .values({
      company_id: companyOf(ctx),
      type: event.type,
      object: event.object,
      object_id: event.objectId,
      payload: event.payload ?? {},
      actor_id: actingUserId(ctx.actor),
      created_at: ctx.clock.now().toISOString(),
    })
    .returning({ id: events.id });
  return row!.id;
}

const selection = { ...getTableColumns(events), actor_name: users.name, actor_email: users.email };

/**
 * What operators see under a company's URL: its events and the platform's (company_id null: users),
 * as in the history logs. Another company's events are not found.
 */
const scope = (companyId: number): SQL =>
  or(eq(events.company_id, companyId), isNull(events.company_id)) as SQL;

type Sort = (typeof EVENT_SORTS)[number];

export async function listEvents(
  ctx: Ctx,
  p: ListParams<Sort, EventFilters>,
): Promise<{ rows: Event[]; total: number }> {
  const f = p.filters;
  const conditions: SQL[] = [scope(ctx.companyId)];
  if (f.type) conditions.push(eq(events.type, f.type));
  if (f.object) conditions.push(eq(events.object, f.object));
  if (f.object_id) conditions.push(eq(events.object_id, f.object_id));
  if (f.actor) conditions.push(eq(events.actor_id, f.actor));
  if (f.date_from) conditions.push(sql`${events.created_at} >= ${f.date_from}::date`);
  if (f.date_to) conditions.push(sql`${events.created_at} < (${f.date_to}::date + 1)`);
  if (p.search)
    conditions.push(
      sql`lower(${events.type} || ' ' || ${events.object} || ' ' || ${events.object_id}::text) LIKE ${likePattern(p.search)}`,
    );
  const where = and(...conditions);
  // Events are appended in time order (the clock only moves forward), so id sorts like created_at
  // and is what the indexes hold: (company_id, id desc), (company_id, type, id desc).
  const order = p.desc ? desc(events.id) : asc(events.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(selection)
      .from(events)
      .leftJoin(users, eq(users.id, events.actor_id))
      .where(where)
      .orderBy(order)
      .limit(p.perPage)
      .offset(p.offset),
    ctx.db.select({ n: sql<number>`count(*)::int8` }).from(events).where(where),
  ]);
  return { rows: rows as Event[], total: Number(total?.n ?? 0) };
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
