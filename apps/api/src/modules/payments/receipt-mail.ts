/**
 * Mailing a payment's receipt to its customer (`POST email/send-transaction`), from the company's
 * `payment_receipt` template in the customer's language; sent, held back or refused as every record mail
 * is (modules/email/send.ts). Only a succeeded charge has a receipt. It carries its invoice's PDF
 * (`Invoice <number>.pdf`, in the invoice's language), named by reference and made when the mail is handed
 * to the SMTP server (integrations/email/attachments.ts, docs/decisions.md 71); a charge without an issued
 * invoice carries none, and the answer and Email History list no attachment. No link to the back office,
 * which the customer cannot open (templates/mail.ts customerActionUrl).
 */
import { formatDateAs } from '@rentloop/domain/dunning';
import type { EmailSendResult, MailAttachment } from '@rentloop/domain/email';
import type { InvoiceType, TemplateLanguage } from '@rentloop/domain/enums';
import { INVOICE_LABELS } from '@rentloop/domain/invoice-labels';
import { formatMoney } from '@rentloop/domain/money';
import { and, eq } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { invoiceDocuments, invoices, transactions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { dispatchMail, recipientOf, refuseHeld, type SendOptions } from '../email/send.ts';
import { getSettings } from '../settings/sections.ts';
import { companyPlaceholders, customerActionUrl, renderMail } from '../templates/mail.ts';

export const NO_RECEIPT = 'Only a succeeded payment has a receipt.';

/** Sends transaction `id`'s receipt to its customer (404 for another company's or none; 409 unless paid). */
export async function sendReceiptMail(
  ctx: Ctx,
  transact: Transact,
  id: number,
  options: SendOptions,
): Promise<EmailSendResult> {
  const [row] = await ctx.db
    .select({
      tx: transactions,
      invoice_number: invoices.number,
      invoice_type: invoices.type,
      invoice_language: invoices.language,
      document: invoiceDocuments.invoice_id,
    })
    .from(transactions)
    .leftJoin(
      invoices,
      and(eq(invoices.company_id, transactions.company_id), eq(invoices.id, transactions.invoice_id)),
    )
    .leftJoin(
      invoiceDocuments,
      and(eq(invoiceDocuments.company_id, invoices.company_id), eq(invoiceDocuments.invoice_id, invoices.id)),
    )
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, id)));
  if (!row) throw notFound();
  const { tx } = row;
  if (tx.kind !== 'charge' || tx.state !== 'succeeded') throw new AppError('conflict', NO_RECEIPT);
  const recipient = await recipientOf(ctx, Number(tx.customer_id));
  refuseHeld(recipient, options);
  const general = await getSettings(ctx, 'general');
  const { date_format } = general;
  const paidOn = formatDateAs(String(tx.updated_at).slice(0, 10), date_format);
  const mail = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: 'payment_receipt',
    lang: recipient.lang,
    data: {
      customer: { name: recipient.name, email: recipient.email },
      company: await companyPlaceholders(ctx, ctx.companyId),
      payment: {
        amount: formatMoney(tx.amount, tx.currency),
        date: paidOn,
        reference: tx.provider_reference ?? '',
      },
      invoice: { number: row.invoice_number ?? '' },
      // Never the back office: a customer cannot open it; the invoice itself is attached.
      action_url: customerActionUrl(general),
    },
  });
  // An issued invoice (numbered, its document frozen): its PDF, stored or made at delivery.
  const attachments: MailAttachment[] =
    tx.invoice_id && row.invoice_number && row.document !== null
      ? [
          {
            kind: 'invoice_pdf',
            invoice_id: Number(tx.invoice_id),
            filename: invoiceAttachmentName(row.invoice_number, row.invoice_type, row.invoice_language),
          },
        ]
      : [];
  return dispatchMail(
    ctx,
    transact,
    { companyId: ctx.companyId, kind: 'payment_receipt', to: recipient.email, ...mail, attachments },
    options.respondOk,
  );
}

/** `Invoice INV-2026-0001.pdf`: the title of the invoice's type in its language, and its number. */
export function invoiceAttachmentName(
  number: string,
  type: InvoiceType | null,
  language: string | null,
): string {
  const labels =
    INVOICE_LABELS[(language && language in INVOICE_LABELS ? language : 'en') as TemplateLanguage];
  const title = labels.titles[type ?? 'initial'];
  // Safe in any file system and in a mail header: no separators, quotes or control characters.
  return `${title} ${number}.pdf`.replace(/[\\/:*?"<>|]+/g, '-');
}
