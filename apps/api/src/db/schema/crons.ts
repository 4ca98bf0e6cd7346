import { CRON_RESULTS } from '@rentloop/domain/crons';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tsOrNull, updatedAt } from './columns.ts';

/**
 * The platform's cron schedules (operators' Cron Manager, `modules/crons`): one row per scheduled job,
 * the truth that pg-boss's schedules are made from (at start and on every change). Platform data: no
 * company. Migration 0027 seeded the jobs' default schedules; a row deleted stays deleted. Not audited:
 * every run writes its last run here (one job runs every minute), which would flood the history logs.
 */
export const crons = pgTable(
  'crons',
  {
    id: idColumn(),
    /** The job (`jobs/definitions.ts`); pg-boss keeps one schedule per job. */
    name: text('name').notNull(),
    cron: text('cron').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    enabled: boolean('enabled').notNull().default(true),
    last_run_at: tsOrNull('last_run_at'),
    last_result: text('last_result', { enum: CRON_RESULTS }),
    last_error: text('last_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('crons_name_key').on(t.name)],
);
