/**
 * Folding into the Insights rollups (decision 89). Nothing here runs in the transactions that write
 * invoices, transactions, subscriptions or customers: the events those writes record (the outbox) name
 * the objects that changed, and a fold takes each such object's current rows, computes its fact
 * (facts.ts), and adds the difference to its last fact to the summed values. Folding an object twice,
 * or in any order, leaves the same rollup: the job may fold what a graph read folded already.
 *
 * Locks: a fold locks the facts of the objects it folds (row locks, sorted) and then the value rows it
 * changes (sorted): two folds of different objects never wait on each other's facts, and never on a
 * writer of the records.
 */
import { addDays } from '@rentloop/domain/billing-periods';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { eventCursors, insightsRollupState } from '../../../db/schema/index.ts';
import {
  type Cursor,
  committedAfter,
  type EventRow,
  headCursor,
  readEvents,
  START,
} from '../../events/reader.ts';
import { type Entries, FACTS, type Kind, type Rollup } from './facts.ts';

export type Dirty = Record<Kind, Set<number>>;
export const noneDirty = (): Dirty => ({ s: new Set(), i: new Set(), t: new Set(), c: new Set() });

type Rows = { rows: Record<string, unknown>[] };
const run = async (db: Tx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows).rows;
const idArray = (list: Iterable<number>) =>
  sql`array[${sql.join(
    [...list].map((i) => sql`${i}`),
    sql`, `,
  )}]::bigint[]`;

/** The events reader of a company's rollup: `insights:<company id>` (the job looks them all up in SQL). */
export const READER_PREFIX = 'insights:';
export const readerOf = (companyId: number) => `${READER_PREFIX}${companyId}`;

const OBJECT_KINDS: Record<string, Kind> = {
  subscription: 's',
  invoice: 'i',
  transaction: 't',
  customer: 'c',
};
const PAYLOAD_KINDS: [string, Kind][] = [
  ['subscription_id', 's'],
  ['invoice_id', 'i'],
  ['transaction_id', 't'],
  ['customer_id', 'c'],
];

/** The objects a batch of events names (the object itself, and the ids its payload carries). */
export async function dirtyOfEvents(db: Tx, companyId: number, batch: EventRow[]): Promise<Dirty> {
  const d = noneDirty();
  const orders = new Set<number>();
  for (const e of batch) {
    const kind = OBJECT_KINDS[e.object];
    if (kind) d[kind].add(e.object_id);
    if (e.object === 'order') orders.add(e.object_id);
    const p = (e.payload ?? {}) as Record<string, unknown>;
    for (const [key, k] of PAYLOAD_KINDS) {
      const v = Number(p[key]);
      if (Number.isSafeInteger(v) && v > 0) d[k].add(v);
    }
    const order = Number(p.order_id);
    if (Number.isSafeInteger(order) && order > 0) orders.add(order);
  }
  if (orders.size > 0) {
    // An order's customer: the first order's day makes the cohorts.
    const rows = await run(
      db,
      sql`select distinct customer_id from orders where company_id = ${companyId} and id = any(${idArray(orders)})`,
    );
    for (const r of rows) if (r.customer_id !== null) d.c.add(Number(r.customer_id));
  }
  return d;
}

/** Adds what the objects' facts read: a transaction's invoice, a cancellation's original, the customers. */
async function withDependents(db: Tx, companyId: number, d: Dirty): Promise<void> {
  if (d.t.size > 0) {
    const rows = await run(
      db,
      sql`select invoice_id from transactions where company_id = ${companyId} and id = any(${idArray(d.t)})
        and invoice_id is not null`,
    );
    for (const r of rows) d.i.add(Number(r.invoice_id));
  }
  if (d.i.size > 0) {
    const rows = await run(
      db,
      sql`select customer_id, original_invoice_id from invoices where company_id = ${companyId}
        and id = any(${idArray(d.i)})`,
    );
    for (const r of rows) {
      if (r.customer_id !== null) d.c.add(Number(r.customer_id));
      if (r.original_invoice_id !== null) d.i.add(Number(r.original_invoice_id));
    }
  }
  if (d.s.size > 0) {
    const rows = await run(
      db,
      sql`select distinct customer_id from subscriptions where company_id = ${companyId} and id = any(${idArray(d.s)})`,
    );
    for (const r of rows) d.c.add(Number(r.customer_id));
  }
}

