/**
 * Mailing a payment's receipt to its customer (`POST email/send-transaction`), from the company's
 * `payment_receipt` template in the customer's language; sent, held back or refused as every record mail
 * is (modules/email/send.ts). Only a succeeded charge has a receipt. The invoice PDF is not attached: the
 * mailer carries no attachments (integrations/email/mailer.ts); the mail links to the invoice instead.
 */
import { formatDateAs } from '@rentloop/domain/dunning';
import type { EmailSendResult } from '@rentloop/domain/email';
import { formatMoney } from '@rentloop/domain/money';
import { and, eq } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { invoices, transactions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { dispatchMail, HELD_BACK, recipientOf, type SendOptions } from '../email/send.ts';
import { getSettings } from '../settings/sections.ts';
import { companyPlaceholders, renderMail } from '../templates/mail.ts';

export const NO_RECEIPT = 'Only a succeeded payment has a receipt.';

/** Sends transaction `id`'s receipt to its customer (404 for another company's or none; 409 unless paid). */
export async function sendReceiptMail(
  ctx: Ctx,
  transact: Transact,
  id: number,
  options: SendOptions,
): Promise<EmailSendResult> {
  const [row] = await ctx.db
    .select({ tx: transactions, invoice_number: invoices.number })
    .from(transactions)
    .leftJoin(
      invoices,
      and(eq(invoices.company_id, transactions.company_id), eq(invoices.id, transactions.invoice_id)),
    )
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, id)));
  if (!row) throw notFound();
  const { tx } = row;
  if (tx.kind !== 'charge' || tx.state !== 'succeeded') throw new AppError('conflict', NO_RECEIPT);
  const recipient = await recipientOf(ctx, Number(tx.customer_id));
  if (recipient.held && !options.override) throw new AppError('conflict', HELD_BACK);
  const { date_format } = await getSettings(ctx, 'general');
  const paidOn = formatDateAs(String(tx.updated_at).slice(0, 10), date_format);
  const appUrl = ctx.deps.appUrl ?? '';
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
      action_url: tx.invoice_id
        ? `${appUrl}/cms/invoices/${tx.invoice_id}`
        : `${appUrl}/cms/transactions/${id}`,
    },
  });
  return dispatchMail(
    ctx,
    transact,
    { companyId: ctx.companyId, kind: 'payment_receipt', to: recipient.email, ...mail },
    options.respondOk,
  );
}
