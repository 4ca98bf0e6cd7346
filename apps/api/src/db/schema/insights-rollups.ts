import { sql } from 'drizzle-orm';
import { date, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { refColumn } from './columns.ts';
import { companies } from './companies.ts';

/**
 * The Insights rollups (issue 28 part 5, decision 89), kept OFF the write path: a job (and a graph read,
 * for what the job has not reached yet) folds the events of the outbox into them. Derived data, not
 * audited. Per company: the state (which time zone and currency the days and sums were folded in, and
 * the resumable backfill's progress), one fact per object (what it adds to the rollup: folding an object
 * again subtracts its last fact and adds the new one, so folding is idempotent and order-free), and the
 * summed values per metric and day.
 */
export const insightsRollupState = pgTable('insights_rollup_state', {
  company_id: refColumn('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  time_zone: text('time_zone').notNull(),
  currency: text('currency').notNull(),
  /** `backfill` (graphs scan the records meanwhile), `ready`. */
  phase: text('phase').notNull().default('backfill'),
  /** The backfill's next kind of object (s, i, t, c) and the last id it folded of it. */
  backfill_kind: text('backfill_kind').notNull().default('s'),
  backfill_after: refColumn('backfill_after').notNull().default(0),
  started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().default(sql`now()`),
  ready_at: timestamp('ready_at', { withTimezone: true, mode: 'string' }),
});

export const insightsRollupFacts = pgTable(
  'insights_rollup_facts',
  {
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** s subscription, i invoice, t transaction, c customer. */
    kind: text('kind').notNull(),
    object_id: refColumn('object_id').notNull(),
    /** `metric|day` -> the amount it adds (a bigint as text). */
    entries: jsonb('entries').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.kind, t.object_id] })],
);

export const insightsRollupValues = pgTable(
  'insights_rollup_values',
  {
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: numeric('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.metric, t.day] })],
);
