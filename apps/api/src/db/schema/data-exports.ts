import { DATA_EXPORT_FORMATS, DATA_EXPORT_KINDS, DATA_EXPORT_STATES } from '@rentloop/domain/data-export';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, idColumn, refColumn, tsOrNull } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A data export asked for by staff (`POST data-export`, decision 66): the list, its parameters and
 * columns, the format, the job's progress, and the SHA-256 of the download token (the token itself is
 * shown once). Audited: who exported which list with which filters is in the history log.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DATA_EXPORT_KINDS }).notNull(),
    format: text('format', { enum: DATA_EXPORT_FORMATS }).notNull(),
    status: text('status', { enum: DATA_EXPORT_STATES }).notNull().default('queued'),
    /** The list's parameters as asked: search, sort, desc, filters (the JSON text). */
    params: jsonb('params')
      .$type<{ search?: string; sort?: string; desc?: boolean; filters?: string }>()
      .notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    token_hash: text('token_hash').notNull(),
    file_name: text('file_name').notNull(),
    rows_done: integer('rows_done').notNull().default(0),
    rows_total: integer('rows_total'),
    size: integer('size'),
    error: text('error'),
    requested_by: refColumn('requested_by'),
    expires_at: tsOrNull('expires_at').notNull(),
    finished_at: tsOrNull('finished_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('data_exports_company_id_key').on(t.company_id, t.id),
    uniqueIndex('data_exports_token_hash_key').on(t.token_hash),
    index('data_exports_company_requester_idx').on(t.company_id, t.requested_by, t.id),
    index('data_exports_expires_idx').on(t.expires_at),
    foreignKey({
      name: 'data_exports_requested_by_fk',
      columns: [t.requested_by],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);

/**
 * The file of an export in pieces of about a megabyte, in order (`seq`): the job appends one piece at a
 * time and the download streams them one at a time, so neither holds the whole file. Deleted with the
 * export. Not audited: the trail would copy every byte; the export's own row says what was exported.
 */
export const dataExportChunks = pgTable(
  'data_export_chunks',
  {
    company_id: refColumn('company_id').notNull(),
    export_id: refColumn('export_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.export_id, t.seq] }),
    foreignKey({
      name: 'data_export_chunks_export_fk',
      columns: [t.company_id, t.export_id],
      foreignColumns: [dataExports.company_id, dataExports.id],
    }).onDelete('cascade'),
  ],
);
