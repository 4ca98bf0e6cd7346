/**
 * Repairs (packages/domain repairs.ts; decision 55): one row per repair case of an asset. It refers to
 * its asset and to the questionnaire version it is answered with by (company_id, id), so neither can be
 * another company's; the answers are jsonb by question name, checked against that pinned version on
 * every save (the version is never updated, so they stay readable). `total_cost` is recorded when the
 * repair closes, in the company's currency (under the currency freeze). An asset has at most one open
 * repair (the partial unique index).
 */

import { ASSET_STATUSES } from '@rentloop/domain/enums';
import { REPAIR_STATUSES } from '@rentloop/domain/repairs';
import { type SQL, sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companySearchIndex, createdAt, idColumn, money, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { productTracking } from './product-tracking.ts';
import { repairQuestionnaireVersions } from './repair-questions.ts';
import { users } from './users.ts';

export const repairs = pgTable(
  'repairs',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product_tracking_id: refColumn('product_tracking_id').notNull(),
    serial_number: text('serial_number').notNull(),
    product_name: text('product_name').notNull(),
    status: text('status', { enum: REPAIR_STATUSES }).notNull().default('open'),
    questionnaire_id: refColumn('questionnaire_id').notNull(),
    questionnaire_version: integer('questionnaire_version').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    total_cost: money('total_cost'),
    outcome: text('outcome', { enum: ASSET_STATUSES }),
    reason: text('reason'),
    opened_by: refColumn('opened_by').references(() => users.id, { onDelete: 'set null' }),
    closed_by: refColumn('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closed_at: tsOrNull('closed_at'),
    /** What the list search matches (serial number, product), lower-cased, under a trigram index. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${repairs.serial_number} || ' ' || ${repairs.product_name})`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('repairs_company_id_key').on(t.company_id, t.id),
    uniqueIndex('repairs_open_asset_key')
      .on(t.company_id, t.product_tracking_id)
      .where(sql`${t.status} = 'open'`),
    ...(['serial_number', 'status', 'total_cost', 'created_at', 'closed_at'] as const).map((k) =>
      index(`repairs_company_${k}_idx`).on(t.company_id, t[k], t.id),
    ),
    index('repairs_company_asset_idx').on(t.company_id, t.product_tracking_id, t.id),
    companySearchIndex('repairs_search_keys_idx', t.company_id, t.search_text),
    foreignKey({
      name: 'repairs_asset_fk',
      columns: [t.company_id, t.product_tracking_id],
      foreignColumns: [productTracking.company_id, productTracking.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'repairs_questionnaire_fk',
      columns: [t.company_id, t.questionnaire_id],
      foreignColumns: [repairQuestionnaireVersions.company_id, repairQuestionnaireVersions.id],
    }),
  ],
);
