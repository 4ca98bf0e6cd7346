import { ASSET_IMPORT_STATES, type AssetImportRow } from '@rentloop/domain/asset-import';
import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A row of an asset import as checked: the file's row number and its converted cells. */
export type StoredAssetImportRow = AssetImportRow & { row: number };

/**
 * An asset CSV import (`POST product-tracking/import`), the subscription import's twin
 * (subscription-imports.ts): the rows as checked, kept until the job has written them, and the job's
 * state and progress. A job's progress record, not audited: the assets it creates have their own
 * history entries; `requested_by` says who started it.
 */
export const assetImports = pgTable(
  'asset_imports',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ASSET_IMPORT_STATES }).notNull().default('queued'),
    file_name: text('file_name'),
    /** The currency the rows' purchase costs were checked in (the job refuses to read them in another). */
    currency: text('currency').notNull(),
    rows: jsonb('rows').$type<StoredAssetImportRow[]>().notNull(),
    total_rows: integer('total_rows').notNull(),
    processed_rows: integer('processed_rows').notNull().default(0),
    created_assets: integer('created_assets').notNull().default(0),
    error: text('error'),
    requested_by: refColumn('requested_by'),
    started_at: tsOrNull('started_at'),
    finished_at: tsOrNull('finished_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('asset_imports_company_id_key').on(t.company_id, t.id),
    index('asset_imports_company_status_idx').on(t.company_id, t.status),
    foreignKey({
      name: 'asset_imports_requested_by_fk',
      columns: [t.requested_by],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);
