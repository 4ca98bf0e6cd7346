import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from './columns.ts';
import { companies } from './companies.ts';

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
    created_at: createdAt(),
  },
  (t) => [
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
