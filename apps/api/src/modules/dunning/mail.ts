/**
 * The dunning's customer mails: the shipped reminders `payment_failed_1..3` (with the next retry's
 * date) and `payment_method_declined` (a hard decline: no date, the method must change). Rendered from
 * the company's template in the invoice's language and recorded in the outbox in the caller's
 * transaction, so a mail exists exactly when the dunning change that sends it commits; the callers send
 * each once (a step's reminder once per payment, `last_mail_step`; the decline's with its transition).
 */
import { formatDateAs } from '@rentloop/domain/dunning';
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { formatMoney } from '@rentloop/domain/money';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { invoices } from '../../db/schema/index.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { LOCALE } from '../invoices/document.ts';
import { getSettings } from '../settings/sections.ts';
import { companyPlaceholders, customerActionUrl, renderMail } from '../templates/mail.ts';

export async function sendDunningMail(
  ctx: Ctx,
  mail: { invoiceId: number; templateId: string; retryDate: string | null },
): Promise<void> {
  const [invoice] = await ctx.db
    .select({
      number: invoices.number,
      gross: invoices.gross,
      currency: invoices.currency,
      language: invoices.language,
      customer: invoices.customer,
    })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, mail.invoiceId)));
  if (!invoice) throw new Error(`Invoice ${mail.invoiceId} vanished.`);
  const general = await getSettings(ctx, 'general');
  const lang = invoice.language as TemplateLanguage;
  const rendered = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: mail.templateId,
    lang,
    data: {
      customer: { name: invoice.customer.name, email: invoice.customer.email },
      company: await companyPlaceholders(ctx, ctx.companyId),
      invoice: { number: invoice.number ?? '' },
      payment: {
        amount: formatMoney(invoice.gross, invoice.currency, LOCALE[lang] ?? 'en'),
        retry_date: mail.retryDate ? formatDateAs(mail.retryDate, general.date_format) : '',
      },
      action_url: customerActionUrl(general),
    },
  });
  await queueMail(ctx, {
    companyId: ctx.companyId,
    kind: mail.templateId,
    to: invoice.customer.email,
    ...rendered,
  });
}
