import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * Exact row counts of the append-only trails (history logs, events, email history), which grow with
 * every write of a company: keeping them like entity_counts would make every write of a company wait
 * on one counter row (and deadlock writers that touch two counters in turn). Instead an insert or delete
 * statement appends its change to `trail_count_changes` (a trigger, same transaction; no row is updated,
 * so writers never wait on each other), and a job folds the changes into `trail_counts` now and then
 * (one statement: delete the changes it sees, add them to the totals). A total is the folded one plus
 * the changes not folded yet, exact in any snapshot. `company_key` is the company, 0 the platform
 * (rows without a company); no foreign key: a trail outlives its company.
 */
export const trailCounts = pgTable(
  'trail_counts',
  {
    company_key: bigint('company_key', { mode: 'number' }).notNull(),
    entity: text('entity').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_key, t.entity] })],
);

export const trailCountChanges = pgTable(
  'trail_count_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    company_key: bigint('company_key', { mode: 'number' }).notNull(),
    entity: text('entity').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('trail_count_changes_key_idx').on(t.company_key, t.entity, t.delta)],
);
