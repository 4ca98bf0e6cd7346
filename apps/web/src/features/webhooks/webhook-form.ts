/** The webhook form's schema: the domain's URL and event types; an empty description is none. */
import { WEBHOOK_EVENT_TYPES, type Webhook, webhookUrl } from '@rentloop/domain/webhooks';
import { z } from 'zod';

export const webhookFormSchema = z.object({
  url: webhookUrl(),
  description: z
    .string()
    .trim()
    .max(500)
    .transform((v) => (v === '' ? null : v)),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event type.'),
  enabled: z.boolean(),
});
export type WebhookFormValues = z.input<typeof webhookFormSchema>;
export type WebhookFormOutput = z.output<typeof webhookFormSchema>;

export const toWebhookValues = (w?: Webhook): WebhookFormValues => ({
  url: w?.url ?? '',
  description: w?.description ?? '',
  event_types: (w?.event_types ?? []) as WebhookFormValues['event_types'],
  enabled: w?.enabled ?? true,
});

/** "All events" for `*`, else the type as written (`order.created`): the receiver's words. */
export const eventTypeLabel = (type: string) => (type === '*' ? 'All events' : type);
