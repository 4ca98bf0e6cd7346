/**
 * Webhooks (spec 02 §3 Webhook, §7 Webhooks; issue 27): a company's own systems hear its changes as
 * signed HTTP deliveries (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 * The events come from the events table (the outbox); one delivery per event and webhook, in event order.
 */
import { z } from 'zod';
import { booleanFilter, safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

/**
 * The event types a webhook may ask for: the types the product writes to the events table (creations,
 * the state machines' `<object>.status_changed` and their named transitions). `*` asks for every one.
 */
export const WEBHOOK_EVENT_TYPES = [
  '*',
  'customer.created',
  'customer.deleted',
  'order.created',
  'order.status_changed',
  'order.finalised',
  'order.customer_updated',
  'order.tagged',
  'order.quote_created',
  'order.quote_updated',
  'order.quote_deleted',
  'order.swap_requested',
  'order.credit_checked',
  'order_item.updated',
  'subscription.created',
  'subscription.updated',
  'subscription.status_changed',
  'subscription.end_scheduled',
  'subscription.end_withdrawn',
  'subscription.auto_renew',
  'subscription.bought_out',
  'invoice.issued',
  'invoice.status_changed',
  'invoice.settled',
  'invoice.payment_failed',
  'invoice.cancelled',
  'transaction.status_changed',
  'recurring_payment.created',
  'recurring_payment.status_changed',
  'recurring_payment.collected',
  'recurring_payment.deleted',
  'product_tracking.created',
  'product_tracking.status_changed',
  'repair.created',
  'repair.status_changed',
  'return.created',
  'return.updated',
  'voucher.created',
  'voucher.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The kinds of record `POST webhooks/{id}/model/{item_id}?object=` can send in its current state. */
export const WEBHOOK_MODELS = [
  'customer',
  'order',
  'subscription',
  'invoice',
  'transaction',
  'recurring_payment',
  'product_tracking',
  'voucher',
] as const;
export type WebhookModel = (typeof WEBHOOK_MODELS)[number];

/** The type of the "Send test event" delivery. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const URL_INVALID = 'Enter a valid URL starting with https:// or http://.';

export const webhookUrl = () =>
  safeText()
    .trim()
    .min(1, MESSAGES.required)
    .max(2000)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '';
      } catch {
        return false;
      }
    }, URL_INVALID);

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event type.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const webhookInputSchema = z.object({
  url: webhookUrl(),
  description: safeText().trim().max(500).nullish(),
  event_types: eventTypes,
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookUpdateSchema = z.object({
  url: webhookUrl().optional(),
  description: safeText().trim().max(500).nullish(),
  event_types: eventTypes.optional(),
  enabled: z.boolean().optional(),
  /**
   * A new secret, shown once in the answer; the old one keeps signing (a second signature) for 24 hours,
   * so the receiver can switch without losing a delivery.
   */
  rotate_secret: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the product disabled it (deliveries kept failing for 3 days); null when a person did, or it is on. */
  disabled_reason: z.string().nullable(),
  /** Until when the previous secret still signs (after a rotation), else null. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The signing secret (`whsec_...`): only in the answer that made it (create, rotation). */
  secret: z.string().optional(),
  /** The newest delivery (queued, sent or failed), null before the first; in the list and GET answers. */
  last_delivery: z
    .object({
      id: z.number().int(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      status_code: z.number().int().nullable(),
      created_at: z.string(),
    })
    .nullable()
    .optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const WEBHOOK_SORTS = ['id', 'url', 'created_at'] as const;

export const webhookFiltersSchema = z.object({
  /** true/false, or "true"/"false" as the screen's filter sends it. */
  enabled: booleanFilter(),
});
export type WebhookFilters = z.infer<typeof webhookFiltersSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** `GET webhooks/{id}/deliveries`: paged, newest first (sort id), filter by status. */
export const WEBHOOK_DELIVERY_SORTS = ['id'] as const;
export const webhookDeliveryFiltersSchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveryFilters = z.infer<typeof webhookDeliveryFiltersSchema>;

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  attempted_at: z.string(),
  duration_ms: z.number().int(),
  /** The receiver's HTTP status; null when there was no answer (refused, time-out, address refused). */
  status_code: z.number().int().nullable(),
  succeeded: z.boolean(),
  error: z.string().nullable(),
  /** The first 2 kB of the receiver's answer. */
  response_body: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  /** The event delivered; null for a test event or a record sent by hand. */
  event_id: z.number().int().nullable(),
  /** The `webhook-id` header: the same for every attempt and resend of one message. */
  message_id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  /** How long the last attempt took (ms), null before the first; in the list. */
  last_duration_ms: z.number().int().nullable().optional(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  attempt_log: z.array(webhookAttemptSchema).optional(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
