import { NOTE_ENTITIES } from '@rentloop/domain/notes';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Notes written by staff on a record of the company. A note points at records of several kinds
 * (`entity`: customers now, orders, subscriptions and invoices later), so `entity_id` cannot be one
 * foreign key: the service checks that the record exists in the note's company before writing
 * (`modules/notes/service.ts`), and deleting a record deletes its notes (`deleteNotesOf`).
 * Nothing refers to a note, so it needs no `(company_id, id)` key.
 */
export const notes = pgTable(
  'notes',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: NOTE_ENTITIES }).notNull(),
    entity_id: refColumn('entity_id').notNull(),
    text: text('text').notNull(),
    /** The author; null once that user is deleted (the note stays). */
    author_id: refColumn('author_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Every list order leads with company_id and ends with id; the record's notes have their own.
    index('notes_company_id_idx').on(t.company_id, t.id),
    index('notes_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('notes_company_updated_idx').on(t.company_id, t.updated_at, t.id),
    index('notes_company_entity_idx').on(t.company_id, t.entity, t.entity_id, t.id),
  ],
);
