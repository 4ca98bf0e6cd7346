import type { RepairPage, RepairQuestion } from '@rentloop/domain/repair-questions';
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A question as stored: its rate in minor units of the version's `currency` (a string: exact). */
export type StoredRepairQuestion = Omit<RepairQuestion, 'cost_rate'> & { cost_rate_minor: string | null };
export type StoredRepairPage = Omit<RepairPage, 'questions'> & { questions: StoredRepairQuestion[] };
export interface StoredRepairQuestionnaire {
  pages: StoredRepairPage[];
}

/**
 * Every saved version of a company's repair questionnaire (spec 02 §3, §7 `repairs-questions`;
 * decision 49). A save that changes something adds a row, numbered 1, 2, 3... per company; rows are
 * never updated, so a repair refers to the version it was answered with (`(company_id, id)`, a
 * composite key like every other company reference) and always shows those questions. The latest row
 * is the questionnaire; a company without one uses the default (`repair-questions-default.ts`).
 * Rates are minor units of `currency`, the company's currency when the version was saved.
 */
export const repairQuestionnaireVersions = pgTable(
  'repair_questionnaire_versions',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    currency: text('currency').notNull(),
    questionnaire: jsonb('questionnaire').$type<StoredRepairQuestionnaire>().notNull(),
    /** Who saved it; null once that user is deleted, or when no user did (the default saved by a job for a repair). */
    created_by: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('repair_questionnaire_versions_company_version_key').on(t.company_id, t.version),
    uniqueIndex('repair_questionnaire_versions_company_id_key').on(t.company_id, t.id),
  ],
);
