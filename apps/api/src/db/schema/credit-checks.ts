import { CREDIT_DECISIONS, CREDIT_PROVIDERS } from '@rentloop/domain/credit-checks';
import { foreignKey, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull } from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/**
 * One credit check of an order's customer (`GET order_customers/{id}/crif`): what the provider decided.
 * The latest one is answered again while it is recent, so the provider (billed per check) is not asked
 * twice for the same order. Only successful answers are stored; a failed call leaves no row.
 */
export const creditChecks = pgTable(
  'credit_checks',
  {
    id: idColumn(),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The order customer checked (its id is the order's). */
    order_id: refColumn('order_id').notNull(),
    customer_id: refColumn('customer_id').notNull(),
    provider: text('provider', { enum: CREDIT_PROVIDERS }).notNull(),
    decision: text('decision', { enum: CREDIT_DECISIONS }).notNull(),
    score: integer('score'),
    reference: text('reference').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    checked_at: tsOrNull('checked_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('credit_checks_company_order_idx').on(t.company_id, t.order_id, t.checked_at),
    foreignKey({
      name: 'credit_checks_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'credit_checks_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }).onDelete('cascade'),
  ],
);