/** The last day of the month of `day`. */
const monthEnd = (day: string) => {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
};

const toJson = (e: Entries) => Object.fromEntries([...e].map(([k, v]) => [k, v.toString()]));

/** Folds the objects (and what depends on them) into the rollup, in the caller's transaction. */
export async function foldObjects(db: Tx, r: Rollup, d: Dirty, dependents = true): Promise<number> {
  if (dependents) await withDependents(db, r.companyId, d);
  const delta = new Map<string, bigint>();
  let folded = 0;
  for (const kind of ['c', 'i', 's', 't'] as const) {
    const list = [...d[kind]].sort((a, b) => a - b);
    if (list.length === 0) continue;
    folded += list.length;
    await db.execute(
      sql`insert into insights_rollup_facts (company_id, kind, object_id, entries)
        select ${r.companyId}, ${kind}, x, '{}'::jsonb from unnest(${idArray(list)}) as x
        on conflict do nothing`,
    );
    const old = await run(
      db,
      sql`select object_id, entries from insights_rollup_facts
       where company_id = ${r.companyId} and kind = ${kind} and object_id = any(${idArray(list)})
       order by object_id for update`,
    );
    const fresh = await FACTS[kind](db, r, list);
    const changed: { id: number; entries: Record<string, string> }[] = [];
    for (const row of old) {
      const id = Number(row.object_id);
      const before = (row.entries ?? {}) as Record<string, string>;
      const after = fresh.get(id) ?? new Map<string, bigint>();
      let same = Object.keys(before).length === after.size;
      for (const [k, v] of Object.entries(before)) {
        const n = after.get(k) ?? 0n;
        if (n !== BigInt(v)) same = false;
        delta.set(k, (delta.get(k) ?? 0n) - BigInt(v));
      }
      for (const [k, v] of after) delta.set(k, (delta.get(k) ?? 0n) + v);
      if (!same || after.size === 0) changed.push({ id, entries: toJson(after) });
    }
    if (changed.length > 0) {
      await db.execute(
        sql`update insights_rollup_facts f set entries = x.entries
          from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as x(id bigint, entries jsonb)
         where f.company_id = ${r.companyId} and f.kind = ${kind} and f.object_id = x.id`,
      );
      await db.execute(
        sql`delete from insights_rollup_facts where company_id = ${r.companyId} and kind = ${kind}
          and object_id = any(${idArray(list)}) and entries = '{}'::jsonb`,
      );
    }
  }
  // Each change goes to its day and to its month (`M:<metric>` on the month's last day): a read sums a
  // handful of month rows for the past instead of every day of it.
  const months = new Map<string, bigint>();
  for (const [k, v] of delta) {
    const [metric, day] = k.split('|') as [string, string];
    const key = `M:${metric}|${monthEnd(day)}`;
    months.set(key, (months.get(key) ?? 0n) + v);
  }
  const values = [...delta, ...months]
    .filter(([, v]) => v !== 0n)
    .map(([k, v]) => {
      const [metric, day] = k.split('|') as [string, string];
      return { metric, day, value: v.toString() };
    })
    .sort((a, b) => (a.metric === b.metric ? (a.day < b.day ? -1 : 1) : a.metric < b.metric ? -1 : 1));
  for (let k = 0; k < values.length; k += 5000) {
    await db.execute(
      sql`insert into insights_rollup_values (company_id, metric, day, value)
        select ${r.companyId}, x.metric, x.day::date, x.value::numeric
          from jsonb_to_recordset(${JSON.stringify(values.slice(k, k + 5000))}::jsonb)
            as x(metric text, day text, value text)
        on conflict (company_id, metric, day) do update
          set value = insights_rollup_values.value + excluded.value`,
    );
  }
  return folded;
}

async function foldEvents(db: Tx, r: Rollup, batch: EventRow[]): Promise<void> {
  await foldObjects(db, r, await dirtyOfEvents(db, r.companyId, batch));
}

const BATCH = 2000;

async function cursorOf(db: Tx, reader: string): Promise<Cursor> {
  const [row] = await db.select().from(eventCursors).where(eq(eventCursors.reader, reader));
  return row ? { txId: row.tx_id, eventId: row.event_id } : START;
}

