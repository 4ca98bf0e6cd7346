/**
 * Mailing an order's confirmation or a quote to its customer (`POST email/send-order`,
 * `POST email/send-draft`), from the company's template of that kind in the customer's language
 * (customers.language; a language without templates falls back as renderMail says). The mail is
 * handed to the SMTP server while the person waits (integrations/email/send-now.ts): the answer is
 * "Email sent." only when it was; otherwise an error saying why, the entry in Email History too.
 */
import type { EmailSendResult } from '@rentloop/domain/email';
import { formatMoney } from '@rentloop/domain/money';
import type { Ctx, Transact } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { companyCurrency } from '../../money.ts';
import { dispatchMail, recipientOf, refuseHeld, type SendOptions } from '../email/send.ts';
import { getSettings } from '../settings/sections.ts';
import { companyPlaceholders, customerActionUrl, renderMail } from '../templates/mail.ts';
import { orderRow } from './records.ts';

export const QUOTE_NOT_A_DRAFT = 'Only a quote (draft order) can be sent as a quote.';
export const ORDER_IS_A_DRAFT = 'A quote has no order confirmation: send it as a quote.';

/**
 * Sends the mail of `kind` for order `id` to its customer: read and rendered on `ctx` (outside any
 * transaction), recorded and settled through `transact` (modules/email/send.ts `dispatchMail`). Not
 * sent: a 502 with the SMTP server's words (refused, unreachable), a 503 without SMTP; the entry stays
 * in Email History with that state. A held-back customer (archived, opted out) answers 409 unless `override`.
 */
export async function sendOrderMail(
  ctx: Ctx,
  transact: Transact,
  id: number,
  kind: 'quote' | 'order_confirmation',
  options: SendOptions = { override: false, respondOk: false },
): Promise<EmailSendResult> {
  const order = await orderRow(ctx, id);
  if (kind === 'quote' && order.status !== 'draft') throw new AppError('conflict', QUOTE_NOT_A_DRAFT);
  if (kind === 'order_confirmation' && order.status === 'draft')
    throw new AppError('conflict', ORDER_IS_A_DRAFT);
  const recipient = await recipientOf(ctx, Number(order.customer_id));
  refuseHeld(recipient, options);
  const total = formatMoney(order.total, await companyCurrency(ctx));
  const document = { number: order.number ?? `Q-${id}`, total };
  const mail = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: kind,
    lang: recipient.lang,
    data: {
      customer: { name: order.customer_name, email: order.customer_email },
      company: await companyPlaceholders(ctx, ctx.companyId),
      ...(kind === 'quote' ? { quote: document } : { order: document }),
      // Never the back office: a customer cannot open it (templates/mail.ts customerActionUrl).
      action_url: customerActionUrl(await getSettings(ctx, 'general')),
    },
  });
  return dispatchMail(
    ctx,
    transact,
    { companyId: ctx.companyId, kind, to: order.customer_email, ...mail },
    options.respondOk,
  );
}
