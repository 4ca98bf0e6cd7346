import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { refColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A company's feature flags (`GET /api/{company}/system/unleash-settings`): one row per flag an operator
 * has set; a flag without a row has its default (`FEATURE_FLAGS` in `@rentloop/domain/settings`).
 * The settings themselves are `company_settings` (accounts.ts), one row per section.
 */
export const featureFlags = pgTable(
  'feature_flags',
  {
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.name] })],
);
