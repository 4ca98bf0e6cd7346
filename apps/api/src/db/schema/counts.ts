import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { refColumn } from './columns.ts';
import { companies } from './companies.ts';

/**
 * Exact row counts per company and entity, kept by triggers in the same transaction as each
 * insert and delete (see migrations), so an unfiltered list reads its total without counting rows.
 */
export const entityCounts = pgTable(
  'entity_counts',
  {
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.entity] })],
);
