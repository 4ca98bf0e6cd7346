import { type SQL, sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A company's webhook (spec 02 §3): where to send which event types. The signing secret is sealed
 * (integrations/secrets.ts) and shown once; after a rotation the previous one keeps signing until
 * `previous_secret_expires_at`. `disabled_reason` says why the product switched it off.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: idColumn(),
    company_id: companyRef(),
    url: text('url').notNull(),
    description: text('description'),
    event_types: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabled_reason: text('disabled_reason'),
    secret_sealed: text('secret_sealed').notNull(),
    previous_secret_sealed: text('previous_secret_sealed'),
    previous_secret_expires_at: tsOrNull('previous_secret_expires_at'),
    /** What the list search matches (url, description), lower-cased, under one trigram index. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${webhooks.url} || ' ' || coalesce(${webhooks.description}, ''))`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhooks_company_id_key').on(t.company_id, t.id),
    index('webhooks_company_url_idx').on(t.company_id, t.url, t.id),
    index('webhooks_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('webhooks_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

/**
 * One message to one webhook: an event's (`event_id`, queued in event order, retried with backoff) or
 * one sent by hand (a test event, a record's current state, a resend: attempted once, at once).
 * `payload` is the JSON body as first sent; `message_id` is the `webhook-id` of every attempt.
 * Not audited: delivery progress (each attempt is its own row below).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    company_id: companyRef(),
    webhook_id: refColumn('webhook_id').notNull(),
    event_id: refColumn('event_id'),
    message_id: text('message_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: tsOrNull('next_attempt_at'),
    /** A worker's claim on the delivery while it is being sent (another worker leaves it alone). */
    claimed_until: tsOrNull('claimed_until'),
    last_status_code: integer('last_status_code'),
    delivered_at: tsOrNull('delivered_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_company_id_key').on(t.company_id, t.id),
    // An event is queued once per webhook, however often its batch is read again after a crash.
    uniqueIndex('webhook_deliveries_event_key')
      .on(t.webhook_id, t.event_id)
      .where(sql`${t.event_id} IS NOT NULL`),
    // The queue: a webhook's oldest pending event delivery first.
    index('webhook_deliveries_pending_idx').on(t.webhook_id, t.id).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.company_id, t.webhook_id, t.id.desc()),
    foreignKey({
      name: 'webhook_deliveries_webhook_fk',
      columns: [t.company_id, t.webhook_id],
      foreignColumns: [webhooks.company_id, webhooks.id],
    }).onDelete('cascade'),
  ],
);

/** Every attempt of a delivery: when, how long, the answer's status and its first 2 kB. Not audited. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: idColumn(),
    company_id: companyRef(),
    delivery_id: refColumn('delivery_id').notNull(),
    attempted_at: tsOrNull('attempted_at').notNull(),
    duration_ms: integer('duration_ms').notNull(),
    status_code: integer('status_code'),
    succeeded: boolean('succeeded').notNull(),
    error: text('error'),
    response_body: text('response_body'),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.delivery_id, t.id),
    foreignKey({
      name: 'webhook_attempts_delivery_fk',
      columns: [t.company_id, t.delivery_id],
      foreignColumns: [webhookDeliveries.company_id, webhookDeliveries.id],
    }).onDelete('cascade'),
  ],
);
