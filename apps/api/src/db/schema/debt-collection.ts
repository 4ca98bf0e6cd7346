import {
  DEBT_CLAIM_STATUSES,
  DEBT_HANDOVER_STATUSES,
  DEBT_PROVIDERS,
} from '@rentloop/domain/debt-collection';
import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices } from './billing.ts';
import { createdAt, idColumn, money, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';

const companyId = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * An invoice handed over to the debt collection agency (modules/debt-collection). One per invoice
 * (`unique (company_id, invoice_id)`): a second hand-over answers the first. The row is written
 * (`pending`) before the agency is called, so an agency that is down loses nothing; `reference` is the
 * agency's id once it confirmed. Amounts in the company's currency (minor units), as the agency reported
 * them at the latest sync.
 */
export const debtClaims = pgTable(
  'debt_claims',
  {
    id: idColumn(),
    company_id: companyId(),
    invoice_id: refColumn('invoice_id').notNull(),
    customer_id: refColumn('customer_id').notNull(),
    provider: text('provider', { enum: DEBT_PROVIDERS }).notNull(),
    reference: text('reference'),
    status: text('status', { enum: DEBT_CLAIM_STATUSES }).notNull(),
    amount: money('amount').notNull(),
    paid_amount: money('paid_amount').notNull().default(sql`0`),
    fee: money('fee').notNull().default(sql`0`),
    currency: text('currency').notNull(),
    settled_at: tsOrNull('settled_at'),
    last_error: text('last_error'),
    last_synced_at: tsOrNull('last_synced_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('debt_claims_company_id_key').on(t.company_id, t.id),
    uniqueIndex('debt_claims_invoice_key').on(t.company_id, t.invoice_id),
    uniqueIndex('debt_claims_reference_key').on(t.company_id, t.provider, t.reference),
    ...(['created_at', 'updated_at', 'status', 'amount'] as const).map((k) =>
      index(`debt_claims_company_${k}_idx`).on(t.company_id, t[k], t.id),
    ),
    foreignKey({
      name: 'debt_claims_invoice_fk',
      columns: [t.company_id, t.invoice_id],
      foreignColumns: [invoices.company_id, invoices.id],
    }),
    foreignKey({
      name: 'debt_claims_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }),
  ],
);

/**
 * A claim's activity comments: written by staff (sent to the agency first, stored with the agency's id)
 * or the agency's own, pulled by the sync; `unique (claim, reference)` keeps a sync from adding one twice.
 */
export const debtClaimComments = pgTable(
  'debt_claim_comments',
  {
    id: idColumn(),
    company_id: companyId(),
    claim_id: refColumn('claim_id').notNull(),
    reference: text('reference').notNull(),
    source: text('source', { enum: ['staff', 'agency'] }).notNull(),
    comment: text('comment').notNull(),
    author: text('author'),
    author_user_id: refColumn('author_user_id'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('debt_claim_comments_reference_key').on(t.company_id, t.claim_id, t.reference),
    index('debt_claim_comments_claim_idx').on(t.company_id, t.claim_id, t.id),
    foreignKey({
      name: 'debt_claim_comments_claim_fk',
      columns: [t.company_id, t.claim_id],
      foreignColumns: [debtClaims.company_id, debtClaims.id],
    }).onDelete('cascade'),
  ],
);

/** The company's user at the agency (its login to the agency's portal): at most one per company. */
export const debtUsers = pgTable(
  'debt_users',
  {
    id: idColumn(),
    company_id: companyId(),
    provider: text('provider', { enum: DEBT_PROVIDERS }).notNull(),
    reference: text('reference').notNull(),
    email: text('email').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('debt_users_company_key').on(t.company_id)],
);

/**
 * The dunning's hand-over of an invoice, waiting for its day (decision 84): written when the dunning
 * ended with "hand to debt collection" (handover.ts reads the dunning's event), due
 * `handover_after_days` (the settings' value on the day it is looked at) after `reminder_due_on`, the
 * date the last reminder gave the customer (the last retry's). `scheduled` until then; `filed` once its
 * claim is recorded (`claim_id`); `skipped` with the reason when it could not become a claim (settled
 * meanwhile, below the smallest claim, debt collection not set up). One per invoice.
 */
export const debtHandovers = pgTable(
  'debt_handovers',
  {
    id: idColumn(),
    company_id: companyId(),
    invoice_id: refColumn('invoice_id').notNull(),
    dunning_id: refColumn('dunning_id'),
    reminder_due_on: date('reminder_due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: DEBT_HANDOVER_STATUSES }).notNull().default('scheduled'),
    reason: text('reason'),
    claim_id: refColumn('claim_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('debt_handovers_invoice_key').on(t.company_id, t.invoice_id),
    index('debt_handovers_due_idx')
      .on(t.company_id, t.reminder_due_on, t.id)
      .where(sql`status = 'scheduled'`),
    foreignKey({
      name: 'debt_handovers_invoice_fk',
      columns: [t.company_id, t.invoice_id],
      foreignColumns: [invoices.company_id, invoices.id],
    }).onDelete('cascade'),
  ],
);
