import { PRODUCT_CLASSES } from '@rentloop/domain/catalog';
import { SHIPPING_RULE_ACTIONS, SHIPPING_RULE_BASES } from '@rentloop/domain/shipping';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, refColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** A country the company ships to (once per company); for CA, US and AU optionally only some regions. */
export const shippingCountries = pgTable(
  'shipping_countries',
  {
    id: idColumn(),
    company_id: companyRef(),
    country: text('country').notNull(),
    /** Region codes ("ON"), or null: the whole country. */
    regions: text('regions').array(),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipping_countries_company_country_key').on(t.company_id, t.country),
    uniqueIndex('shipping_countries_company_id_key').on(t.company_id, t.id),
  ],
);

/** A shipping method of a country, or global (`shipping_country_id` null). Amounts in minor units. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: idColumn(),
    company_id: companyRef(),
    shipping_country_id: refColumn('shipping_country_id'),
    name: text('name').notNull(),
    carrier: text('carrier'),
    price: money('price').notNull(),
    delivery_days_min: integer('delivery_days_min'),
    delivery_days_max: integer('delivery_days_max'),
    free_shipping_threshold: money('free_shipping_threshold'),
    tax_class: text('tax_class', { enum: PRODUCT_CLASSES }).notNull().default('standard'),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipping_methods_company_id_key').on(t.company_id, t.id),
    index('shipping_methods_company_name_idx').on(t.company_id, t.name, t.id),
    index('shipping_methods_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('shipping_methods_country_idx').on(t.company_id, t.shipping_country_id, t.id),
    foreignKey({
      name: 'shipping_methods_country_fk',
      columns: [t.company_id, t.shipping_country_id],
      foreignColumns: [shippingCountries.company_id, shippingCountries.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A rule: the price bands of one method (`shipping_method_id`, one rule per method), or standalone (null)
 * blocking or surcharging products to some places. Product ids are a list (no key per id): the
 * service checks them against the company's products when writing.
 */
export const shippingRules = pgTable(
  'shipping_rules',
  {
    id: idColumn(),
    company_id: companyRef(),
    shipping_method_id: refColumn('shipping_method_id'),
    name: text('name').notNull(),
    action: text('action', { enum: SHIPPING_RULE_ACTIONS }).notNull().default('price'),
    basis: text('basis', { enum: SHIPPING_RULE_BASES }).notNull().default('cart_value'),
    surcharge: money('surcharge'),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    product_ids: bigint('product_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipping_rules_company_id_key').on(t.company_id, t.id),
    uniqueIndex('shipping_rules_method_key').on(t.shipping_method_id),
    index('shipping_rules_company_id_idx').on(t.company_id, t.id),
    foreignKey({
      name: 'shipping_rules_method_fk',
      columns: [t.company_id, t.shipping_method_id],
      foreignColumns: [shippingMethods.company_id, shippingMethods.id],
    }).onDelete('cascade'),
  ],
);

/** A rule's band: from this cart value (minor units) or weight (grams), this price (minor units). */
export const shippingRuleBands = pgTable(
  'shipping_rule_bands',
  {
    company_id: companyRef(),
    rule_id: refColumn('rule_id').notNull(),
    position: integer('position').notNull(),
    from_value: bigint('from_value', { mode: 'bigint' }).notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rule_id, t.position] }),
    foreignKey({
      name: 'shipping_rule_bands_rule_fk',
      columns: [t.company_id, t.rule_id],
      foreignColumns: [shippingRules.company_id, shippingRules.id],
    }).onDelete('cascade'),
  ],
);