/**
 * Folds every event of the company the rollup has not folded yet, in `transact`'s transactions: below
 * the horizon with the cursor moved (readEvents), then any committed above it without moving the cursor
 * (folding is idempotent: the job folds them again later). Afterwards the rollup answers exactly what
 * the records committed so far say. Answers how many events were folded.
 */
export async function catchUp(db: Tx, r: Rollup, transact: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>) {
  const reader = readerOf(r.companyId);
  // Most reads find nothing new: looked at without a transaction.
  if (
    (await committedAfter(db, await cursorOf(db, reader), { limit: 1, companyId: r.companyId })).length === 0
  )
    return 0;
  let handled = 0;
  for (;;) {
    const n = await transact((tx) =>
      readEvents(tx, reader, { limit: BATCH, companyId: r.companyId }, (batch) => foldEvents(tx, r, batch)),
    );
    handled += n;
    if (n < BATCH) break;
  }
  for (let cursor = await cursorOf(db, reader); ; ) {
    const ahead = await committedAfter(db, cursor, { limit: BATCH, companyId: r.companyId });
    if (ahead.length === 0) break;
    await transact((tx) => foldEvents(tx, r, ahead));
    handled += ahead.length;
    const last = ahead.at(-1)!;
    cursor = { txId: last.tx_id, eventId: last.id };
  }
  return handled;
}

/**
 * Starts (or starts again) a company's rollup: empty, in the given time zone and currency, with its
 * events' cursor at the head (the backfill reads the records as they are from here on).
 */
export async function startRollup(db: Tx, companyId: number, tz: string, currency: string): Promise<void> {
  await db.execute(sql`delete from insights_rollup_facts where company_id = ${companyId}`);
  await db.execute(sql`delete from insights_rollup_values where company_id = ${companyId}`);
  const head = await headCursor(db, companyId);
  await db
    .insert(eventCursors)
    .values({ reader: readerOf(companyId), tx_id: head.txId, event_id: head.eventId })
    .onConflictDoUpdate({ target: eventCursors.reader, set: { tx_id: head.txId, event_id: head.eventId } });
  const row = { time_zone: tz, currency, phase: 'backfill', backfill_kind: 's', backfill_after: 0 };
  await db
    .insert(insightsRollupState)
    .values({ company_id: companyId, ...row })
    .onConflictDoUpdate({
      target: insightsRollupState.company_id,
      set: { ...row, started_at: sql`now()`, ready_at: null },
    });
}

const BACKFILL: { kind: Kind; table: string }[] = [
  { kind: 's', table: 'subscriptions' },
  { kind: 'i', table: 'invoices' },
  { kind: 't', table: 'transactions' },
  { kind: 'c', table: 'customers' },
];

/**
 * One batch of a company's backfill, in the caller's transaction: the next `size` objects of the kind it
 * has got to, folded, and the progress moved. Answers whether the backfill is done (the rollup ready).
 */
export async function backfillStep(db: Tx, companyId: number, size = 1000): Promise<boolean> {
  const [state] = await db
    .select()
    .from(insightsRollupState)
    .where(eq(insightsRollupState.company_id, companyId))
    .for('update');
  if (!state) return false;
  if (state.phase === 'ready') return true;
  const r: Rollup = { companyId, tz: state.time_zone, currency: state.currency };
  const at = BACKFILL.findIndex((b) => b.kind === state.backfill_kind);
  const step = BACKFILL[at]!;
  const rows = await run(
    db,
    sql`select id from ${sql.identifier(step.table)} where company_id = ${companyId} and id > ${state.backfill_after}
      order by id limit ${size}`,
  );
  if (rows.length > 0) {
    const d = noneDirty();
    for (const row of rows) d[step.kind].add(Number(row.id));
    // Each kind is folded on its own: the dependents come in their own turn.
    await foldObjects(db, r, d, false);
  }
  const last = rows.length === size ? Number(rows.at(-1)!.id) : null;
  const next = last !== null ? step : BACKFILL[at + 1];
  const done = next === undefined;
  await db
    .update(insightsRollupState)
    .set(
      done
        ? { phase: 'ready', ready_at: sql`now()` }
        : { backfill_kind: next.kind, backfill_after: last ?? 0 },
    )
    .where(eq(insightsRollupState.company_id, companyId));
  return done;
}
