import { sql } from 'drizzle-orm';
import { customType, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull } from './columns.ts';
import { companies } from './companies.ts';

/** PostgreSQL's 64-bit transaction id (`xid8`), read as a decimal string. */
const xid8 = customType<{ data: string; driverData: string | number }>({
  dataType: () => 'xid8',
  fromDriver: (v) => String(v),
});

/**
 * One row per change of state of an object (a transition, a creation), written in the transaction
 * of the change (modules/events). Not audited: it is itself a record of what happened, and the
 * change it records has its own history entry. `company_id` is null for platform objects (users).
 * `created_at` comes from the service's clock. Actors are not a foreign key: events outlive users.
 */
export const events = pgTable(
  'events',
  {
    id: idColumn(),
    company_id: refColumn('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    object: text('object').notNull(),
    object_id: refColumn('object_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    actor_id: refColumn('actor_id'),
    /** Business time: the clock of the company (a test company's may be moved, company_clocks). */
    created_at: createdAt(),
    /** Wall time of the write, whatever the business clock said (column default: the database's now()). */
    recorded_at: tsOrNull('recorded_at').notNull().default(sql`now()`),
    /**
     * The writing transaction's id: the events reader's cursor (modules/events/reader.ts) orders by
     * (tx_id, id) and reads only below the oldest running transaction, so a slow transaction's events
     * are never skipped by a reader that passed higher ids first.
     */
    tx_id: xid8('tx_id').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('events_tx_idx').on(t.tx_id, t.id),
    // One company's events in the readers' order: the Insights rollups' per-company cursor (decision 89).
    index('events_company_tx_idx').on(t.company_id, t.tx_id, t.id),
    // The Event List: a company's events (and the platform's, company_id null), newest first.
    index('events_company_idx').on(t.company_id, t.id.desc()),
    index('events_company_type_idx').on(t.company_id, t.type, t.id.desc()),
    // The events of one object (its timeline; the list's object filter).
    index('events_object_idx').on(t.object, t.object_id, t.id.desc()),
    // The list's search (modules/events/service.ts): type, object and id, lower-cased, trigram.
    index('events_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.type} || ' ' || ${t.object} || ' ' || ${t.object_id}::text)) gin_trgm_ops`,
    ),
  ],
);

/**
 * Where each reader of the events (webhooks, insights, notifications) has got to: the (tx_id, id) of
 * the last event it handled, moved in the transaction that handles the next batch. Platform data: not
 * audited (it moves on every batch).
 */
export const eventCursors = pgTable('event_cursors', {
  reader: text('reader').primaryKey(),
  tx_id: xid8('tx_id').notNull().default(sql`'0'::xid8`),
  event_id: refColumn('event_id').notNull().default(0),
});
