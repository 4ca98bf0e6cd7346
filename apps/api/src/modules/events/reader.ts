/**
 * The events reader (shared/BILLING.md "Events": webhooks, notifications and insights read `events`
 * with a cursor; they never re-derive history from current state).
 *
 * Why not `WHERE id > last_id`: ids are taken when a row is inserted, not when its transaction commits.
 * A transaction that inserted event 10 and commits after event 11's is visible only later; a reader that
 * had already moved past 11 would skip 10 for ever. So the cursor is (tx_id, id), the writing
 * transaction's id first, and a read only returns events of transactions older than the oldest one still
 * running in this database (`horizon` below): every transaction below that has ended, so no event can
 * ever appear behind the cursor. The price: a long-running writing transaction holds readers back until
 * it ends (they wait; they never skip).
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { eventCursors, events } from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;

export interface Cursor {
  txId: string;
  eventId: number;
}

export const START: Cursor = { txId: '0', eventId: 0 };

/**
 * The oldest transaction id that may still commit events: the oldest one running in this database that
 * has written (other sessions' `backend_xid`, widened to 64 bits against the current epoch), else the next
 * id to be given out. Not `pg_snapshot_xmin(pg_current_snapshot())`: that counts every database of the
 * server, so any open transaction elsewhere on a shared server (another app, the test suite's other files,
 * an analyst's session) held every reader back for as long as it stayed open. A transaction that has not
 * written yet has no id; the one it gets later is above every id read here.
 */
const horizon = sql`(
  with next as (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as x)
  select least(
    next.x,
    (select min((next.x >> 32 << 32) + a.backend_xid::text::bigint
        - case when a.backend_xid::text::bigint >= (next.x & 4294967295) then 4294967296 else 0 end)
     from pg_stat_activity a
     where a.datname = current_database() and a.backend_xid is not null and a.pid <> pg_backend_pid())
  )::text::xid8
  from next
)`;

/**
 * Up to `limit` events after `cursor` in commit-safe order, optionally of one company, with the cursor
 * after the last of them (the same cursor when there is none).
 */
export async function eventsAfter(
  db: Tx,
  cursor: Cursor,
  opts: { limit: number; companyId?: number; types?: string[] },
): Promise<{ events: EventRow[]; next: Cursor }> {
  const conditions: SQL[] = [
    sql`(${events.tx_id}, ${events.id}) > (${cursor.txId}::xid8, ${cursor.eventId})`,
    sql`${events.tx_id} < ${horizon}`,
  ];
  if (opts.companyId !== undefined) conditions.push(eq(events.company_id, opts.companyId));
  if (opts.types) conditions.push(inArray(events.type, opts.types));
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.tx_id), asc(events.id))
    .limit(opts.limit);
  const last = rows.at(-1);
  return { events: rows, next: last ? { txId: last.tx_id, eventId: last.id } : cursor };
}

/**
 * Hands the next batch of events to `handle` for the named reader and moves its cursor past them, in
 * the caller's transaction `tx`: handled and moved commit together, so a crash re-delivers the batch
 * (handlers are idempotent) and never loses one. The reader's row is locked for the transaction, so two
 * workers never handle one batch twice at the same time. Answers how many events were handled. A reader
 * of one company's events of some types (`companyId`, `types`) keeps a cursor of its own name.
 */
export async function readEvents(
  tx: Tx,
  reader: string,
  opts: { limit: number; companyId?: number; types?: string[] },
  handle: (batch: EventRow[]) => Promise<void>,
): Promise<number> {
  await tx.insert(eventCursors).values({ reader }).onConflictDoNothing();
  const [row] = await tx.select().from(eventCursors).where(eq(eventCursors.reader, reader)).for('update');
  const from: Cursor = row ? { txId: row.tx_id, eventId: row.event_id } : START;
  const { events: batch, next } = await eventsAfter(tx, from, opts);
  if (batch.length === 0) return 0;
  await handle(batch);
  await tx
    .update(eventCursors)
    .set({ tx_id: next.txId, event_id: next.eventId })
    .where(eq(eventCursors.reader, reader));
  return batch.length;
}

/**
 * Where a reader starting now stands: after the last event of the company (or of all) that no running
 * transaction can still be behind (below the horizon). A reader that takes the current state of the
 * records at this point (a backfill) starts its cursor here.
 */
export async function headCursor(db: Tx, companyId?: number): Promise<Cursor> {
  const [row] = await db
    .select({ tx_id: events.tx_id, id: events.id })
    .from(events)
    .where(
      and(
        sql`${events.tx_id} < ${horizon}`,
        companyId === undefined ? undefined : eq(events.company_id, companyId),
      ),
    )
    .orderBy(sql`${events.tx_id} desc`, sql`${events.id} desc`)
    .limit(1);
  return row ? { txId: row.tx_id, eventId: row.id } : START;
}

/**
 * Every committed event after `cursor` (of one company), below the horizon or not: what a reader that
 * handles events idempotently can handle early without moving its cursor (the Insights graphs' catch-up).
 */
export async function committedAfter(
  db: Tx,
  cursor: Cursor,
  opts: { limit: number; companyId: number },
): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.company_id, opts.companyId),
        sql`(${events.tx_id}, ${events.id}) > (${cursor.txId}::xid8, ${cursor.eventId})`,
      ),
    )
    .orderBy(asc(events.tx_id), asc(events.id))
    .limit(opts.limit);
}
