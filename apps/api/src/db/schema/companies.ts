import { CURRENCIES, PAYMENT_SYSTEMS, SHOP_SYSTEMS } from '@rentloop/domain/companies';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';

export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    shop_system: text('shop_system', { enum: SHOP_SYSTEMS }),
    payment_system: text('payment_system', { enum: PAYMENT_SYSTEMS }),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('EUR'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('companies_name_idx').on(t.name, t.id)],
);
