import { z } from 'zod';
import { safeText } from './api.ts';

export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'not_sent'] as const;

/** An entry of the outbox (Email History). Secret links in the body are hidden. */
export const emailEntrySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  kind: z.string(),
  to: z.string(),
  cc: z.string().nullable(),
  bcc: z.string().nullable(),
  subject: z.string(),
  body_html: z.string(),
  status: z.enum(EMAIL_STATUSES),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type EmailEntry = z.infer<typeof emailEntrySchema>;

export const EMAIL_ENTRY_SORTS = ['id', 'created_at'] as const;
export const emailEntryFiltersSchema = z.object({
  status: z.enum(EMAIL_STATUSES).optional(),
  kind: safeText().max(64).optional(),
  /** The mails sent to this customer's email address (the customer page's "Mails" card). */
  customer_id: z.coerce.number().int().positive().optional(),
});
