import { CURRENCIES, PAYMENT_SYSTEMS, SHOP_SYSTEMS } from '@rentloop/domain/companies';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from './columns.ts';

export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    shop_system: text('shop_system', { enum: SHOP_SYSTEMS }),
    payment_system: text('payment_system', { enum: PAYMENT_SYSTEMS }),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('EUR'),
    /**
     * A test company (an operator's sandbox, the demo companies): its business clock may be moved
     * (company_clocks). A company with real orders can never become one (migration 0038's trigger).
     */
    is_test: boolean('is_test').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('companies_name_idx').on(t.name, t.id)],
);

/**
 * A test company's business clock (shared/BILLING.md "Time you can move"): its "now" is the wall clock
 * plus `offset_ms`, only ever moved forward, by `advance` (modules/companies/clock.ts). A trigger refuses
 * a row for a company that is not a test company, and every change announces itself on the auth channel
 * (NOTIFY rentloop_auth '*'), so every instance's session cache, which carries the offset, forgets it.
 */
export const companyClocks = pgTable(
  'company_clocks',
  {
    company_id: refColumn('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    offset_ms: bigint('offset_ms', { mode: 'number' }).notNull(),
    updated_at: updatedAt(),
  },
  (t) => [check('company_clocks_forward', sql`${t.offset_ms} >= 0`)],
);
