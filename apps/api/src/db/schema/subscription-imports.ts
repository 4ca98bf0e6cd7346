import { SUBSCRIPTION_IMPORT_STATES } from '@rentloop/domain/subscription-import';
import type { SubscriptionImportRow } from '@rentloop/domain/subscription-import-rows';
import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A row of an import as checked: the file's row number and its converted cells. */
export type StoredImportRow = SubscriptionImportRow & { row: number };

/**
 * A subscription CSV import (`POST subscriptions/import`): the rows as checked, kept until the job has
 * written them, and the job's state and progress. Like `product_syncs`, a job's progress record and not
 * audited: its progress changes every few hundred rows, and what it creates (orders, subscriptions) has
 * its own history entries and events; `requested_by` says who started it.
 */
export const subscriptionImports = pgTable(
  'subscription_imports',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_IMPORT_STATES }).notNull().default('queued'),
    file_name: text('file_name'),
    /** The currency the rows' prices were checked in (the job refuses to read them in another). */
    currency: text('currency').notNull(),
    rows: jsonb('rows').$type<StoredImportRow[]>().notNull(),
    total_rows: integer('total_rows').notNull(),
    processed_rows: integer('processed_rows').notNull().default(0),
    created_subscriptions: integer('created_subscriptions').notNull().default(0),
    created_orders: integer('created_orders').notNull().default(0),
    error: text('error'),
    requested_by: refColumn('requested_by'),
    started_at: tsOrNull('started_at'),
    finished_at: tsOrNull('finished_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_imports_company_id_key').on(t.company_id, t.id),
    index('subscription_imports_company_status_idx').on(t.company_id, t.status),
    foreignKey({
      name: 'subscription_imports_requested_by_fk',
      columns: [t.requested_by],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);
