/**
 * Mail staff send from a screen (`POST email/send`, `email/send-order`, `send-draft`, `send-subscription`,
 * `send-transaction`): recorded in Email History, then handed over in one of two ways (docs/decisions.md
 * 51 and 65):
 * - by default while the person waits (integrations/email/send-now.ts): "Email sent." only once the SMTP
 *   server took it; refused or unreachable, a 502 "Failed to send email." with its words;
 * - `respond_ok`: recorded `queued` with its delivery job in one transaction and answered at once (202):
 *   the `email-send` job hands it over and retries; Email History shows what became of it.
 * Without SMTP (SMTP_URL) either way answers 503 and keeps the entry `not_sent`.
 * A mail's files (`OutgoingMail.attachments`, by reference) are made at delivery on either path
 * (integrations/email/attachments.ts, docs/decisions.md 71); the answer lists their names.
 */
import type { EmailSendResult } from '@rentloop/domain/email';
import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { customers } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { MAIL_TEXTS, type OutgoingMail, queueMail } from '../../integrations/email/mailer.ts';
import { sanitizeMailHtml } from '../../integrations/email/sanitize.ts';
import { sendMailNow } from '../../integrations/email/send-now.ts';
import { getSettings } from '../settings/sections.ts';
import { companyMailLanguage } from '../templates/mail.ts';

/** The query of every `email/send*` route (spec 01 §7: `override=true`, `respond_ok`). */
export interface SendOptions {
  /** Send even when the customer's state would hold the mail back (archived, opted out of record mails). */
  override: boolean;
  /** Answer once the mail is recorded for the delivery job, not after the SMTP server took it. */
  respondOk: boolean;
}

/** The 409s of a mail the customer's state holds back (the web offers "Send anyway" on exactly these). */
export const HELD_BACK = MESSAGES.mailHeldArchived;
export const OPTED_OUT = MESSAGES.mailHeldOptedOut;
export const NOTHING_LEFT = 'Nothing is left of the text once scripts and unsafe content are removed.';

/**
 * The customer's mail language (customers.language; else the company's) and what, if anything, holds
 * mail back (`held`: the 409's words; archived first, then the record-mail opt-out, docs/decisions.md
 * 74; `SendOptions.override` sends anyway). Every record mail (order, quote, subscription, payment).
 */
export async function recipientOf(
  ctx: Ctx,
  customerId: number,
): Promise<{ lang: TemplateLanguage; held: string | null; name: string; email: string }> {
  const [row] = await ctx.db
    .select({
      language: customers.language,
      archived_at: customers.archived_at,
      record_mail_opt_out: customers.record_mail_opt_out,
      name: customers.name,
      email: customers.email,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.company_id, ctx.companyId)));
  const lang = row?.language as TemplateLanguage | undefined;
  return {
    lang: lang && TEMPLATE_LANGUAGES.includes(lang) ? lang : await companyMailLanguage(ctx),
    held: row?.archived_at ? HELD_BACK : row?.record_mail_opt_out ? OPTED_OUT : null,
    name: row?.name ?? '',
    email: row?.email ?? '',
  };
}

/** Refuses a held-back mail (409 with why) unless the request says `override`. */
export function refuseHeld(recipient: { held: string | null }, options: SendOptions): void {
  if (recipient.held && !options.override) throw new AppError('conflict', recipient.held);
}

/** A mail to a customer, with the company's blind copy for its records (email settings, `bcc`). */
async function withCompanyBcc(ctx: Ctx, bcc: string | null | undefined): Promise<string | null> {
  const own = (await getSettings(ctx, 'email')).bcc;
  const all = [bcc, own].filter((a): a is string => Boolean(a));
  return all.length ? [...new Set(all)].join(', ') : null;
}

/** Records `mail` (a mail to a customer) and hands it over as `options.respondOk` says; see above. */
export async function dispatchMail(
  ctx: Ctx,
  transact: Transact,
  mail: OutgoingMail,
  respondOk: boolean,
): Promise<EmailSendResult> {
  const full = { ...mail, bcc: await withCompanyBcc(ctx, mail.bcc) };
  const attachments = (mail.attachments ?? []).map((a) => a.filename);
  if (respondOk) {
    const queued = await transact((c) => queueMail(c, full));
    if (queued.status !== 'queued')
      throw new AppError('unavailable', MAIL_TEXTS.notSent(MAIL_TEXTS.notConfigured));
    return { id: queued.id, status: 'queued', to: mail.to, attachments };
  }
  const outcome = await sendMailNow(ctx, transact, full);
  if (outcome.status !== 'sent') {
    throw new AppError(
      outcome.status === 'failed' ? 'bad_gateway' : 'unavailable',
      MAIL_TEXTS.notSent(outcome.reason),
    );
  }
  return { id: outcome.id, status: 'sent', to: mail.to, attachments };
}

/** `POST email/send`: the staff member's own mail, its HTML cleaned (integrations/email/sanitize.ts). */
export async function sendFreeFormMail(
  ctx: Ctx,
  transact: Transact,
  input: { to: string; cc?: string | null; bcc?: string | null; subject: string; bodyHtml: string },
  options: Pick<SendOptions, 'respondOk'>,
): Promise<EmailSendResult> {
  const html = sanitizeMailHtml(input.bodyHtml);
  if (!html) throw invalid('bodyHtml', NOTHING_LEFT);
  return dispatchMail(
    ctx,
    transact,
    {
      companyId: ctx.companyId,
      kind: 'free_form',
      to: input.to,
      cc: input.cc || null,
      bcc: input.bcc || null,
      subject: input.subject,
      html,
    },
    options.respondOk,
  );
}
