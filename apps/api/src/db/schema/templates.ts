import { TEMPLATE_LANGUAGES } from '@rentloop/domain/enums';
import { TEMPLATE_TYPES } from '@rentloop/domain/templates';
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Email and invoice templates, one row per kind (`template_id`) and language. A row without a company is
 * the platform's default (every kind and language has one: written at start from the texts the product
 * ships, `modules/templates/shipped.ts`, and edited by operators); a row with a company is that company's
 * own text for one language, which overrides the default until it is deleted.
 */
export const templates = pgTable(
  'templates',
  {
    id: idColumn(),
    company_id: refColumn('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    template_id: text('template_id').notNull(),
    type: text('type', { enum: TEMPLATE_TYPES }).notNull(),
    lang: text('lang', { enum: TEMPLATE_LANGUAGES }).notNull(),
    subject: text('subject').notNull(),
    html_raw: text('html_raw').notNull(),
    css_raw: text('css_raw').notNull().default(''),
    /** The mail as sent: `html_raw` with `css_raw` inlined, placeholders still in it. */
    body: text('body').notNull(),
    /** Who last changed it; null for the shipped text (and once that user is deleted). */
    updated_by: refColumn('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (t) => [
    // One text per kind and language: per company, and once among the defaults (company_id null).
    uniqueIndex('templates_company_kind_lang_key')
      .on(t.company_id, t.template_id, t.lang)
      .where(sql`${t.company_id} is not null`),
    uniqueIndex('templates_default_kind_lang_key')
      .on(t.template_id, t.lang)
      .where(sql`${t.company_id} is null`),
  ],
);
