import type { Address } from '@rentloop/domain/addresses';
import { CUMULATED_INVOICE_MODES } from '@rentloop/domain/cumulated-invoices';
import { CUSTOMER_LANGUAGES } from '@rentloop/domain/customers';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    language: text('language', { enum: CUSTOMER_LANGUAGES }).notNull().default('en'),
    company_name: text('company_name'),
    vat_number: text('vat_number'),
    /** Cumulated invoices (packages/domain cumulated-invoices.ts): off, a monthly statement or collective invoice. */
    cumulated_invoice: text('cumulated_invoice', { enum: CUMULATED_INVOICE_MODES }).notNull().default('off'),
    /**
     * The customer asked not to be sent record mails (order confirmation, quote, subscription summary,
     * payment receipt): `email/send-*` hold them back unless `override` (docs/decisions.md 74).
     */
    record_mail_opt_out: boolean('record_mail_opt_out').notNull().default(false),
    billing_address: jsonb('billing_address').$type<Address>(),
    shipping_address: jsonb('shipping_address').$type<Address>(),
    /** Country of the billing address, kept as a column so the list can filter on it with an index. */
    billing_country: text('billing_country').generatedAlwaysAs(
      (): SQL => sql`lower(${customers.billing_address} ->> 'country')`,
    ),
    /** What the list search matches (name, email, phone), lower-cased, under one trigram index. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${customers.name} || ' ' || ${customers.email} || ' ' || coalesce(${customers.phone}, ''))`,
    ),
    /** Set when archived: out of the default list (and its maintained total) until restored. */
    archived_at: tsOrNull('archived_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_company_email_key').on(t.company_id, t.email),
    // Other company data refers to a customer by (company_id, id) (voucher redemptions).
    uniqueIndex('customers_company_id_key').on(t.company_id, t.id),
    // Every list order leads with company_id and ends with id, so a page (even a deep one) is an index
    // range. The default list shows active customers only: its indexes hold only those (partial), so an
    // archived row costs the list nothing; the archived few have one index of their own.
    index('customers_company_id_idx').on(t.company_id, t.id).where(sql`archived_at IS NULL`),
    index('customers_company_name_idx').on(t.company_id, t.name, t.id).where(sql`archived_at IS NULL`),
    index('customers_company_created_idx')
      .on(t.company_id, t.created_at, t.id)
      .where(sql`archived_at IS NULL`),
    index('customers_company_updated_idx')
      .on(t.company_id, t.updated_at, t.id)
      .where(sql`archived_at IS NULL`),
    index('customers_company_country_idx')
      .on(t.company_id, t.billing_country, t.id)
      .where(sql`archived_at IS NULL`),
    index('customers_company_language_idx')
      .on(t.company_id, t.language, t.id)
      .where(sql`archived_at IS NULL`),
    index('customers_company_archived_idx').on(t.company_id, t.id).where(sql`archived_at IS NOT NULL`),
    index('customers_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);
