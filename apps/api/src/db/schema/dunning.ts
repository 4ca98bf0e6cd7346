/**
 * Dunning and inbound gateway events (shared/BILLING.md "Money movements", "Declines are classified",
 * "Dunning is data").
 *
 * - `dunnings`: one row per recurring payment whose charge failed softly: which retry comes next and
 *   when, which reminder mail was last sent (mails are idempotent per payment and step), and how it
 *   ended (recovered by a later success, or the configured end after the last retry).
 * - `gateway_events`: a provider's webhook as it arrived, stored raw before anything else happens
 *   (`UNIQUE(provider, event_id)` folds the provider's duplicates), then processed by a job.
 */
import { DUNNING_END_ACTIONS, DUNNING_STATUSES } from '@rentloop/domain/dunning';
import { PAYMENT_GATEWAYS } from '@rentloop/domain/enums';
import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices, recurringPayments } from './billing.ts';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { orders, subscriptions } from './orders.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const dunnings = pgTable(
  'dunnings',
  {
    id: idColumn(),
    company_id: companyRef(),
    recurring_payment_id: refColumn('recurring_payment_id').notNull(),
    invoice_id: refColumn('invoice_id').notNull(),
    order_id: refColumn('order_id').notNull(),
    subscription_id: refColumn('subscription_id').notNull(),
    /**
     * Failed charges so far: 1 right after the first failure; while active, retry `step` is the next
     * attempt (packages/domain/src/dunning.ts). 0 only for a dunning that ended at its first failure.
     */
    step: integer('step').notNull().default(0),
    /** How many retries the settings allowed when dunning began (later setting changes do not shorten it). */
    max_steps: integer('max_steps').notNull(),
    /** The company date of the next retry; null once no retry is left. */
    next_attempt_on: date('next_attempt_on', { mode: 'string' }),
    /** The last dunning mail step sent (0: none yet). */
    last_mail_step: integer('last_mail_step').notNull().default(0),
    status: text('status', { enum: DUNNING_STATUSES }).notNull().default('active'),
    /** What ended it: recovered, cancel_subscription, debt_collection, nothing, payment_method_declined. */
    end_action: text('end_action', { enum: DUNNING_END_ACTIONS }),
    ended_at: tsOrNull('ended_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('dunnings_company_id_key').on(t.company_id, t.id),
    uniqueIndex('dunnings_recurring_payment_key').on(t.company_id, t.recurring_payment_id),
    index('dunnings_due_idx').on(t.company_id, t.next_attempt_on, t.id).where(sql`status = 'active'`),
    index('dunnings_company_order_idx').on(t.company_id, t.order_id),
    index('dunnings_company_subscription_idx').on(t.company_id, t.subscription_id),
    foreignKey({
      name: 'dunnings_recurring_payment_fk',
      columns: [t.company_id, t.recurring_payment_id],
      foreignColumns: [recurringPayments.company_id, recurringPayments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'dunnings_invoice_fk',
      columns: [t.company_id, t.invoice_id],
      foreignColumns: [invoices.company_id, invoices.id],
    }),
    foreignKey({
      name: 'dunnings_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }),
    foreignKey({
      name: 'dunnings_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }).onDelete('cascade'),
  ],
);

export const GATEWAY_EVENT_STATUSES = ['received', 'processed', 'ignored', 'failed'] as const;

export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: idColumn(),
    company_id: companyRef(),
    provider: text('provider', { enum: PAYMENT_GATEWAYS }).notNull(),
    /** The provider's event id (Stripe `evt_...`; Mollie sends only a payment id, so the id plus the status fetched). */
    event_id: text('event_id').notNull(),
    /** What the provider sent, exactly (the parsed body) and the headers that matter (signature). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: GATEWAY_EVENT_STATUSES }).notNull().default('received'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When it arrived. */
    created_at: createdAt(),
    processed_at: tsOrNull('processed_at'),
  },
  (t) => [
    uniqueIndex('gateway_events_company_id_key').on(t.company_id, t.id),
    uniqueIndex('gateway_events_provider_event_key').on(t.company_id, t.provider, t.event_id),
    index('gateway_events_pending_idx').on(t.created_at, t.id).where(sql`status = 'received'`),
  ],
);
