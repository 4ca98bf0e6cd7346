import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'not_sent'] as const;

/**
 * A file a mail carries, named by reference and made into bytes when the mail is handed to the SMTP
 * server (integrations/email/attachments.ts): the entry keeps the reference, never the file.
 * `invoice_pdf`: the stored PDF of an issued invoice (rendered and stored then if its job has not run).
 */
export const MAIL_ATTACHMENT_KINDS = ['invoice_pdf'] as const;
export const mailAttachmentSchema = z.object({
  kind: z.enum(MAIL_ATTACHMENT_KINDS),
  invoice_id: z.number().int(),
  /** The file's name in the mail, e.g. `Invoice INV-2026-0001.pdf`. */
  filename: z.string(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

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
  /** The files the mail carries (by reference); empty for none. */
  attachments: z.array(mailAttachmentSchema),
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

/** At most this many addresses in each of to, cc and bcc of one mail. */
export const MAX_RECIPIENTS = 20;
const ADDRESS = z.email();

/** A list of addresses as written (`a@x.test, b@x.test`, commas or semicolons), trimmed and lower-cased. */
const addressList = (required: boolean) =>
  safeText()
    .max(2000)
    .transform((v) =>
      v
        .split(/[,;]/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    )
    .superRefine((list, ctx) => {
      if (required && list.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      if (list.length > MAX_RECIPIENTS)
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_RECIPIENTS} addresses.` });
      const bad = list.find((a) => !ADDRESS.safeParse(a).success);
      if (bad) ctx.addIssue({ code: 'custom', message: `${MESSAGES.emailInvalid} (${bad})` });
    })
    .transform((list) => list.join(', '));

/**
 * `POST /api/{company}/email/send` (spec 01 §3 "Email payload": to, cc, bcc, subject, bodyHtml): a mail
 * written by staff. Addresses are separated by commas; the HTML is sanitized by the API before it is kept
 * or sent (docs/decisions.md 65).
 */
export const emailSendSchema = z.object({
  to: addressList(true),
  cc: addressList(false).nullish(),
  bcc: addressList(false).nullish(),
  subject: safeText().trim().min(1, MESSAGES.required).max(200),
  bodyHtml: safeText().trim().min(1, MESSAGES.required).max(200_000),
});
export type EmailSendInput = z.input<typeof emailSendSchema>;

/** The answer of every `email/send*` route: the Email History entry, its state and its recipients. */
export const emailSendResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['sent', 'queued']),
  to: z.string(),
  /** The names of the files it carries (none: empty), made when it is handed to the SMTP server. */
  attachments: z.array(z.string()),
});
export type EmailSendResult = z.infer<typeof emailSendResultSchema>;

/** A switch of the query: `?flag`, `?flag=true` or `?flag=1` on; absent, `false` or `0` off; else a 422. */
const queryFlag = () =>
  z
    .enum(['', 'true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === '' || v === 'true' || v === '1');

/** The query of every `email/send*` route (spec 01 §7): see the routes' OpenAPI descriptions. */
export const emailSendQuerySchema = z.object({ override: queryFlag(), respond_ok: queryFlag() });

/** The body of `email/send-order`, `send-draft` (and the later `send-subscription`, `send-transaction`). */
export const emailRecordSchema = z.object({ id: z.number().int().positive() });
