import { INVOICE_ZIP_STATES } from '@rentloop/domain/invoice-zips';
import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, idColumn, refColumn, tsOrNull } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A ZIP of invoice PDFs asked for by staff (`POST invoices/zip`): the selection, and once the
 * `invoices-zip` job has made it the archive's bytes, kept in the database like the PDFs themselves
 * (`invoice_documents`), so every API instance and worker reads the one copy. Deleted a day after
 * `expires_at` at the latest (the nightly `sessions-purge-expired`). Not audited, like
 * `invoice_documents`: the trail would copy every archive's bytes, and the invoices it holds have
 * their own entries; `requested_by` says who asked.
 */
export const invoiceZips = pgTable(
  'invoice_zips',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVOICE_ZIP_STATES }).notNull().default('queued'),
    /** The selected invoices in the order given (the job checks each is the company's). */
    invoice_ids: jsonb('invoice_ids').$type<number[]>().notNull(),
    file_name: text('file_name').notNull(),
    zip: bytea('zip'),
    size: integer('size'),
    error: text('error'),
    requested_by: refColumn('requested_by'),
    expires_at: tsOrNull('expires_at').notNull(),
    finished_at: tsOrNull('finished_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_zips_company_id_key').on(t.company_id, t.id),
    index('invoice_zips_expires_idx').on(t.expires_at),
    foreignKey({
      name: 'invoice_zips_requested_by_fk',
      columns: [t.requested_by],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);
